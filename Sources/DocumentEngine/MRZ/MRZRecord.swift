/// The fields of a machine-readable zone, after OCR-confusion repair, with the outcome of every
/// check digit.
///
/// Built by ``MRZParser/parse(_:today:)``. Text fields have their fillers removed; ``rawLines`` keep
/// the input exactly as given and ``correctedLines`` the lines after the ``repairs``.
package struct MRZRecord: Sendable, Equatable, Codable {
    /// The layout.
    package let format: MRZFormat
    /// The lines exactly as given to the parser.
    package let rawLines: [String]
    /// The lines after the ``repairs``; the fields below are read from these.
    package let correctedLines: [String]
    /// The document code without fillers (`P`, `I`, `ID`, `AC`, `V`, ...).
    package let documentCode: String
    /// The issuing state or organisation without fillers (`UTO`, `D`).
    package let issuingCountry: String
    /// The document number without fillers; TD1/TD2 numbers longer than 9 characters are joined
    /// with their continuation from the optional data (ICAO 9303 part 5 and 6).
    package let documentNumber: String
    /// The date of birth, nil when the six characters are not a valid date.
    package let dateOfBirth: MRZDate?
    /// The date of expiry, nil when the six characters are not a valid date.
    package let dateOfExpiry: MRZDate?
    /// The sex as read: `M`, `F`, `<` (unspecified) or `X`; any other character is kept as read.
    package let sex: String
    /// The holder's nationality without fillers.
    package let nationality: String
    /// The primary identifier (surname): single fillers become spaces, trailing fillers are trimmed.
    package let primaryName: String
    /// The secondary identifier (given names), same rules; empty when the name has no `<<`.
    package let secondaryName: String
    /// Optional data of line 1 (TD1, after a long document number's continuation) or the personal
    /// number (TD3), fillers removed; empty elsewhere.
    package let optionalData1: String
    /// Optional data of line 2 (TD1, TD2 after a long number's continuation, MRV-A, MRV-B), fillers
    /// removed; empty for TD3.
    package let optionalData2: String
    /// Which checks passed.
    package let checks: MRZChecks
    /// The characters changed to repair OCR confusions, in line and column order.
    package let repairs: [MRZRepair]

    package init(
        format: MRZFormat, rawLines: [String], correctedLines: [String], documentCode: String,
        issuingCountry: String, documentNumber: String, dateOfBirth: MRZDate?, dateOfExpiry: MRZDate?,
        sex: String, nationality: String, primaryName: String, secondaryName: String,
        optionalData1: String, optionalData2: String, checks: MRZChecks, repairs: [MRZRepair]
    ) {
        self.format = format
        self.rawLines = rawLines
        self.correctedLines = correctedLines
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
        self.repairs = repairs
    }

    /// Whether every check digit the layout defines agrees.
    package var allChecksPassed: Bool { checks.allPassed }
}
