/// The layouts of a machine-readable zone defined by ICAO 9303 parts 4 to 7.
///
/// | format | document | lines | characters |
/// | --- | --- | --- | --- |
/// | ``td1`` | ID-1 card (part 5) | 3 | 30 |
/// | ``td2`` | ID-2 document (part 6) | 2 | 36 |
/// | ``td3`` | passport data page (part 4) | 2 | 44 |
/// | ``mrvA`` | full-size visa (part 7) | 2 | 44 |
/// | ``mrvB`` | small visa (part 7) | 2 | 36 |
package enum MRZFormat: String, Sendable, CaseIterable, Codable {
    /// ID-1 card: 3 lines of 30 characters.
    case td1
    /// ID-2 document: 2 lines of 36 characters.
    case td2
    /// Passport data page (ID-3): 2 lines of 44 characters.
    case td3
    /// Full-size visa: 2 lines of 44 characters, document code starting with `V`.
    case mrvA
    /// Small visa: 2 lines of 36 characters, document code starting with `V`.
    case mrvB

    /// The number of lines of this layout.
    package var lineCount: Int {
        switch self {
        case .td1: 3
        case .td2, .td3, .mrvA, .mrvB: 2
        }
    }

    /// The number of characters in every line of this layout.
    package var lineLength: Int {
        switch self {
        case .td1: 30
        case .td2, .mrvB: 36
        case .td3, .mrvA: 44
        }
    }

    /// Whether the layout is a visa's (visas have no composite check digit).
    package var isVisa: Bool {
        self == .mrvA || self == .mrvB
    }

    /// The letters a document code of this layout may start with: `P` for a passport (part 4),
    /// `A`, `C` or `I` for an ID-1 or ID-2 card (parts 5 and 6), `V` for a visa (part 7).
    package var documentCodeFirstLetters: Set<Character> {
        switch self {
        case .td1, .td2: ["A", "C", "I"]
        case .td3: ["P"]
        case .mrvA, .mrvB: ["V"]
        }
    }
}
