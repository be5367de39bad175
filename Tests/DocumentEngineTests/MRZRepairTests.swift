import Foundation
import Testing

@testable import DocumentEngine

/// OCR-confusion repair: substitutions inside fields covered by a check digit are made only when
/// they make the checks agree; impossible characters elsewhere are replaced by their partner.
@Suite struct MRZRepairTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)

    @Test func anOInADateIsRepairedToZeroBecauseItMakesTheChecksAgree() throws {
        // Given the passport specimen with the birth date read as "74O812"
        let lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: 15, to: "O")

        // When it is parsed
        let record = try MRZParser.parse(lines, today: Self.today)

        // Then the date is read as 1974-08-12, the change is recorded, the raw lines are untouched
        #expect(record.dateOfBirth?.isoString == "1974-08-12")
        #expect(record.correctedLines == MRZFixture.td3Specimen)
        #expect(record.rawLines == lines)
        #expect(record.repairs == [MRZRepair(line: 1, column: 15, from: "O", to: "0", reason: .checkDigitAgreement)])
        #expect(record.allChecksPassed)
    }

    @Test(arguments: [
        (16, Character("B"), Character("8")),  // 740812 -> 740B12
        (18, Character("Z"), Character("2")),  // 740812 -> 74081Z
        (26, Character("S"), Character("5")),  // 120415 -> 12041S
        (22, Character("Z"), Character("2")),  // 120415 -> 1Z0415
        (21, Character("I"), Character("1")),  // 120415 -> I20415
    ])
    func confusedLettersInDatesAreRepairedWhenTheChecksAgree(column: Int, read: Character, truth: Character) throws {
        let original = Array(MRZFixture.td3Specimen[1])[column]
        try #require(original == truth)
        let lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: column, to: read)
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.correctedLines == MRZFixture.td3Specimen)
        #expect(
            record.repairs == [
                MRZRepair(
                    line: 1, column: column, from: read, to: truth,
                    reason: .checkDigitAgreement)
            ])
        #expect(record.allChecksPassed)
    }

    @Test func anIInADocumentNumberIsRepairedToOneWhenOnlyThatSubstitutionAgrees() throws {
        // Given the TD2 specimen's "D23145890" read as "D23I45890": the I sits between digits and
        // turning it back into 1 is the one flip that makes the number's check digit agree
        let lines = MRZFixture.changing(MRZFixture.td2Specimen, line: 1, column: 3, to: "I")

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.documentNumber == "D23145890")
        #expect(record.correctedLines == MRZFixture.td2Specimen)
        #expect(record.repairs == [MRZRepair(line: 1, column: 3, from: "I", to: "1", reason: .checkDigitAgreement)])
        #expect(record.allChecksPassed)
    }

    @Test func aDigitReadForALetterInADocumentNumberIsRepairedWhenOnlyThatSubstitutionAgrees() throws {
        // "ABCD34567" read as "A8CD34567" (B -> 8, between letters) on a visa, which has no composite.
        let fixture = MRZFixture(
            format: .mrvB, documentCode: "V<", issuingCountry: "UTO", primaryName: "DOE", secondaryName: "JOHN",
            documentNumber: "ABCD34567", nationality: "UTO", dateOfBirth: "900101", sex: "M", dateOfExpiry: "250101")
        let lines = MRZFixture.changing(fixture.lines, line: 1, column: 1, to: "8")

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.documentNumber == "ABCD34567")
        #expect(record.repairs == [MRZRepair(line: 1, column: 1, from: "8", to: "B", reason: .checkDigitAgreement)])
        #expect(record.allChecksPassed)
    }

    @Test func aDocumentNumberCharacterAtALetterDigitBoundaryIsNotFlipped() throws {
        // "C01X00T47" read as "C0IX00T47": the I lies between a digit and a letter, where either
        // reading is plausible, so it is not a candidate (even though flipping it would agree).
        let fixture = MRZFixture(
            format: .td3, documentCode: "P<", issuingCountry: "D", primaryName: "MUSTERMANN", secondaryName: "ERIKA",
            documentNumber: "C01X00T47", nationality: "D", dateOfBirth: "640812", sex: "F", dateOfExpiry: "310101")
        let lines = MRZFixture.changing(fixture.lines, line: 1, column: 2, to: "I")

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.documentNumber == "C0IX00T47")
        #expect(record.repairs.isEmpty)
        #expect(record.checks.documentNumber == false)
    }

    @Test func anAmbiguousDocumentNumberIsLeftAsReadAndKeepsFailing() throws {
        // Given "123B56589" read as "123B56S89": turning S back into 5 agrees, but so does turning
        // the B (also between digits) into 8, and the composite weighs the number as its own check
        // does, so it cannot tell the two apart
        let fixture = MRZFixture(
            format: .td3, documentCode: "P<", issuingCountry: "UTO", primaryName: "DOE", secondaryName: "JOHN",
            documentNumber: "123B56589", nationality: "UTO", dateOfBirth: "900101", sex: "M", dateOfExpiry: "300101")
        let lines = MRZFixture.changing(fixture.lines, line: 1, column: 6, to: "S")
        let alternative = MRZFixture.changing(lines, line: 1, column: 3, to: "8")
        #expect(MRZFixture.check("123856S89") == MRZFixture.check("123B56589"))

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.documentNumber == "123B56S89")
        #expect(record.repairs.isEmpty)
        #expect(record.checks.documentNumber == false)
        #expect(record.checks.composite == false)
        #expect(record.correctedLines == lines)
        #expect(record.correctedLines != alternative)
    }

    @Test func aConfusedDateIsNotRepairedWhenTheSubstitutionDoesNotMakeItsCheckAgree() throws {
        // "74O812" with its check digit misread as 3: 740812 checks to 2, not 3
        var lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: 15, to: "O")
        lines = MRZFixture.changing(lines, line: 1, column: 19, to: "3")

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.repairs.isEmpty)
        #expect(record.dateOfBirth == nil)
        #expect(record.checks.dateOfBirth == false)
        #expect(record.correctedLines == lines)
    }

    @Test func aRepairThatLeavesTheCompositeFailingIsNotMade() throws {
        // The date repair alone would agree with the date's check digit, but the composite was
        // misread too (0 -> 3), so the combination is not accepted.
        var lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: 15, to: "O")
        lines = MRZFixture.changing(lines, line: 1, column: 43, to: "3")

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.repairs.isEmpty)
        #expect(record.checks.dateOfBirth == false)
        #expect(record.checks.composite == false)
    }

    @Test func aCheckDigitIsNeverChangedToMakeItsFieldAgree() throws {
        // The document number's check digit misread as 5 (it is 6): it is a possible check
        // character, so it stays; no substitution in the number agrees with both checks.
        let lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: 9, to: "5")
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.repairs.isEmpty)
        #expect(record.documentNumber == "L898902C3")
        #expect(record.checks.documentNumber == false)
    }

    @Test func aLetterInACheckDigitPositionBecomesItsDigit() throws {
        // The composite check 0 read as O; the date-of-expiry check 9 is intact.
        let lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: 43, to: "O")
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.correctedLines == MRZFixture.td3Specimen)
        #expect(record.repairs == [MRZRepair(line: 1, column: 43, from: "O", to: "0", reason: .impossibleCharacter)])
        #expect(record.allChecksPassed)
    }

    @Test func aLongNumbersCheckDigitAndContinuationAreRepairedInTheOptionalData() throws {
        // Given a TD1 card numbered "AB123456789013" (its check digit 0 follows "89013" in the
        // optional data), read with that check digit as O and the 0 of "89013" as O
        let fixture = MRZFixture(
            format: .td1, documentCode: "ID", issuingCountry: "UTO", primaryName: "DOE", secondaryName: "JANE",
            documentNumber: "AB123456789013", nationality: "UTO", dateOfBirth: "850101", sex: "F",
            dateOfExpiry: "300101")
        #expect(fixture.lines[0] == "IDUTOAB1234567<890130<<<<<<<<<")
        var lines = MRZFixture.changing(fixture.lines, line: 0, column: 20, to: "O")
        lines = MRZFixture.changing(lines, line: 0, column: 17, to: "O")

        // When it is parsed
        let record = try MRZParser.parse(lines, today: Self.today)

        // Then both are repaired: the impossible check character, then the number through its check
        #expect(record.documentNumber == "AB123456789013")
        #expect(record.correctedLines == fixture.lines)
        #expect(
            record.repairs == [
                MRZRepair(line: 0, column: 17, from: "O", to: "0", reason: .checkDigitAgreement),
                MRZRepair(line: 0, column: 20, from: "O", to: "0", reason: .impossibleCharacter),
            ])
        #expect(record.allChecksPassed)
    }

    @Test func aDigitMisreadAsAnotherDigitStaysFailing() throws {
        // "D23145890" with the 3 read as 4: no confusion pair explains it, and no flip of the
        // number's confusable characters (2, 1, 5, 8, 0) happens to compensate for it.
        let lines = MRZFixture.changing(MRZFixture.td2Specimen, line: 1, column: 2, to: "4")
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.documentNumber == "D24145890")
        #expect(record.checks.documentNumber == false)
        #expect(record.repairs.isEmpty)
    }

    @Test func digitsInNamesAndCountryCodesBecomeTheLettersTheyAreConfusedWith() throws {
        // "ERIKSS0N<<ANNA<MAR1A" issued by "UT0", nationality "UT0", code "P<" read as "P<"
        var lines = MRZFixture.td3Specimen
        lines[0] = "P<UT0ERIKSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<"
        lines = MRZFixture.changing(lines, line: 1, column: 12, to: "0")

        let record = try MRZParser.parse(lines, today: Self.today)

        #expect(record.primaryName == "ERIKSSON")
        #expect(record.secondaryName == "ANNA MARIA")
        #expect(record.issuingCountry == "UTO")
        #expect(record.nationality == "UTO")
        #expect(record.correctedLines == MRZFixture.td3Specimen)
        #expect(
            record.repairs == [
                MRZRepair(line: 0, column: 4, from: "0", to: "O", reason: .impossibleCharacter),
                MRZRepair(line: 0, column: 11, from: "0", to: "O", reason: .impossibleCharacter),
                MRZRepair(line: 0, column: 23, from: "1", to: "I", reason: .impossibleCharacter),
                MRZRepair(line: 1, column: 12, from: "0", to: "O", reason: .impossibleCharacter),
            ])
        #expect(record.allChecksPassed)
    }

    @Test func digitsWithoutAConfusablePartnerStayInNames() throws {
        var lines = MRZFixture.td1Specimen
        lines[2] = "ERIK3SON<<ANNA<MARIA<<<<<<<<<<"
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.primaryName == "ERIK3SON")
        #expect(record.repairs.isEmpty)
        #expect(record.allChecksPassed)
    }

    @Test func aDigitInTheDocumentCodeBecomesALetter() throws {
        let lines = MRZFixture.changing(MRZFixture.td1Specimen, line: 0, column: 0, to: "1")
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.documentCode == "I")
        #expect(record.repairs == [MRZRepair(line: 0, column: 0, from: "1", to: "I", reason: .impossibleCharacter)])
    }

    @Test func namesSplitAtTheFirstDoubleFillerAndKeepTruncatedEndings() {
        #expect(MRZParser.names("ERIKSSON<<ANNA<MARIA<<<<<<<<<<") == ("ERIKSSON", "ANNA MARIA"))
        #expect(MRZParser.names("VAN<DER<BERG<<JAN<<<<<<") == ("VAN DER BERG", "JAN"))
        #expect(MRZParser.names("MADONNA<<<<<<<<<<<") == ("MADONNA", ""))
        #expect(MRZParser.names("SINGLENAMEWITHOUTFILLERS") == ("SINGLENAMEWITHOUTFILLERS", ""))
        #expect(MRZParser.names("A<B<C") == ("A B C", ""))
        #expect(MRZParser.names("<<ONLYGIVEN<<<<") == ("", "ONLYGIVEN"))
        // Truncated at the end of the line: kept as read.
        #expect(
            MRZParser.names("ABCDEFGHIJKLMNOPQRSTUVWXY<<ABCDEFGHIJKL")
                == ("ABCDEFGHIJKLMNOPQRSTUVWXY", "ABCDEFGHIJKL"))
    }

    @Test func aRepairRoundTripsThroughJSON() throws {
        let repair = MRZRepair(line: 1, column: 15, from: "O", to: "0", reason: .checkDigitAgreement)
        let data = try JSONEncoder().encode(repair)
        #expect(try JSONDecoder().decode(MRZRepair.self, from: data) == repair)
        let broken = Data(#"{"line":1,"column":2,"from":"OO","to":"0","reason":"checkDigitAgreement"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MRZRepair.self, from: broken) }
    }
}
