/// The layout of a machine-readable zone (ICAO 9303).
public enum MrzDocumentType: String, Sendable, Equatable, Codable {
    /// ID-1 card: 3 lines of 30 characters.
    case td1
    /// ID-2 document: 2 lines of 36.
    case td2
    /// Passport data page: 2 lines of 44.
    case td3
    /// Full-size visa: 2 lines of 44.
    case mrvA
    /// Small visa: 2 lines of 36.
    case mrvB
}

/// A date read from the MRZ, with its century resolved.
public struct DateResult: Sendable, Equatable, Hashable, Codable {
    public let day: Int
    public let month: Int
    /// Four-digit year.
    public let year: Int
    /// The six characters as read (YYMMDD).
    public let originalString: String

    init(day: Int, month: Int, year: Int, originalString: String) {
        self.day = day
        self.month = month
        self.year = year
        self.originalString = originalString
    }

    /// ISO 8601 form, `YYYY-MM-DD`.
    public var isoString: String {
        let y = String(year), m = month < 10 ? "0\(month)" : "\(month)", d = day < 10 ? "0\(day)" : "\(day)"
        return "\(y)-\(m)-\(d)"
    }
}

/// Which MRZ check digits agree with their fields.
public struct MrzChecks: Sendable, Equatable, Hashable, Codable {
    public let documentNumber: Bool
    public let dateOfBirth: Bool
    public let dateOfExpiry: Bool
    /// The personal number's check (TD3 only; nil elsewhere).
    public let personalNumber: Bool?
    /// The composite check (TD1, TD2, TD3; nil for visas, which have none).
    public let composite: Bool?

    init(documentNumber: Bool, dateOfBirth: Bool, dateOfExpiry: Bool, personalNumber: Bool?, composite: Bool?) {
        self.documentNumber = documentNumber
        self.dateOfBirth = dateOfBirth
        self.dateOfExpiry = dateOfExpiry
        self.personalNumber = personalNumber
        self.composite = composite
    }

    /// Whether every check that the layout defines passed.
    public var allPassed: Bool {
        documentNumber && dateOfBirth && dateOfExpiry && personalNumber != false && composite != false
    }
}

/// The fields of a machine-readable zone.
public struct MrzResult: Sendable, Equatable, Codable {
    /// The MRZ lines exactly as read (before any repair).
    public let rawLines: [String]
    /// The lines after repairing OCR confusions that made the check digits agree.
    public let correctedLines: [String]
    /// The layout.
    public let documentType: MrzDocumentType
    /// The document code (e.g. `P`, `I`, `ID`, `V`).
    public let documentCode: String
    /// The issuing state or organisation (3 letters).
    public let issuingCountry: String
    /// The document number, fillers removed.
    public let documentNumber: String
    public let dateOfBirth: DateResult?
    public let dateOfExpiry: DateResult?
    /// `M`, `F`, or `<` (unspecified).
    public let sex: String
    /// The holder's nationality (3 letters).
    public let nationality: String
    /// The primary identifier (surname), with spaces for single fillers.
    public let primaryName: String
    /// The secondary identifier (given names).
    public let secondaryName: String
    /// Optional data of line 1 (TD1) or the personal number (TD3), fillers removed.
    public let optionalData1: String
    /// Optional data of line 2 (TD1, TD2).
    public let optionalData2: String
    /// Which checks passed.
    public let checks: MrzChecks
    /// Whether the reading is verified: all check digits agree and every character that no check
    /// digit covers (names, codes, nationality, sex) was read confidently. With
    /// ``BlinkIDSessionSettings/allowUnverifiedResults`` a result may be returned with this false:
    /// then treat every field as unconfirmed (``checks`` says which checks failed, if any).
    public let isVerified: Bool
    /// How sure the recogniser was of each character of ``rawLines`` (0...1, same shape as the
    /// lines): the top candidate's probability for a photo, the mean confidence of the frames that
    /// read the voted character in video. Empty when not known. A check digit that agrees over
    /// characters of low confidence is weaker evidence than one over characters read surely.
    public let characterConfidences: [[Float]]

    init(
        rawLines: [String], correctedLines: [String], documentType: MrzDocumentType, documentCode: String,
        issuingCountry: String, documentNumber: String, dateOfBirth: DateResult?, dateOfExpiry: DateResult?,
        sex: String, nationality: String, primaryName: String, secondaryName: String, optionalData1: String,
        optionalData2: String, checks: MrzChecks, characterConfidences: [[Float]] = [], isVerified: Bool? = nil
    ) {
        self.rawLines = rawLines
        self.correctedLines = correctedLines
        self.documentType = documentType
        self.documentCode = documentCode
        self.issuingCountry = issuingCountry
        self.documentNumber = documentNumber
        self.dateOfBirth = dateOfBirth
        self.dateOfExpiry = dateOfExpiry
        self.sex = sex
        self.nationality = nationality
        self.primaryName = primaryName
        self.secondaryName = secondaryName
        self.optionalData1 = optionalData1
        self.optionalData2 = optionalData2
        self.checks = checks
        self.characterConfidences = characterConfidences
        self.isVerified = isVerified ?? checks.allPassed
    }
}
