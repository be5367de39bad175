import Testing

@testable import DocumentEngine

/// Properties over seeded random zones of every layout.
@Suite struct MRZPropertyTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)
    static let zonesPerFormat = 200

    @Test(arguments: MRZFormat.allCases)
    func randomValidZonesParseBackToTheirFields(format: MRZFormat) throws {
        var generator = MRZGenerator(seed: 0x5EED_0001 &+ UInt64(format.lineLength * format.lineCount))
        for _ in 0..<Self.zonesPerFormat {
            let fixture = generator.fixture(format)
            let record = try MRZParser.parse(fixture.lines, today: Self.today)
            // One expectation per zone (the fields side by side) keeps a thousand zones fast.
            let parsed = [
                record.format.rawValue, record.documentCode, record.issuingCountry, record.documentNumber,
                record.primaryName, record.secondaryName, record.nationality, record.sex,
                record.dateOfBirth?.raw ?? "-", record.dateOfExpiry?.raw ?? "-", record.optionalData1,
                record.optionalData2, "\(record.allChecksPassed)", "\(record.repairs.count)",
            ]
            let expected = [
                format.rawValue, fixture.documentCode.filter { $0 != "<" }, fixture.issuingCountry,
                fixture.documentNumber, fixture.primaryName, fixture.secondaryName, fixture.nationality,
                String(fixture.sex), fixture.dateOfBirth, fixture.dateOfExpiry, fixture.optionalData1,
                fixture.optionalData2, "true", "0",
            ]
            #expect(parsed == expected)
        }
    }

    @Test(arguments: MRZFormat.allCases)
    func aConfusedCharacterInANumericCheckedFieldIsRepairedBack(format: MRZFormat) throws {
        var generator = MRZGenerator(seed: 0x5EED_0002 &+ UInt64(format.lineLength * format.lineCount))
        var repaired = 0
        for _ in 0..<Self.zonesPerFormat {
            // Given a valid zone with one digit of a date or check digit read as its confusable letter
            let lines = generator.fixture(format).lines
            let text = try MRZText(validating: lines)
            let layout = MRZFieldLayout.of(format)
            let numeric =
                layout.dateOfBirth.positions + layout.dateOfExpiry.positions
                + layout.checkedFields(in: text).compactMap(\.check) + [layout.compositeCheck].compactMap { $0 }
            let confusable = numeric.filter { MRZConfusion.letter(for: text[$0]) != nil }
            guard !confusable.isEmpty else { continue }
            let position = generator.pick(confusable)
            let original = Character(Unicode.Scalar(text[position]))
            let letter = Character(Unicode.Scalar(MRZConfusion.letter(for: text[position]) ?? 0))
            let corrupted = MRZFixture.changing(lines, line: position.line, column: position.column, to: letter)

            // When it is parsed
            let record = try MRZParser.parse(corrupted, today: Self.today)

            // Then exactly that character is put back and every check passes
            let repairs = record.repairs.map { "\($0.line):\($0.column):\($0.to)" }
            #expect(
                record.correctedLines == lines && record.allChecksPassed
                    && repairs == ["\(position.line):\(position.column):\(original)"])
            repaired += 1
        }
        #expect(repaired > Self.zonesPerFormat / 2, "too few zones had a confusable numeric character")
    }

    /// Outcomes of parsing document numbers with one misread character.
    struct Outcomes {
        var restored = 0
        var leftFailing = 0
        var wronglyRepaired = 0
        var total: Int { restored + leftFailing + wronglyRepaired }
    }

    /// Parses TD3 zones whose document number (of `shapes`) has one character changed by `misread`.
    static func documentNumberOutcomes(
        shapes: [MRZGenerator.NumberShape], seed: UInt64, count: Int,
        misread: (inout MRZGenerator, Character) -> Character?
    ) throws -> Outcomes {
        var generator = MRZGenerator(seed: seed)
        var outcomes = Outcomes()
        while outcomes.total < count {
            var fixture = generator.fixture(.td3)
            fixture.documentNumber = generator.documentNumber(generator.pick(shapes))
            let lines = fixture.lines
            let column = generator.int(0...8)
            guard let wrong = misread(&generator, Array(fixture.documentNumber)[column]) else { continue }
            let corrupted = MRZFixture.changing(lines, line: 1, column: column, to: wrong)
            let misreadNumber = String(corrupted[1].prefix(9))
            // A misread that keeps the check digit agreeing cannot be seen: nothing to judge.
            guard MRZFixture.check(misreadNumber) != String(Array(corrupted[1])[9]) else { continue }
            let record = try MRZParser.parse(corrupted, today: today)
            if record.correctedLines == lines && record.allChecksPassed {
                outcomes.restored += 1
            } else if record.correctedLines == corrupted && !record.checks.documentNumber {
                outcomes.leftFailing += 1
            } else {
                outcomes.wronglyRepaired += 1
            }
        }
        return outcomes
    }

    @Test func aConfusedDocumentNumberIsRestoredOrLeftFailingButNeverChangedIntoAnother() throws {
        // Structured numbers (letters then digits, or digits only), one character read as its partner.
        let outcomes = try Self.documentNumberOutcomes(
            shapes: [.letterThenDigits, .twoLettersThenDigits, .digits], seed: 0x5EED_0003, count: 600
        ) { _, character in
            MRZConfusion.partner(of: character.asciiValue ?? 0).map { Character(Unicode.Scalar($0)) }
        }
        #expect(outcomes.wronglyRepaired == 0)
        #expect(outcomes.restored >= outcomes.total * 6 / 10)
    }

    @Test func aDocumentNumberMisreadOutsideTheConfusionPairsIsRarelyRepairedIntoAnother() throws {
        // One character replaced by a character that is neither itself nor its confusion partner:
        // no repair can be right; a mod-10 check is fooled by about one random flip in ten.
        let outcomes = try Self.documentNumberOutcomes(
            shapes: [.letterThenDigits, .twoLettersThenDigits, .digits], seed: 0x5EED_0004, count: 600
        ) { generator, character in
            let partner = MRZConfusion.partner(of: character.asciiValue ?? 0).map { Character(Unicode.Scalar($0)) }
            let pool = (MRZGenerator.letters + MRZGenerator.digits).filter { $0 != character && $0 != partner }
            return generator.pick(pool)
        }
        #expect(outcomes.restored == 0)
        #expect(outcomes.wronglyRepaired <= outcomes.total * 4 / 100)
        #expect(outcomes.leftFailing + outcomes.wronglyRepaired == outcomes.total)
    }

    @Test func theByteCheckDigitAgreesWithTheStringCheckDigit() {
        var generator = MRZGenerator(seed: 0x5EED_0005)
        let alphabet = MRZGenerator.letters + MRZGenerator.digits + ["<", "a", "-", " "]
        for _ in 0..<2000 {
            let field = String((0..<generator.int(0...20)).map { _ in generator.pick(alphabet) })
            #expect(MRZCheckDigit.compute(ascii: Array(field.utf8)) == MRZCheckDigit.compute(field))
        }
    }
}
