package import DocumentEngine

/// A generated AAMVA file: its bytes and what a correct parser must read from them.
package struct GeneratedAAMVAPayload: Sendable, Equatable {
    /// The payload, as it goes into the PDF417 symbol.
    package var bytes: [UInt8]
    /// The AAMVA version (1...10).
    package var version: Int
    /// "DL" or "ID".
    package var documentType: AAMVARecord.DocumentType
    /// The issuing jurisdiction's two-letter code.
    package var jurisdiction: String
    /// The elements of the DL/ID subfile, in file order, values as written (padding included).
    package var elements: [AAMVAElement]
    /// The typed fields the elements stand for.
    package var fields: AAMVAFields
    /// The jurisdiction subfile's type ("Z" + a letter) and its content bytes.
    package var jurisdictionSubfileType: String
    package var jurisdictionSubfileContent: [UInt8]

    package init(
        bytes: [UInt8], version: Int, documentType: AAMVARecord.DocumentType, jurisdiction: String,
        elements: [AAMVAElement], fields: AAMVAFields, jurisdictionSubfileType: String,
        jurisdictionSubfileContent: [UInt8]
    ) {
        self.bytes = bytes
        self.version = version
        self.documentType = documentType
        self.jurisdiction = jurisdiction
        self.elements = elements
        self.fields = fields
        self.jurisdictionSubfileType = jurisdictionSubfileType
        self.jurisdictionSubfileContent = jurisdictionSubfileContent
    }

    /// The payload as text (AAMVA payloads are ASCII), for printing in test failures.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
