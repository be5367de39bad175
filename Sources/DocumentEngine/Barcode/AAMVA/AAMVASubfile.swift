/// One subfile of an AAMVA file: where the directory said it is, where it was found, its bytes and
/// (when they are text) its data elements.
///
/// DL and ID subfiles always have elements (or the file is rejected). Jurisdiction subfiles ("Z"
/// followed by the jurisdiction's letter) are kept raw: their elements are read when the content
/// is element text, and left empty otherwise.
package struct AAMVASubfile: Sendable, Equatable {
    /// The subfile type from the directory: "DL", "ID" or "Z" + a letter.
    package var type: String
    /// The offset and length the directory declares.
    package var declaredOffset: Int
    package var declaredLength: Int
    /// Where the subfile's content (its elements, after the type) actually is in the payload.
    package var contentRange: Range<Int>
    /// The content bytes (without the type prefix and the segment terminator).
    package var content: [UInt8]
    /// The data elements in file order (empty for a jurisdiction subfile that is not element text).
    package var elements: [AAMVAElement]

    package init(
        type: String, declaredOffset: Int, declaredLength: Int, contentRange: Range<Int>, content: [UInt8],
        elements: [AAMVAElement]
    ) {
        self.type = type
        self.declaredOffset = declaredOffset
        self.declaredLength = declaredLength
        self.contentRange = contentRange
        self.content = content
        self.elements = elements
    }

    /// Whether this is a jurisdiction-specific subfile ("Z…").
    package var isJurisdictionSpecific: Bool { type.hasPrefix("Z") }

    /// The value of element `id`, if present.
    package subscript(id: String) -> String? {
        elements.first { $0.id == id }?.value
    }
}
