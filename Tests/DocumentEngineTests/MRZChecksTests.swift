import Testing

@testable import DocumentEngine

/// Every check digit is reported on its own: breaking one (and recomputing the composite over the
/// broken text, so that only that one disagrees) fails exactly that check.
@Suite struct MRZChecksTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let format: MRZFormat
        let lines: [String]
        let line: Int
        let column: Int
        let character: Character
        let recomputeComposite: Bool
        let expected: MRZChecks
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "TD3 document number", format: .td3, lines: MRZFixture.td3Specimen, line: 1, column: 9,
            character: "7", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: false, dateOfBirth: true, dateOfExpiry: true,
                personalNumber: true, composite: true)),
        Case(
            name: "TD3 date of birth", format: .td3, lines: MRZFixture.td3Specimen, line: 1, column: 19,
            character: "3", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: false, dateOfExpiry: true,
                personalNumber: true, composite: true)),
        Case(
            name: "TD3 date of expiry", format: .td3, lines: MRZFixture.td3Specimen, line: 1, column: 27,
            character: "4", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: false,
                personalNumber: true, composite: true)),
        Case(
            name: "TD3 personal number", format: .td3, lines: MRZFixture.td3Specimen, line: 1, column: 42,
            character: "4", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true,
                personalNumber: false, composite: true)),
        Case(
            name: "TD3 composite", format: .td3, lines: MRZFixture.td3Specimen, line: 1, column: 43,
            character: "3", recomputeComposite: false,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true,
                personalNumber: true, composite: false)),
        Case(
            name: "TD1 document number", format: .td1, lines: MRZFixture.td1Specimen, line: 0, column: 14,
            character: "4", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: false, dateOfBirth: true, dateOfExpiry: true,
                personalNumber: nil, composite: true)),
        Case(
            name: "TD1 date of birth", format: .td1, lines: MRZFixture.td1Specimen, line: 1, column: 6,
            character: "3", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: false, dateOfExpiry: true,
                personalNumber: nil, composite: true)),
        Case(
            name: "TD1 date of expiry", format: .td1, lines: MRZFixture.td1Specimen, line: 1, column: 14,
            character: "4", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: false,
                personalNumber: nil, composite: true)),
        Case(
            name: "TD1 composite", format: .td1, lines: MRZFixture.td1Specimen, line: 1, column: 29,
            character: "7", recomputeComposite: false,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true,
                personalNumber: nil, composite: false)),
        Case(
            name: "TD2 date of birth", format: .td2, lines: MRZFixture.td2Specimen, line: 1, column: 19,
            character: "3", recomputeComposite: true,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: false, dateOfExpiry: true,
                personalNumber: nil, composite: true)),
        Case(
            name: "TD2 composite", format: .td2, lines: MRZFixture.td2Specimen, line: 1, column: 35,
            character: "7", recomputeComposite: false,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true,
                personalNumber: nil, composite: false)),
        Case(
            name: "MRV-A date of birth", format: .mrvA, lines: MRZFixture.mrvASpecimen, line: 1, column: 19,
            character: "3", recomputeComposite: false,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: false, dateOfExpiry: true,
                personalNumber: nil, composite: nil)),
        Case(
            name: "MRV-A date of expiry", format: .mrvA, lines: MRZFixture.mrvASpecimen, line: 1, column: 27,
            character: "4", recomputeComposite: false,
            expected: MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: false,
                personalNumber: nil, composite: nil)),
    ]

    @Test(arguments: cases)
    func aBrokenCheckDigitFailsOnlyItsOwnCheck(_ testCase: Case) throws {
        // Given the specimen with one check digit changed (and, unless it is the composite itself,
        // the composite recomputed over the changed text)
        var lines = MRZFixture.changing(
            testCase.lines, line: testCase.line, column: testCase.column,
            to: testCase.character)
        if testCase.recomputeComposite {
            lines = MRZFixture.recomputingComposite(lines, format: testCase.format)
        }
        #expect(lines != testCase.lines)

        // When it is parsed
        let record = try MRZParser.parse(lines, today: Self.today)

        // Then exactly that check fails, and nothing was "repaired" into agreement
        #expect(record.checks == testCase.expected)
        #expect(!record.allChecksPassed)
        #expect(record.repairs.isEmpty)
        #expect(record.correctedLines == lines)
    }

    @Test func aFillerInTheCheckPositionWithoutAContinuationFailsTheDocumentNumber() throws {
        // The check position holds '<' but the optional data does not continue the number.
        let lines = MRZFixture.recomputingComposite(
            MRZFixture.changing(MRZFixture.td1Specimen, line: 0, column: 14, to: "<"), format: .td1)
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.documentNumber == "D23145890")
        #expect(record.checks.documentNumber == false)
        #expect(record.checks.composite == true)
    }

    @Test func aTD3PersonalNumberOfFillersPassesWithAFillerOrZeroCheck() throws {
        for checkCharacter: Character in ["<", "0"] {
            var lines = MRZFixture.td3Specimen
            lines[1] = "L898902C36UTO7408122F1204159<<<<<<<<<<<<<<" + String(checkCharacter) + "<"
            lines = MRZFixture.recomputingComposite(lines, format: .td3)
            let record = try MRZParser.parse(lines, today: Self.today)
            #expect(record.optionalData1 == "")
            #expect(record.checks.personalNumber == true)
            #expect(record.allChecksPassed)
        }
    }

    @Test func allPassedIgnoresChecksTheLayoutDoesNotDefine() {
        #expect(
            MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil,
                composite: nil
            ).allPassed)
        #expect(
            !MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: false,
                composite: nil
            ).allPassed)
        #expect(
            !MRZChecks(
                documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil,
                composite: false
            ).allPassed)
    }
}
