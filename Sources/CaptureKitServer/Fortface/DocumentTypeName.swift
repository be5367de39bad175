/// The guide's `DocumentTypeEnum` raw names, as the API answers them, and which second side goes with
/// which first side.
package enum DocumentTypeName: String, Sendable, CaseIterable, Codable {
    case rgFront = "RG_FRONT"
    case cnhFront = "CNH_FRONT"
    case rgBack = "RG_BACK"
    case cnhBack = "CNH_BACK"
    case undefined = "UNDEFINED"
    case documentNotFound = "DOC_NOT_FOUND"
    case passport = "PASSPORT"

    /// Whether the classifier was sure of a type (not UNDEFINED, not DOC_NOT_FOUND).
    package var isDefinite: Bool { self != .undefined && self != .documentNotFound }

    /// Whether `back` may be the second side of a document whose first side is `self`: the matching
    /// back of an RG or CNH; anything when the first side is UNDEFINED; and an unsure second side is
    /// never a contradiction.
    package func accepts(secondSide back: DocumentTypeName) -> Bool {
        guard back.isDefinite else { return true }
        switch self {
        case .rgFront: return back == .rgBack
        case .cnhFront: return back == .cnhBack
        case .undefined: return true
        case .rgBack, .cnhBack, .documentNotFound, .passport: return false
        }
    }
}
