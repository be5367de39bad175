import Testing

@testable import DocumentEngine

/// One payload per quirk that real issuers write (each built here), read leniently: the fields are
/// the textbook file's wherever the payload holds them, and each quirk is named in the warnings.
@Suite struct BarcodeAAMVAQuirkTests {
    /// The textbook file's fields, the reference every quirky payload is compared with.
    private let reference = try! AAMVAParser.parse(AAMVAFixture.textbook.bytes)

    /// Every warning code of `record`, deviations included.
    private func codes(_ record: AAMVARecord) -> Set<String> { Set(record.allWarnings.map(\.code)) }

    @Test func wrongSubfileOffsetsInTheHeader() throws {
        for error in [-30, 7, 120, 700] {
            var fixture = AAMVAFixture.textbook
            fixture.offsetError = error
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields == reference.fields, "offset error \(error)")
            #expect(record.jurisdictionSubfiles.map(\.content) == reference.jurisdictionSubfiles.map(\.content))
            #expect(codes(record).contains("subfileOffset"))
        }
    }

    @Test func wrongSubfileLengthsInTheHeader() throws {
        for error in [-200, -12, 15, 300] {
            var fixture = AAMVAFixture.textbook
            fixture.lengthError = error
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields == reference.fields, "length error \(error)")
            #expect(!codes(record).isDisjoint(with: ["subfileLengthMismatch", "truncatedSubfile"]))
        }
    }

    @Test func crLFElementSeparatorsATrailingCRLFAndNoFinalCR() throws {
        for (separator, terminator) in [([0x0D, 0x0A], [0x0D]), ([0x0A], [0x0D, 0x0A]), ([0x0A], [])]
            as [([UInt8], [UInt8])]
        {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles = [("DL", AAMVAFixture.textbookLines)]
            fixture.elementSeparator = separator
            fixture.terminator = terminator
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields == reference.fields)
            #expect(record.warnings.isEmpty, "\(record.warnings)")
        }
        var fixture = AAMVAFixture.textbook
        fixture.elementSeparator = [0x0D, 0x0A]
        #expect(codes(try AAMVAParser.parse(fixture.bytes)) == ["carriageReturnSeparators"])
        fixture = AAMVAFixture.textbook
        fixture.subfiles = [("DL", AAMVAFixture.textbookLines)]
        fixture.terminator = []
        #expect(codes(try AAMVAParser.parse(fixture.bytes)).contains("missingSegmentTerminator"))
    }

    @Test func latin1AccentedNames() throws {
        // Given "BÉLANGER" and "JOSÉ" written in Latin-1 (É = 0xC9), as several issuers do
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines[1] = "DCSB?LANGER"
        fixture.subfiles[0].lines[3] = "DACJOS?"
        var bytes = fixture.bytes
        for marker in ["B?LANGER", "JOS?"] {
            let range = bytes.firstRange(of: Array(marker.utf8))!
            bytes[range.lowerBound + marker.firstIndex(of: "?")!.utf16Offset(in: marker)] = 0xC9
        }
        let record = try AAMVAParser.parse(bytes)
        #expect(record.fields.familyName?.value == "BÉLANGER")
        #expect(record.fields.firstName?.value == "JOSÉ")
        #expect(record.warnings == [.latin1Text(element: "DCS"), .latin1Text(element: "DAC")])
        // The raw bytes stay as written: nothing is re-encoded on the way.
        #expect(bytes.contains(0xC9))
    }

    @Test func emptyNameFieldsReadAsAbsent() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines[5] = "DAD"  // no middle name
        fixture.subfiles[0].lines[7] = "DCU   "  // suffix of spaces
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.middleName == nil && record.fields.nameSuffix == nil)
        #expect(record.fields.familyName == reference.fields.familyName)
        #expect(record.warnings.isEmpty)
    }

    @Test func lowercaseUnitsAndCodes() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines[15] = "DAU068 IN"
        fixture.subfiles[0].lines[16] = "DAYbro"
        fixture.subfiles[0].lines[22] = "DCGusa"
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.height == reference.fields.height)
        #expect(record.fields.eyeColour == .brown && record.fields.country == .unitedStates)
        #expect(record.warnings.isEmpty)
        #expect(codes(record) == ["legacyValue"])
    }

    @Test func spacePaddedValues() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines[0] = "DAQT64235789      "
        fixture.subfiles[0].lines[1] = "DCS  SAMPLE   "
        fixture.subfiles[0].lines[12] = "DBB06061986 "
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields == reference.fields)
        #expect(record.warnings.isEmpty)
    }

    @Test func theVersion01AAMVAFileType() throws {
        var fixture = AAMVAFixture.textbook
        fixture.version = 1
        fixture.fileType = "AAMVA"
        fixture.subfiles = [("DL", ["DAQD12345678", "DAASMITH,JOHN,Q", "DBB19700101", "DBA20300101", "DBC1"])]
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.familyName?.value == "SMITH" && record.fields.firstName?.value == "JOHN")
        #expect(record.fields.dateOfBirth == AAMVADate(year: 1970, month: 1, day: 1))
        #expect(codes(record) == ["legacyFileType"])
    }

    @Test func elementOrdersOfEveryKind() throws {
        // Reversed, rotated, and the name elements first: the same fields each time.
        let lines = AAMVAFixture.textbookLines
        let orders = [
            Array(lines.reversed()), Array(lines[10...] + lines[..<10]),
            lines.filter { $0.hasPrefix("DC") } + lines.filter { !$0.hasPrefix("DC") },
        ]
        for order in orders {
            var fixture = AAMVAFixture.textbook
            fixture.subfiles[0].lines = order
            let record = try AAMVAParser.parse(fixture.bytes)
            #expect(record.fields == reference.fields)
            #expect(record.warnings.isEmpty)
        }
    }

    @Test func aHeaderWithoutItsComplianceIndicatorOrDirectory() throws {
        // "@" lost and the directory replaced by garbage: the elements are found by their names.
        let textbook = AAMVAFixture.textbook.bytes
        let bytes = Array(textbook[1..<21]) + Array("??????????".utf8) + Array(textbook[41...])
        #expect(AAMVAParser.isAAMVAPayload(bytes))
        let record = try AAMVAParser.parse(bytes)
        #expect(record.fields == reference.fields)
        #expect(record.jurisdictionSubfiles.map(\.type) == ["ZV"])
        #expect(codes(record).isSuperset(of: ["missingComplianceIndicator", "documentSubfileFoundByScanning"]))
    }

    @Test func warningsNameElementsButNeverValues() throws {
        var fixture = AAMVAFixture.textbook
        fixture.subfiles[0].lines[12] = "DBB99999999"
        let record = try AAMVAParser.parse(fixture.bytes)
        #expect(record.fields.dateOfBirth == nil)
        #expect(record.elements.contains(AAMVAElement(id: "DBB", value: "99999999")))
        let warning = try #require(record.warnings.first)
        #expect(warning.code == "invalidValue" && warning.element == "DBB")
        #expect(!warning.description.contains("99999999"))
    }

    @Test func aHeaderThatUndercountsItsSubfilesAndADLSubfileWithoutItsType() throws {
        // Given one entry declared for two designators, the DL subfile written without "DL", and a
        // middle name holding "ID" followed by "DLE" (which must not be taken for an ID subfile)
        var good = AAMVAFixture.textbook
        good.subfiles[0].lines[5] = "DADMIDDLE"
        let expected = try AAMVAParser.parse(good.bytes)
        var fixture = good
        fixture.typePrefix = false
        var bytes = fixture.bytes
        bytes.replaceSubrange(19..<21, with: Array("01".utf8))
        let record = try AAMVAParser.parse(bytes)
        #expect(record.documentType == .driverLicence)
        #expect(record.fields == expected.fields && record.fields.middleName?.value == "MIDDLE")
        #expect(record.jurisdictionSubfiles.map(\.content) == expected.jurisdictionSubfiles.map(\.content))
        #expect(codes(record).isSuperset(of: ["extraDesignators", "missingSubfileType"]))
        #expect(!codes(record).contains("documentSubfileFoundByScanning"))
    }
}
