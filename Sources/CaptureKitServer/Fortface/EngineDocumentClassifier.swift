package import CaptureCore
package import DocumentClassification

/// The document engine's classifier (target `DocumentClassification`) behind the API's
/// ``DocumentClassifying``, with its kinds mapped to the guide's `DocumentTypeEnum` names.
package struct EngineDocumentClassifier: DocumentClassifying {
    private let classifier: DocumentClassifier

    /// Loads the engine (its MRZ recogniser resources).
    package init() throws {
        classifier = try DocumentClassifier()
    }

    package func classify(_ image: RGBAImage) throws -> DocumentClassificationAnswer {
        Self.answer(for: try classifier.classify(image))
    }

    /// The guide's name for an engine answer: passport → PASSPORT; RG and CNH by side; ID cards, visas
    /// (no `DocumentTypeEnum` name), unknown kinds and an RG or CNH without a side → UNDEFINED;
    /// notFound → DOC_NOT_FOUND. The engine already turns low-confidence answers into `unknown`.
    package static func answer(for classification: DocumentClassification) -> DocumentClassificationAnswer {
        let type: DocumentTypeName
        switch (classification.kind, classification.side) {
        case (.passport, _): type = .passport
        case (.rg, .front): type = .rgFront
        case (.rg, .back): type = .rgBack
        case (.cnh, .front): type = .cnhFront
        case (.cnh, .back): type = .cnhBack
        case (.notFound, _): type = .documentNotFound
        case (.rg, nil), (.cnh, nil), (.idCard, _), (.visa, _), (.unknown, _): type = .undefined
        }
        return DocumentClassificationAnswer(type: type, confidence: classification.confidence)
    }
}
