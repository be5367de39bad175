import DocumentEngine

/// Writes seeded, realistic AAMVA DL/ID files of versions 01 to 10, with the fields they stand for.
///
/// Each file has a textbook header ("@", LF, RS, CR, "ANSI ", the jurisdiction's issuer
/// identification number, version, jurisdiction version from 02 on, two entries), a DL or ID
/// subfile and a jurisdiction subfile ("Z" + letter), with exact offsets and lengths. The DL/ID
/// elements follow the version's data dictionary:
/// - version 01: DAA full name ("FAMILY,FIRST,MIDDLE") or DAB/DAC/DAD, DAR/DAS/DAT, sex M/F, height
///   in feet and inches ("510"), dates CCYYMMDD, organ donor DBH;
/// - versions 02-03: DCS family name, DCT given names, DCA/DCB/DCD, DCF, DCG, DCK; dates MMDDCCYY in
///   the USA, CCYYMMDD in Canada; heights "068 in" / "175 cm";
/// - versions 04 and later: DCS/DAC/DAD with the DDE/DDF/DDG truncation flags (long names are cut
///   to the 40-character field and flagged "T"), DDA...DDD; 05+: DDH...DDJ; 06+: DDK; 07+: DDL;
///   09+: sex code 9 possible.
/// Fixed-length values are space-padded as cards do (the fields hold them without padding).
/// Same seed, same bytes.
package struct AAMVAPayloadGenerator: Sendable {
    /// A jurisdiction the generator can issue for.
    struct Jurisdiction {
        var code: String
        var issuerIdentificationNumber: String
        var country: AAMVACountry
        var cities: [String]
    }

    static let jurisdictions: [Jurisdiction] = [
        Jurisdiction(
            code: "VA", issuerIdentificationNumber: "636000", country: .unitedStates, cities: ["RICHMOND", "NORFOLK"]),
        Jurisdiction(
            code: "NY", issuerIdentificationNumber: "636001", country: .unitedStates, cities: ["ALBANY", "BUFFALO"]),
        Jurisdiction(code: "MD", issuerIdentificationNumber: "636003", country: .unitedStates, cities: ["BALTIMORE"]),
        Jurisdiction(code: "SC", issuerIdentificationNumber: "636005", country: .unitedStates, cities: ["COLUMBIA"]),
        Jurisdiction(
            code: "FL", issuerIdentificationNumber: "636010", country: .unitedStates, cities: ["TAMPA", "MIAMI"]),
        Jurisdiction(
            code: "CA", issuerIdentificationNumber: "636014", country: .unitedStates,
            cities: ["SACRAMENTO", "SAN DIEGO"]),
        Jurisdiction(
            code: "TX", issuerIdentificationNumber: "636015", country: .unitedStates, cities: ["AUSTIN", "EL PASO"]),
        Jurisdiction(code: "OH", issuerIdentificationNumber: "636023", country: .unitedStates, cities: ["COLUMBUS"]),
        Jurisdiction(
            code: "PA", issuerIdentificationNumber: "636025", country: .unitedStates, cities: ["HARRISBURG", "ERIE"]),
        Jurisdiction(
            code: "ON", issuerIdentificationNumber: "636012", country: .canada, cities: ["TORONTO", "OTTAWA"]),
        Jurisdiction(code: "NB", issuerIdentificationNumber: "636017", country: .canada, cities: ["MONCTON"]),
        Jurisdiction(
            code: "BC", issuerIdentificationNumber: "636028", country: .canada, cities: ["VICTORIA", "KELOWNA"]),
    ]

    static let familyNames = [
        "SMITH", "JOHNSON", "WILLIAMS", "GARCIA", "NGUYEN", "O'BRIEN", "MACDONALD", "TREMBLAY", "GAGNON",
        "VAN DER BERG", "LEE", "PATEL", "KOWALSKI", "ROBINSON-HALL", "DE LA CRUZ", "WASHINGTON", "ST. PIERRE",
    ]
    static let longFamilyNames = [
        "MONTGOMERY-FITZWILLIAM-ABERCROMBIE-SINCLAIR", "WOLFESCHLEGELSTEINHAUSENBERGERDORFF-SCHMIDT",
        "VANDERHOEVEN-OPPENHEIMER-KASTELLANOS-REYNOLDS",
    ]
    static let firstNames = [
        "JAMES", "MARY", "ROBERT", "PATRICIA", "MICHAEL", "JENNIFER", "DAVID", "LINDA", "JOSE", "MARIE-CLAUDE",
        "CHLOE", "LIAM", "NOAH", "OLIVIA", "AIKO", "MOHAMMED", "JEAN-FRANCOIS",
    ]
    static let middleNames = ["ANN", "LEE", "MARIE", "JOHN", "Q", "ELIZABETH", "RAY", "ANTHONY,PAUL", "J"]
    static let streets = ["MAIN ST", "OAK AVE", "WEST BROAD STREET", "LAKESHORE BLVD W", "RUE SAINT-DENIS", "ELM DR"]

    /// Same seed, same payload.
    package init() {}

    /// The payload of `seed` in `version` (nil: a version drawn from 1...10).
    package func generate(seed: UInt64, version: Int? = nil) -> GeneratedAAMVAPayload {
        var random = SeededGenerator(seed: seed)
        return generate(version: version, using: &random)
    }

    /// A payload drawn from `random`: the header's choices, then the DL/ID subfile's elements
    /// section by section (identity, privileges, dates, physical description, address, document),
    /// then the jurisdiction subfile and the header with its offsets. The order of the draws is
    /// the payload's identity: same seed, same bytes.
    package func generate(version requested: Int? = nil, using random: inout SeededGenerator) -> GeneratedAAMVAPayload {
        let version = min(10, max(1, requested ?? random.integer(in: 1...10)))
        let jurisdiction = random.pick(Self.jurisdictions)
        let isID = random.chance(0.2)
        var draft = Draft(version: version, jurisdiction: jurisdiction)
        draft.addIdentity(using: &random)
        if !isID { draft.addPrivileges(using: &random) }
        let birth = draft.addDates(using: &random)
        draft.addPhysicalDescription(using: &random)
        draft.addAddress(using: &random)
        draft.addDocumentElements(birth: birth, using: &random)
        return draft.assemble(documentType: isID ? .identificationCard : .driverLicence, using: &random)
    }

    // MARK: - Values

    static func date(years: ClosedRange<Int>, using random: inout SeededGenerator) -> AAMVADate {
        let year = random.integer(in: years), month = random.integer(in: 1...12)
        return AAMVADate(
            year: year, month: month, day: random.integer(in: 1...AAMVADate.daysIn(month: month, year: year)))!
    }

    static func customerNumber(for jurisdiction: String, using random: inout SeededGenerator) -> String {
        switch jurisdiction {
        case "VA", "MD", "CA", "FL":
            let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(random.integer(in: 0...25))))
            return letter + digitsString(count: jurisdiction == "FL" ? 12 : 8, using: &random)
        case "ON":
            let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(random.integer(in: 0...25))))
            return letter + digitsString(count: 4, using: &random) + "-" + digitsString(count: 5, using: &random)
                + "-" + digitsString(count: 5, using: &random)
        default:
            return digitsString(count: random.integer(in: 7...9), using: &random)
        }
    }

    static func canadianPostalCode(using random: inout SeededGenerator) -> String {
        func letter() -> String { String(UnicodeScalar(UInt8(ascii: "A") + UInt8(random.integer(in: 0...25)))) }
        func digit() -> String { String(random.integer(in: 0...9)) }
        return letter() + digit() + letter() + " " + digit() + letter() + digit()
    }

    static func digitsString(count: Int, using random: inout SeededGenerator) -> String {
        String((0..<count).map { _ in Character(String(random.integer(in: 0...9))) })
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    static func fiveDigits(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 5 - s.count)) + s
    }
    static func fourDigits(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
