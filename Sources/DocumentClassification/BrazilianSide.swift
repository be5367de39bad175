/// The four Brazilian document sides the OCR path tells apart.
package enum BrazilianSide: String, Sendable, CaseIterable {
    case rgFront, rgBack, cnhFront, cnhBack

    /// The classifier's kind and side for this one.
    package var classification: (kind: DocumentKind, side: DocumentSideKind) {
        switch self {
        case .rgFront: return (.rg, .front)
        case .rgBack: return (.rg, .back)
        case .cnhFront: return (.cnh, .front)
        case .cnhBack: return (.cnh, .back)
        }
    }
}
