/// The holder's sex (element DBC): "1" male, "2" female, "9" not specified; versions before 04
/// and some jurisdictions write "M"/"F" (and "X" for not specified), which are accepted too.
package enum AAMVASex: String, Sendable, Equatable, Hashable {
    case male
    case female
    case notSpecified

    /// The code of the current standard ("1", "2" or "9").
    package var code: String {
        switch self {
        case .male: return "1"
        case .female: return "2"
        case .notSpecified: return "9"
        }
    }

    /// Reads a DBC value; `isLegacy` tells whether it used a letter.
    static func parse(_ value: String) -> (sex: AAMVASex, isLegacy: Bool)? {
        switch value {
        case "1": return (.male, false)
        case "2": return (.female, false)
        case "9": return (.notSpecified, false)
        case "M": return (.male, true)
        case "F": return (.female, true)
        case "X": return (.notSpecified, true)
        default: return nil
        }
    }
}
