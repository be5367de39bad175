package import CaptureCore

/// What the API needs from the document engine: the type of the document in an image.
package protocol DocumentClassifying: Sendable {
    /// Classifies a decoded image.
    func classify(_ image: RGBAImage) throws -> DocumentClassificationAnswer
}

/// A classification as the API answers it.
package struct DocumentClassificationAnswer: Sendable, Equatable {
    /// The `DocumentTypeEnum` name.
    package var type: DocumentTypeName
    /// 0...1.
    package var confidence: Double

    package init(type: DocumentTypeName, confidence: Double) {
        self.type = type
        self.confidence = min(1, max(0, confidence))
    }
}
