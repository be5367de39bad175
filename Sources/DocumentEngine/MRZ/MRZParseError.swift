/// Why lines could not be parsed as a machine-readable zone.
///
/// Descriptions name line and column numbers and lengths only, never the characters read: MRZ text
/// is personal data and must not reach logs.
package enum MRZParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No lines were given.
    case noLines
    /// The number of lines is not 2 or 3.
    case unsupportedLineCount(Int)
    /// A line (counted from 0) has a length that no layout uses, or differs from the other lines.
    case unsupportedLineLength(line: Int, length: Int)
    /// A line (counted from 0) holds a lower-case letter at `column`.
    case lowercaseCharacter(line: Int, column: Int)
    /// A line (counted from 0) holds a character outside `A-Z`, `0-9` and `<` at `column`.
    case characterOutsideAlphabet(line: Int, column: Int)

    package var description: String {
        switch self {
        case .noLines:
            return "No MRZ lines were given; pass the 2 or 3 lines of the machine-readable zone."
        case .unsupportedLineCount(let count):
            return "\(count) lines were given; a machine-readable zone has 3 lines (TD1) or 2 lines "
                + "(TD2, TD3, visas). Pass exactly the zone's lines, in order."
        case .unsupportedLineLength(let line, let length):
            return "Line \(line + 1) has \(length) characters; the lines must all have 30 (TD1, 3 lines), "
                + "36 (TD2, MRV-B) or 44 (TD3, MRV-A) characters. Re-read the zone."
        case .lowercaseCharacter(let line, let column):
            return "Line \(line + 1) has a lower-case letter at column \(column + 1); MRZ text is upper case. "
                + "Upper-case the OCR output or fix the recogniser's alphabet."
        case .characterOutsideAlphabet(let line, let column):
            return "Line \(line + 1) has a character outside the MRZ alphabet (A-Z, 0-9, <) at column "
                + "\(column + 1). Remove separators and whitespace, or re-read the zone."
        }
    }
}
