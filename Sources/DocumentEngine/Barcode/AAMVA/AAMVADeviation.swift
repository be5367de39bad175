/// A departure from the letter of the AAMVA standard that real cards show and the parser accepted.
/// Recorded on the ``AAMVARecord`` so that callers can tell a textbook file from a repaired one.
package enum AAMVADeviation: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The header's separators are not exactly LF, RS, CR (missing ones, FS instead of RS, ...).
    case headerSeparators
    /// The file type is "AAMVA" instead of "ANSI ".
    case legacyFileType
    /// A subfile was not at its declared offset and was found nearby.
    case subfileOffset
    /// The DL/ID subfile does not start with its type ("DL"/"ID"); its first element follows the directory.
    case missingSubfileType
    /// A subfile's declared length is off by a few bytes.
    case subfileLength
    /// Elements are separated by CR or CR LF instead of LF.
    case carriageReturnSeparators
    /// The last subfile does not end with the segment terminator CR.
    case missingSegmentTerminator
    /// A date is written in the other country's order (CCYYMMDD where MMDDCCYY was due, or back).
    case dateOrder
    /// An element uses a value spelling from older versions or common practice ("M"/"F" for sex,
    /// "BRN" for brown, a height without its unit, ...).
    case legacyValue
    /// An element name of another AAMVA version was used (for example DCT given names in version 08).
    case legacyElement

    /// What the deviation means, in a sentence (no values).
    package var explanation: String {
        switch self {
        case .headerSeparators: return "The header's separators are not LF, RS, CR."
        case .legacyFileType: return "The file type is the older 'AAMVA' instead of 'ANSI '."
        case .subfileOffset: return "A subfile is not at the offset its designator declares; it was found elsewhere."
        case .missingSubfileType:
            return "The DL/ID subfile does not start with its type; its elements follow the directory."
        case .subfileLength: return "A subfile's declared length is off by a few bytes."
        case .carriageReturnSeparators: return "Elements are separated by CR or CR LF instead of LF."
        case .missingSegmentTerminator: return "The last subfile does not end with CR."
        case .dateOrder: return "A date is written in the other country's order."
        case .legacyValue: return "A value uses a spelling of an older version or of common practice."
        case .legacyElement: return "An element name of another AAMVA version was used."
        }
    }
}
