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

    /// A payload drawn from `random`.
    package func generate(version requested: Int? = nil, using random: inout SeededGenerator) -> GeneratedAAMVAPayload {
        let version = min(10, max(1, requested ?? random.integer(in: 1...10)))
        let j = random.pick(Self.jurisdictions)
        let isID = random.chance(0.2)
        let order: AAMVADate.Order = version == 1 || j.country == .canada ? .yearMonthDay : .monthDayYear
        var elements: [AAMVAElement] = []
        var f = AAMVAFields()
        func add(_ id: String, _ value: String) { elements.append(AAMVAElement(id: id, value: value)) }
        func padded(_ s: String, _ width: Int) -> String {
            s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
        }

        // Identity.
        let customerID = Self.customerNumber(for: j.code, using: &random)
        add("DAQ", customerID)
        f.customerID = customerID
        let longName = version >= 4 && random.chance(0.25)
        let family = longName ? random.pick(Self.longFamilyNames) : random.pick(Self.familyNames)
        let first = random.pick(Self.firstNames)
        // DAA (version 01) separates its parts with commas, so its middle name has none.
        let middleChoices = version == 1 ? Self.middleNames.filter { !$0.contains(",") } : Self.middleNames
        let middle: String? = random.chance(0.75) ? random.pick(middleChoices) : nil
        switch version {
        case 1:
            if random.chance(0.6) {
                let full = "\(family),\(first),\(middle ?? "")"
                add("DAA", full)
                f.fullName = full
            } else {
                add("DAB", family)
                add("DAC", first)
                if let middle { add("DAD", middle) }
            }
            f.familyName = AAMVAName(family)
            f.firstName = AAMVAName(first)
            f.middleName = middle.map { AAMVAName($0) }
        case 2, 3:
            add("DCS", family)
            // DCT is split at its first comma, else its first space: a middle name with a comma needs commas.
            let commaSeparated = random.chance(0.5) || middle?.contains(",") == true
            let given = middle.map { "\(first)\(commaSeparated ? "," : " ")\($0)" } ?? first
            add("DCT", given)
            f.familyName = AAMVAName(family)
            f.givenNames = given
            f.firstName = AAMVAName(first)
            f.middleName = middle.map { AAMVAName($0) }
        default:
            let familyField = String(family.prefix(40))
            let familyFlag: AAMVAName.Truncation =
                family.count > 40 ? .truncated : (random.chance(0.1) ? .unknown : .notTruncated)
            add("DCS", familyField)
            add("DDE", familyFlag.rawValue)
            add("DAC", first)
            add("DDF", AAMVAName.Truncation.notTruncated.rawValue)
            add("DAD", middle ?? "NONE")
            add("DDG", AAMVAName.Truncation.notTruncated.rawValue)
            f.familyName = AAMVAName(familyField, truncation: familyFlag)
            f.firstName = AAMVAName(first, truncation: .notTruncated)
            f.middleName = AAMVAName(middle ?? "NONE", truncation: .notTruncated)
        }
        if random.chance(0.15) {
            let suffix = random.pick(["JR", "SR", "III"])
            add(version == 1 ? "DAE" : "DCU", suffix)
            f.nameSuffix = suffix
        }

        // Privileges.
        if !isID {
            let vehicleClass = random.pick(["D", "C", "G", "B", "M", "5"])
            let restrictions = random.pick(["NONE", "B", "A", "BK"])
            let endorsements = random.pick(["NONE", "M", "H", "PH"])
            let ids = version == 1 ? ["DAR", "DAS", "DAT"] : ["DCA", "DCB", "DCD"]
            add(ids[0], padded(vehicleClass, random.chance(0.5) ? 4 : 0))
            add(ids[1], padded(restrictions, random.chance(0.5) ? 12 : 0))
            add(ids[2], padded(endorsements, random.chance(0.5) ? 5 : 0))
            f.vehicleClass = vehicleClass
            f.restrictions = restrictions
            f.endorsements = endorsements
        }

        // Dates.
        let birth = Self.date(years: 1938...2008, using: &random)
        let issue = Self.date(years: 2012...2025, using: &random)
        let expiry = AAMVADate(
            year: issue.year + random.integer(in: 4...8), month: birth.month, day: min(birth.day, 28))!
        add("DBA", expiry.digits(order))
        add("DBB", birth.digits(order))
        add("DBD", issue.digits(order))
        f.dateOfExpiry = expiry
        f.dateOfBirth = birth
        f.dateOfIssue = issue

        // Physical description.
        let sex: AAMVASex = version >= 9 && random.chance(0.05) ? .notSpecified : (random.chance(0.5) ? .male : .female)
        add("DBC", version == 1 ? (sex == .male ? "M" : "F") : sex.code)
        f.sex = sex
        let inches = random.integer(in: 58...78)
        if version == 1 {
            add("DAU", "\(inches / 12)\(inches % 12 < 10 ? "0" : "")\(inches % 12)")
            f.height = AAMVAHeight(value: inches, unit: .inches)
        } else if j.country == .canada {
            let cm = Int((Double(inches) * 2.54).rounded())
            add("DAU", "\(cm) cm")
            f.height = AAMVAHeight(value: cm, unit: .centimetres)
        } else {
            add("DAU", "0\(inches) in")
            f.height = AAMVAHeight(value: inches, unit: .inches)
        }
        let eye = random.pick(AAMVAEyeColour.allCases.filter { $0 != .unknown })
        add("DAY", eye.rawValue)
        f.eyeColour = eye
        if random.chance(0.6) {
            let hair = random.pick(AAMVAHairColour.allCases.filter { $0 != .unknown })
            add("DAZ", hair.rawValue)
            f.hairColour = hair
        }
        if random.chance(0.5) {
            let pounds = random.integer(in: 95...290)
            add("DAW", pounds < 100 ? "0\(pounds)" : "\(pounds)")
            f.weightPounds = pounds
        }

        // Address.
        let street = "\(random.integer(in: 1...9999)) \(random.pick(Self.streets))"
        let city = random.pick(j.cities)
        let postal =
            j.country == .canada
            ? Self.canadianPostalCode(using: &random)
            : Self.fiveDigits(random.integer(in: 501...99950)) + (random.chance(0.5) ? "0000" : "")
        add("DAG", street)
        var address = AAMVAAddress(street1: street, city: city, jurisdiction: j.code, postalCode: postal)
        if random.chance(0.15) {
            let unit = "APT \(random.integer(in: 1...40))"
            add("DAH", unit)
            address.street2 = unit
        }
        add("DAI", city)
        add("DAJ", j.code)
        add("DAK", padded(postal, 11))
        f.address = address

        // Document (versions 02 and later).
        if version >= 2 {
            let discriminator = Self.digitsString(count: random.integer(in: 10...20), using: &random)
            add("DCF", discriminator)
            add("DCG", j.country.rawValue)
            f.documentDiscriminator = discriminator
            f.country = j.country
            if random.chance(0.6) {
                let inventory = Self.digitsString(count: 12, using: &random)
                add("DCK", inventory)
                f.inventoryControlNumber = inventory
            }
        }
        if version >= 4 {
            let compliance: AAMVAComplianceType = random.chance(0.7) ? .fullyCompliant : .nonCompliant
            add("DDA", compliance.rawValue)
            f.complianceType = compliance
            let revision = Self.date(years: 2009...2020, using: &random)
            add("DDB", revision.digits(order))
            f.cardRevisionDate = revision
            if random.chance(0.3) {
                add("DDD", "1")
                f.isLimitedDuration = true
            }
        }
        if version >= 5 {
            for (id, years) in [("DDH", 18), ("DDI", 19), ("DDJ", 21)] {
                let until = AAMVADate(year: birth.year + years, month: birth.month, day: min(birth.day, 28))!
                add(id, until.digits(order))
                switch id {
                case "DDH": f.under18Until = until
                case "DDI": f.under19Until = until
                default: f.under21Until = until
                }
            }
        }
        if version >= 6, random.chance(0.4) {
            add("DDK", "1")
            f.isOrganDonor = true
        } else if version == 1, random.chance(0.4) {
            add("DBH", "1")
            f.isOrganDonor = true
        }
        if version >= 7, random.chance(0.1) {
            add("DDL", "1")
            f.isVeteran = true
        }

        // The jurisdiction subfile.
        let zType = "Z" + String(j.code.prefix(1))
        var zElements: [String] = []
        for k in 0..<random.integer(in: 1...3) {
            let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(k)))
            zElements.append(zType + letter + Self.digitsString(count: random.integer(in: 2...10), using: &random))
        }
        let documentType: AAMVARecord.DocumentType = isID ? .identificationCard : .driverLicence
        let documentBody =
            Array(documentType.rawValue.utf8) + Array(elements.map { $0.id + $0.value }.joined(separator: "\n").utf8)
            + [0x0D]
        let zContent = Array(zElements.joined(separator: "\n").utf8)
        let zBody = Array(zType.utf8) + zContent + [0x0D]

        var header =
            Array("@\n\u{1E}\rANSI ".utf8) + Array(j.issuerIdentificationNumber.utf8)
            + Array(Self.twoDigits(version).utf8)
        if version >= 2 { header += Array(Self.twoDigits(random.integer(in: 0...9)).utf8) }
        header += Array("02".utf8)
        let firstOffset = header.count + 20
        header += Array(
            (documentType.rawValue + Self.fourDigits(firstOffset) + Self.fourDigits(documentBody.count)).utf8)
        header += Array((zType + Self.fourDigits(firstOffset + documentBody.count) + Self.fourDigits(zBody.count)).utf8)
        return GeneratedAAMVAPayload(
            bytes: header + documentBody + zBody, version: version, documentType: documentType, jurisdiction: j.code,
            elements: elements, fields: f, jurisdictionSubfileType: zType, jurisdictionSubfileContent: zContent)
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
