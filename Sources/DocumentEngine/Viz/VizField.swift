/// A field printed in the visual inspection zone (VIZ) of a document side.
///
/// The raw values name the fields in layouts (`viz-layouts.json`), results and `capkit scan --json`.
package enum VizField: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Family name (ICAO primary identifier), as printed, diacritics included.
    case primaryName
    /// Given names (ICAO secondary identifier).
    case secondaryName
    /// Full name on one line (layouts that print it so).
    case fullName
    case documentNumber
    case dateOfBirth
    case dateOfIssue
    case dateOfExpiry
    /// M, F or X as printed.
    case sex
    case nationality
    case placeOfBirth
    case issuingAuthority
    case address
    /// Driving licence class (AAMVA field 9).
    case licenceClass
    /// Driving licence restrictions (AAMVA field 12).
    case restrictions
    /// Driving licence endorsements (AAMVA field 9a).
    case endorsements

    /// How a value of the field is checked and normalised.
    package enum Kind: Sendable, Equatable {
        /// Letters, spaces, hyphens and apostrophes (names, places).
        case name
        /// A calendar date in one of the printed formats (``VizDateParser``).
        case date
        /// Letters and digits without spaces (document numbers).
        case code
        /// One of M, F, X.
        case sex
        /// Free text (authority, address, class, restrictions).
        case text

        /// The characters a value of the kind may hold (the recogniser's whitelist), or nil for any:
        /// names the upper-case Latin letters with their diacritics, space, hyphen (and the dashes a
        /// recogniser may take it for, read back as a hyphen) and apostrophes;
        /// codes A–Z and 0–9; dates the digits, separators and the plain letters of the month names
        /// ``VizDateParser`` knows (it folds accents: `AOUT` is `AOÛT`); sex M, F, X.
        package var characters: String? {
            switch self {
            case .name: return Self.latinCapitals + " -'’‐–"
            case .code: return "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            case .date: return "0123456789 ./-" + VizDateParser.monthLetters
            case .sex: return "MFX"
            case .text: return nil
            }
        }

        /// A–Z and the accented capitals of the Latin alphabets names are printed in (ß for German
        /// names printed in capitals).
        static let latinCapitals =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞŸĀĂĄĆČĎĐĒĖĘĚĞĢĪĮİĶĹĻĽŁŃŅŇŌŐŒŔŘŚŞŠŢŤŪŮŰŲŹŻŽßẞ"
    }

    /// The characters the field's value may hold (the recogniser's whitelist), or nil for any: the
    /// kind's (``Kind/characters``), except for the licence codes (class, restrictions,
    /// endorsements: `C`, `CM`, `A`, `NONE`), which are capitals, digits, space and hyphen.
    package var characters: String? {
        isLicenceCode ? Self.licenceCodeCharacters : kind.characters
    }

    /// The characters of a licence code.
    static let licenceCodeCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"

    /// Whether the field holds a licence code (``characters`` is ``licenceCodeCharacters``).
    package var isLicenceCode: Bool { self == .licenceClass || self == .restrictions || self == .endorsements }

    /// How the field's value is checked.
    package var kind: Kind {
        switch self {
        case .primaryName, .secondaryName, .fullName, .placeOfBirth: return .name
        case .dateOfBirth, .dateOfIssue, .dateOfExpiry: return .date
        case .documentNumber: return .code
        case .sex: return .sex
        case .nationality, .issuingAuthority, .address, .licenceClass, .restrictions, .endorsements: return .text
        }
    }

    package static func < (lhs: VizField, rhs: VizField) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
