/// The classifier's answer for one picture: the kind, the side when it is known, and a confidence.
package struct DocumentClassification: Sendable, Equatable {
    /// The kind of document (``DocumentKind/unknown`` when unsure, ``DocumentKind/notFound`` when
    /// there is none).
    package var kind: DocumentKind
    /// The side shown; nil for ``DocumentKind/unknown`` and ``DocumentKind/notFound``.
    package var side: DocumentSideKind?
    /// How sure the classifier is of `kind` (0...1). For `unknown` it is how sure the engine is that a
    /// document is there (the outline's edge coverage, or a rejected MRZ or keyword score, whichever
    /// is higher); for `notFound`, how clearly nothing document-like was seen.
    package var confidence: Double

    package init(kind: DocumentKind, side: DocumentSideKind?, confidence: Double) {
        self.kind = kind
        self.side = side
        self.confidence = min(1, max(0, confidence))
    }
}
