import Testing

@testable import DocumentEngine

/// Malformed input gets a typed error, never a crash, and the error never repeats what was read.
@Suite struct MRZParseErrorTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)
    static let line1 = "P<UTOQWERTYUIOP<<ASDFGHJKL<<<<<<<<<<<<<<<<<<"
    static let line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let lines: [String]
        let error: MRZParseError
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no lines", lines: [], error: .noLines),
        Case(name: "one line", lines: [line1], error: .unsupportedLineCount(1)),
        Case(name: "four lines", lines: [line1, line2, line1, line2], error: .unsupportedLineCount(4)),
        Case(name: "empty lines", lines: ["", ""], error: .unsupportedLineLength(line: 0, length: 0)),
        Case(
            name: "short first line", lines: [String(line1.dropLast()), line2],
            error: .unsupportedLineLength(line: 0, length: 43)),
        Case(
            name: "lines of different layouts", lines: [line1, String(line2.prefix(36))],
            error: .unsupportedLineLength(line: 1, length: 36)),
        Case(
            name: "three lines of 44", lines: [line1, line2, line2],
            error: .unsupportedLineLength(line: 0, length: 44)),
        Case(
            name: "huge line", lines: [String(repeating: "A", count: 200_000), line2],
            error: .unsupportedLineLength(line: 0, length: 200_000)),
        Case(name: "lower case", lines: [line1.lowercased(), line2], error: .lowercaseCharacter(line: 0, column: 0)),
        Case(
            name: "lower case inside", lines: [line1, line2.replacing(column: 20, with: "f")],
            error: .lowercaseCharacter(line: 1, column: 20)),
        Case(
            name: "space", lines: [line1, line2.replacing(column: 3, with: " ")],
            error: .characterOutsideAlphabet(line: 1, column: 3)),
        Case(
            name: "punctuation", lines: [line1.replacing(column: 10, with: "-"), line2],
            error: .characterOutsideAlphabet(line: 0, column: 10)),
        Case(
            name: "accented letter", lines: [line1.replacing(column: 7, with: "É"), line2],
            error: .characterOutsideAlphabet(line: 0, column: 7)),
        Case(
            name: "accented lower-case letter", lines: [line1.replacing(column: 7, with: "é"), line2],
            error: .lowercaseCharacter(line: 0, column: 7)),
        Case(
            name: "emoji", lines: [line1, line2.replacing(column: 43, with: "🛂")],
            error: .characterOutsideAlphabet(line: 1, column: 43)),
        Case(
            name: "NUL", lines: [line1, line2.replacing(column: 0, with: "\u{0}")],
            error: .characterOutsideAlphabet(line: 1, column: 0)),
    ]

    @Test(arguments: cases)
    func malformedLinesGiveTypedErrors(_ testCase: Case) {
        #expect(throws: testCase.error) { try MRZParser.parse(testCase.lines, today: Self.today) }
        #expect(MRZParser.format(of: testCase.lines) == nil)
    }

    @Test(arguments: cases)
    func errorDescriptionsNeverRepeatTheLinesCharacters(_ testCase: Case) throws {
        do {
            _ = try MRZParser.parse(testCase.lines, today: Self.today)
            Issue.record("parsing should have failed")
        } catch {
            let description = error.description
            #expect(!description.isEmpty)
            for line in testCase.lines {
                // Every 4-character window holding a letter (a huge line: its first 1000 characters).
                let characters = Array(line.prefix(1000))
                guard characters.count >= 4 else { continue }
                for start in 0...(characters.count - 4) {
                    let window = String(characters[start..<start + 4])
                    if window.contains(where: { $0.isLetter }) {
                        #expect(!description.contains(window), "description repeats \(window.count) characters")
                    }
                }
            }
            #expect(!description.contains("QWERTY"))
            #expect(!description.contains("L898902"))
        }
    }
}
