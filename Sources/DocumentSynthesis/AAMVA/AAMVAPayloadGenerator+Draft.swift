import DocumentEngine

extension AAMVAPayloadGenerator {
    /// A payload being written: the DL/ID subfile's elements in order and the fields they stand
    /// for. Each step draws from the generator in a fixed order (same seed, same bytes).
    struct Draft {
        let version: Int
        let jurisdiction: Jurisdiction
        /// The date order of this version and country: CCYYMMDD for version 01 and Canada,
        /// MMDDCCYY otherwise.
        let order: AAMVADate.Order
        private(set) var elements: [AAMVAElement] = []
        private(set) var fields = AAMVAFields()

        init(version: Int, jurisdiction: Jurisdiction) {
            self.version = version
            self.jurisdiction = jurisdiction
            order = version == 1 || jurisdiction.country == .canada ? .yearMonthDay : .monthDayYear
        }

        private mutating func add(_ id: String, _ value: String) {
            elements.append(AAMVAElement(id: id, value: value))
        }

        /// `s` space-padded to `width` characters (fixed-length values, as cards print them).
        private func padded(_ s: String, _ width: Int) -> String {
            s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
        }

        /// The customer number and the name in the version's form, with an optional suffix.
        mutating func addIdentity(using random: inout SeededGenerator) {
            let customerID = AAMVAPayloadGenerator.customerNumber(for: jurisdiction.code, using: &random)
            add("DAQ", customerID)
            fields.customerID = customerID
            let longName = version >= 4 && random.chance(0.25)
            let family =
                longName
                ? random.pick(AAMVAPayloadGenerator.longFamilyNames) : random.pick(AAMVAPayloadGenerator.familyNames)
            let first = random.pick(AAMVAPayloadGenerator.firstNames)
            // DAA (version 01) separates its parts with commas, so its middle name has none.
            let middleChoices =
                version == 1
                ? AAMVAPayloadGenerator.middleNames.filter { !$0.contains(",") } : AAMVAPayloadGenerator.middleNames
            let middle: String? = random.chance(0.75) ? random.pick(middleChoices) : nil
            switch version {
            case 1:
                if random.chance(0.6) {
                    let full = "\(family),\(first),\(middle ?? "")"
                    add("DAA", full)
                    fields.fullName = full
                } else {
                    add("DAB", family)
                    add("DAC", first)
                    if let middle { add("DAD", middle) }
                }
                fields.familyName = AAMVAName(family)
                fields.firstName = AAMVAName(first)
                fields.middleName = middle.map { AAMVAName($0) }
            case 2, 3:
                add("DCS", family)
                // DCT is split at its first comma, else its first space: a middle name with a comma needs commas.
                let commaSeparated = random.chance(0.5) || middle?.contains(",") == true
                let given = middle.map { "\(first)\(commaSeparated ? "," : " ")\($0)" } ?? first
                add("DCT", given)
                fields.familyName = AAMVAName(family)
                fields.givenNames = given
                fields.firstName = AAMVAName(first)
                fields.middleName = middle.map { AAMVAName($0) }
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
                fields.familyName = AAMVAName(familyField, truncation: familyFlag)
                fields.firstName = AAMVAName(first, truncation: .notTruncated)
                fields.middleName = AAMVAName(middle ?? "NONE", truncation: .notTruncated)
            }
            if random.chance(0.15) {
                let suffix = random.pick(["JR", "SR", "III"])
                add(version == 1 ? "DAE" : "DCU", suffix)
                fields.nameSuffix = suffix
            }
        }

        /// Vehicle class, restrictions and endorsements (driver licences only), padded or not.
        mutating func addPrivileges(using random: inout SeededGenerator) {
            let vehicleClass = random.pick(["D", "C", "G", "B", "M", "5"])
            let restrictions = random.pick(["NONE", "B", "A", "BK"])
            let endorsements = random.pick(["NONE", "M", "H", "PH"])
            let ids = version == 1 ? ["DAR", "DAS", "DAT"] : ["DCA", "DCB", "DCD"]
            add(ids[0], padded(vehicleClass, random.chance(0.5) ? 4 : 0))
            add(ids[1], padded(restrictions, random.chance(0.5) ? 12 : 0))
            add(ids[2], padded(endorsements, random.chance(0.5) ? 5 : 0))
            fields.vehicleClass = vehicleClass
            fields.restrictions = restrictions
            fields.endorsements = endorsements
        }

        /// Expiry, birth and issue dates; returns the date of birth (the age thresholds follow it).
        mutating func addDates(using random: inout SeededGenerator) -> AAMVADate {
            let birth = AAMVAPayloadGenerator.date(years: 1938...2008, using: &random)
            let issue = AAMVAPayloadGenerator.date(years: 2012...2025, using: &random)
            let expiry = AAMVADate(
                year: issue.year + random.integer(in: 4...8), month: birth.month, day: min(birth.day, 28))!
            add("DBA", expiry.digits(order))
            add("DBB", birth.digits(order))
            add("DBD", issue.digits(order))
            fields.dateOfExpiry = expiry
            fields.dateOfBirth = birth
            fields.dateOfIssue = issue
            return birth
        }

        /// Sex, height in the version's and country's unit, eye colour, and optionally hair and weight.
        mutating func addPhysicalDescription(using random: inout SeededGenerator) {
            let sex: AAMVASex =
                version >= 9 && random.chance(0.05) ? .notSpecified : (random.chance(0.5) ? .male : .female)
            add("DBC", version == 1 ? (sex == .male ? "M" : "F") : sex.code)
            fields.sex = sex
            let inches = random.integer(in: 58...78)
            if version == 1 {
                add("DAU", "\(inches / 12)\(inches % 12 < 10 ? "0" : "")\(inches % 12)")
                fields.height = AAMVAHeight(value: inches, unit: .inches)
            } else if jurisdiction.country == .canada {
                let cm = Int((Double(inches) * 2.54).rounded())
                add("DAU", "\(cm) cm")
                fields.height = AAMVAHeight(value: cm, unit: .centimetres)
            } else {
                add("DAU", "0\(inches) in")
                fields.height = AAMVAHeight(value: inches, unit: .inches)
            }
            let eye = random.pick(AAMVAEyeColour.allCases.filter { $0 != .unknown })
            add("DAY", eye.rawValue)
            fields.eyeColour = eye
            if random.chance(0.6) {
                let hair = random.pick(AAMVAHairColour.allCases.filter { $0 != .unknown })
                add("DAZ", hair.rawValue)
                fields.hairColour = hair
            }
            if random.chance(0.5) {
                let pounds = random.integer(in: 95...290)
                add("DAW", pounds < 100 ? "0\(pounds)" : "\(pounds)")
                fields.weightPounds = pounds
            }
        }

        /// Street (with an optional unit), city, jurisdiction and postal code.
        mutating func addAddress(using random: inout SeededGenerator) {
            let street = "\(random.integer(in: 1...9999)) \(random.pick(AAMVAPayloadGenerator.streets))"
            let city = random.pick(jurisdiction.cities)
            let postal =
                jurisdiction.country == .canada
                ? AAMVAPayloadGenerator.canadianPostalCode(using: &random)
                : AAMVAPayloadGenerator.fiveDigits(random.integer(in: 501...99950)) + (random.chance(0.5) ? "0000" : "")
            add("DAG", street)
            var address = AAMVAAddress(street1: street, city: city, jurisdiction: jurisdiction.code, postalCode: postal)
            if random.chance(0.15) {
                let unit = "APT \(random.integer(in: 1...40))"
                add("DAH", unit)
                address.street2 = unit
            }
            add("DAI", city)
            add("DAJ", jurisdiction.code)
            add("DAK", padded(postal, 11))
            fields.address = address
        }

        /// The document elements of versions 02 and later (discriminator, country, inventory,
        /// compliance, revision, age thresholds from `birth`, donor and veteran flags), and
        /// version 01's organ donor.
        mutating func addDocumentElements(birth: AAMVADate, using random: inout SeededGenerator) {
            if version >= 2 {
                let discriminator = AAMVAPayloadGenerator.digitsString(
                    count: random.integer(in: 10...20), using: &random)
                add("DCF", discriminator)
                add("DCG", jurisdiction.country.rawValue)
                fields.documentDiscriminator = discriminator
                fields.country = jurisdiction.country
                if random.chance(0.6) {
                    let inventory = AAMVAPayloadGenerator.digitsString(count: 12, using: &random)
                    add("DCK", inventory)
                    fields.inventoryControlNumber = inventory
                }
            }
            if version >= 4 {
                let compliance: AAMVAComplianceType = random.chance(0.7) ? .fullyCompliant : .nonCompliant
                add("DDA", compliance.rawValue)
                fields.complianceType = compliance
                let revision = AAMVAPayloadGenerator.date(years: 2009...2020, using: &random)
                add("DDB", revision.digits(order))
                fields.cardRevisionDate = revision
                if random.chance(0.3) {
                    add("DDD", "1")
                    fields.isLimitedDuration = true
                }
            }
            if version >= 5 {
                for (id, years) in [("DDH", 18), ("DDI", 19), ("DDJ", 21)] {
                    let until = AAMVADate(year: birth.year + years, month: birth.month, day: min(birth.day, 28))!
                    add(id, until.digits(order))
                    switch id {
                    case "DDH": fields.under18Until = until
                    case "DDI": fields.under19Until = until
                    default: fields.under21Until = until
                    }
                }
            }
            if version >= 6, random.chance(0.4) {
                add("DDK", "1")
                fields.isOrganDonor = true
            } else if version == 1, random.chance(0.4) {
                add("DBH", "1")
                fields.isOrganDonor = true
            }
            if version >= 7, random.chance(0.1) {
                add("DDL", "1")
                fields.isVeteran = true
            }
        }

        /// The jurisdiction subfile ("Z" + the jurisdiction's first letter, one to three elements),
        /// then the header with both subfiles' offsets and lengths, and the whole file.
        func assemble(
            documentType: AAMVARecord.DocumentType, using random: inout SeededGenerator
        ) -> GeneratedAAMVAPayload {
            let zType = "Z" + String(jurisdiction.code.prefix(1))
            var zElements: [String] = []
            for k in 0..<random.integer(in: 1...3) {
                let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(k)))
                zElements.append(
                    zType + letter
                        + AAMVAPayloadGenerator.digitsString(count: random.integer(in: 2...10), using: &random))
            }
            let documentBody =
                Array(documentType.rawValue.utf8)
                + Array(elements.map { $0.id + $0.value }.joined(separator: "\n").utf8) + [0x0D]
            let zContent = Array(zElements.joined(separator: "\n").utf8)
            let zBody = Array(zType.utf8) + zContent + [0x0D]

            var header =
                Array("@\n\u{1E}\rANSI ".utf8) + Array(jurisdiction.issuerIdentificationNumber.utf8)
                + Array(AAMVAPayloadGenerator.twoDigits(version).utf8)
            if version >= 2 { header += Array(AAMVAPayloadGenerator.twoDigits(random.integer(in: 0...9)).utf8) }
            header += Array("02".utf8)
            let firstOffset = header.count + 20
            header += Array(
                (documentType.rawValue + AAMVAPayloadGenerator.fourDigits(firstOffset)
                    + AAMVAPayloadGenerator.fourDigits(documentBody.count)).utf8)
            header += Array(
                (zType + AAMVAPayloadGenerator.fourDigits(firstOffset + documentBody.count)
                    + AAMVAPayloadGenerator.fourDigits(zBody.count)).utf8)
            return GeneratedAAMVAPayload(
                bytes: header + documentBody + zBody, version: version, documentType: documentType,
                jurisdiction: jurisdiction.code, elements: elements, fields: fields, jurisdictionSubfileType: zType,
                jurisdictionSubfileContent: zContent)
        }
    }
}
