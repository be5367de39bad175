import DocumentSynthesis
import Testing

@testable import DocumentEngine

/// AAMVA parsing of well-formed files: the textbook layout, every version from the generator, and
/// the deviations real cards show.
@Suite struct BarcodeAAMVAParserTests {
    @Test func aTextbookVersion10FileParsesIntoTypedFields() throws {
        let record = try AAMVAParser.parse(AAMVAFixture.textbook.bytes)
        #expect(
            record.header
                == AAMVAHeader(
                    fileType: .ansi, issuerIdentificationNumber: "636000", version: 10,
                    jurisdictionVersion: 0, numberOfEntries: 2))
        #expect(record.documentType == .driverLicence)
        #expect(record.deviations.isEmpty)
        let f = record.fields
        #expect(f.familyName == AAMVAName("SAMPLE", truncation: .notTruncated))
        #expect(f.firstName == AAMVAName("MICHAEL", truncation: .notTruncated))
        #expect(f.middleName == AAMVAName("JOHN", truncation: .notTruncated))
        #expect(f.nameSuffix == "JR")
        #expect(f.dateOfBirth == AAMVADate(year: 1986, month: 6, day: 6))
        #expect(f.dateOfExpiry == AAMVADate(year: 2024, month: 12, day: 10))
        #expect(f.dateOfIssue == AAMVADate(year: 2019, month: 6, day: 6))
        #expect(f.sex == .male)
        #expect(f.eyeColour == .brown)
        #expect(f.height == AAMVAHeight(value: 68, unit: .inches))
        #expect(
            f.address
                == AAMVAAddress(
                    street1: "2300 WEST BROAD STREET", city: "RICHMOND", jurisdiction: "VA",
                    postalCode: "232690000"))
        #expect(f.country == .unitedStates)
        #expect(f.vehicleClass == "D" && f.restrictions == "K" && f.endorsements == "PH")
        #expect(f.documentDiscriminator == "2424244747474786102204")
        #expect(f.customerID == "T64235789")
        #expect(f.inventoryControlNumber == "123456789")
        #expect(f.complianceType == .fullyCompliant)
        #expect(f.isLimitedDuration == true)
        #expect(record.dateOrder == .monthDayYear)
        #expect(record.elements.count == AAMVAFixture.textbookLines.count)
        #expect(record.elements.last == AAMVAElement(id: "DDD", value: "1"))
        // The jurisdiction subfile is kept raw.
        #expect(record.jurisdictionSubfiles.map(\.type) == ["ZV"])
        #expect(record.jurisdictionSubfiles.first?.content == Array("ZVA01".utf8))
        #expect(record.jurisdictionSubfiles.first?.elements == [AAMVAElement(id: "ZVA", value: "01")])
    }

    @Test(arguments: 1...10)
    func generatedPayloadsOfEveryVersionParseExactlyToTheGeneratedFields(version: Int) throws {
        let generator = AAMVAPayloadGenerator()
        for seed in 0..<40 as Range<UInt64> {
            let generated = generator.generate(seed: seed &* 7919 &+ UInt64(version), version: version)
            let record = try AAMVAParser.parse(generated.bytes)
            #expect(record.version == version)
            #expect(record.documentType == generated.documentType)
            #expect(record.elements == generated.elements, "seed \(seed)")
            #expect(record.fields == generated.fields, "seed \(seed): \(generated.text)")
            #expect(record.jurisdictionSubfiles.first?.type == generated.jurisdictionSubfileType)
            #expect(record.jurisdictionSubfiles.first?.content == generated.jurisdictionSubfileContent)
            // Only version 01's letter sex codes and feet-and-inches heights are legacy spellings.
            #expect(record.deviations.isSubset(of: version == 1 ? [.legacyValue] : []), "seed \(seed)")
        }
    }

    @Test func theGeneratorIsDeterministicPerSeed() {
        let generator = AAMVAPayloadGenerator()
        #expect(generator.generate(seed: 42).bytes == generator.generate(seed: 42).bytes)
        #expect(generator.generate(seed: 42).bytes != generator.generate(seed: 43).bytes)
    }

    @Test func canadianFilesReadDatesAsYearMonthDay() throws {
        var fixture = AAMVAFixture.textbook
        fixture.iin = "636012"
        fixture.subfiles[0].lines = [
            "DAQA1234-56789-01234", "DCSTREMBLAY", "DACCHLOE", "DBB19860606", "DBA20301210",
            "DAU168 cm", "DCGCAN", "DAJON",
        ]
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.dateOrder == .yearMonthDay)
        #expect(record.fields.dateOfBirth == AAMVADate(year: 1986, month: 6, day: 6))
        #expect(record.fields.dateOfExpiry == AAMVADate(year: 2030, month: 12, day: 10))
        #expect(record.fields.height == AAMVAHeight(value: 168, unit: .centimetres))
        #expect(record.deviations.isEmpty)
    }

    @Test func aVersion01FileWithAFullNameAndTheAAMVAFileTypeIsRead() throws {
        var fixture = AAMVAFixture()
        fixture.version = 1
        fixture.fileType = "AAMVA"
        fixture.iin = "636003"
        fixture.subfiles = [
            (
                "DL",
                [
                    "DAQK-134-123-145-103", "DAAJOHNSON,JACK,,3RD", "DAG1234 BARNEYS INN PL",
                    "DAIBALTIMORE", "DAJMD", "DAK21230 ", "DARC ", "DAS ", "DAT ", "DAU505", "DAW135",
                    "DBA20170209", "DBB19910209", "DBCM", "DBD20120210", "DBH1",
                ]
            )
        ]
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.header?.jurisdictionVersion == nil && record.header != nil)
        #expect(record.deviations == [.legacyFileType, .legacyValue])
        let f = record.fields
        #expect(f.fullName == "JOHNSON,JACK,,3RD")
        #expect(f.familyName == AAMVAName("JOHNSON") && f.firstName == AAMVAName("JACK") && f.middleName == nil)
        #expect(f.nameSuffix == "3RD")
        #expect(f.height == AAMVAHeight(value: 65, unit: .inches))
        #expect(f.sex == .male)
        #expect(f.dateOfBirth == AAMVADate(year: 1991, month: 2, day: 9))
        #expect(f.vehicleClass == "C" && f.restrictions == nil)
        #expect(f.weightPounds == 135)
        #expect(f.isOrganDonor == true)
        #expect(f.postalCodeIsTrimmed)
    }

    @Test func headerSeparatorVariantsAreAccepted() throws {
        for separators: [UInt8] in [[0x0A, 0x1C, 0x0D], [0x0A, 0x0A], [0x0A, 0x0D], [0x0A]] {
            var fixture = AAMVAFixture.textbook
            fixture.separators = separators
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.deviations == [.headerSeparators])
            #expect(record.fields.customerID == "T64235789")
        }
    }

    @Test func carriageReturnAndCRLFElementSeparatorsAreAccepted() throws {
        for separator: [UInt8] in [[0x0D], [0x0D, 0x0A]] {
            var fixture = AAMVAFixture.textbook
            fixture.elementSeparator = separator
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.deviations == [.carriageReturnSeparators])
            #expect(record.elements.count == AAMVAFixture.textbookLines.count)
            #expect(record.fields == (try AAMVAParser.parse(AAMVAFixture.textbook.bytes)).fields)
        }
    }

    @Test func offsetsThatAreOffByAFewBytesAreReconciled() throws {
        for error in [-3, -1, 1, 2, 5, 30] {
            var fixture = AAMVAFixture.textbook
            fixture.offsetError = error
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.deviations.contains(.subfileOffset), "offset error \(error)")
            #expect(record.fields.customerID == "T64235789")
            #expect(record.jurisdictionSubfiles.first?.content == Array("ZVA01".utf8))
        }
    }

    @Test func lengthsThatAreOffByAFewBytesAreReconciled() throws {
        for error in [-4, -1, 2] {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles = [("DL", AAMVAFixture.textbookLines)]
            fixture.lengthError = error
            fixture.terminator = [0x0D, 0x0A, 0x0D]
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields.isLimitedDuration == true, "length error \(error)")
        }
    }

    @Test func aSubfileWithoutItsTypePrefixAndWithoutAFinalCRIsRead() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles = [("DL", AAMVAFixture.textbookLines)]
        fixture.typePrefix = false
        fixture.terminator = []
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.deviations.isSuperset(of: [.missingSubfileType, .missingSegmentTerminator]))
        #expect(record.elements.count == AAMVAFixture.textbookLines.count)
        #expect(record.fields.isLimitedDuration == true)
    }

    @Test func olderElementNamesAndValueSpellingsAreReadAndFlagged() throws {
        var fixture = AAMVAFixture.textbook
        fixture.version = 8
        fixture.subfiles = [
            (
                "DL",
                [
                    "DAQ1234567", "DCSDOE", "DCTJANE,ANN", "DBB02291992", "DBCF", "DAYBRN", "DAU5-06",
                    "DBA01012029",
                ]
            )
        ]
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.deviations == [.legacyElement, .legacyValue])
        #expect(record.fields.firstName == AAMVAName("JANE") && record.fields.middleName == AAMVAName("ANN"))
        #expect(record.fields.sex == .female && record.fields.eyeColour == .brown)
        #expect(record.fields.height == AAMVAHeight(value: 66, unit: .inches))
        #expect(record.fields.dateOfBirth == AAMVADate(year: 1992, month: 2, day: 29))
    }

    @Test func aDateInTheOtherCountrysOrderIsReadAndFlagged() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles = [("DL", ["DAQ1234567", "DBB19860606", "DCGUSA"])]
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.dateOfBirth == AAMVADate(year: 1986, month: 6, day: 6))
        #expect(record.deviations == [.dateOrder])
    }

    @Test func unknownElementsAreKeptRawAndBlankValuesReadAsAbsent() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles = [("ID", ["DAQ1234567", "DXY SOMETHING NEW ", "DAY   ", "DCSDOE"])]
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.documentType == .identificationCard)
        #expect(record.elements.contains(AAMVAElement(id: "DXY", value: " SOMETHING NEW ")))
        #expect(record.fields.eyeColour == nil)
    }
}

extension AAMVAFields {
    /// Whether the postal code came back without its padding.
    fileprivate var postalCodeIsTrimmed: Bool { address?.postalCode.map { !$0.hasSuffix(" ") } ?? false }
}
