/// What a field may hold, which decides how OCR confusions in it are repaired.
enum MRZCharacterClass: Sendable, Equatable {
    /// Digits (and `<` as a filler): dates, check digits.
    case numeric
    /// Letters and `<`: names, country codes, document codes.
    case alphabetic
    /// Letters, digits and `<`: document numbers, optional data.
    case alphanumeric

    /// Whether `byte` can stand in a field of this class.
    func allows(_ byte: UInt8) -> Bool {
        switch self {
        case .numeric: MRZText.isDigit(byte) || byte == MRZText.filler
        case .alphabetic: MRZText.isLetter(byte) || byte == MRZText.filler
        case .alphanumeric: true
        }
    }
}
