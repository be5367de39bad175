import Testing

@testable import DocumentEngine

/// A reading is verified only on evidence: every check agrees, every unchecked character was read
/// confidently as the character reported, and no checked field's check digit agrees with another choice
/// among the recogniser's candidates for its unsure characters.
@Suite struct MRZVerificationTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)

    /// What the scanner does with one frame's candidates: resolve, parse, judge.
    static func judge(_ cells: [[[MRZCandidate]]]) throws -> (lines: [String], verified: Bool) {
        let resolved = try #require(MRZReadingResolver.resolve(cells))
        let record = try MRZParser.parse(resolved, today: today)
        let reading = MRZZoneReader.Reading(
            lines: cells.map { String($0.map { $0[0].character }) },
            confidences: cells.map { $0.map { $0[0].probability } },
            candidates: cells, textLines: [])
        return (record.correctedLines, MRZVerification.isVerified(record, reading: reading))
    }

    @Test func aConfidentReadingIsVerified() throws {
        for specimen in [MRZFixture.td3Specimen, MRZFixture.td1Specimen, MRZFixture.td2Specimen] {
            let (lines, verified) = try Self.judge(MRZReadingResolverTests.candidates(specimen))
            #expect(lines == specimen)
            #expect(verified)
        }
    }

    @Test func aCheckDigitOverAnExpiryThatIsNoDateIsNotEvidence() throws {
        // The specimen with its expiry made 13th month (121315), its check digit and the composite
        // recomputed so that every check agrees, and every character read confidently
        var line = Array(MRZFixture.td3Specimen[1])
        line.replaceSubrange(21..<27, with: Array("121315"))
        line[27] = try #require(MRZCheckDigit.character(for: String(line[21..<27])))
        let composite = String(line[0..<10]) + String(line[13..<20]) + String(line[21..<43])
        line[43] = try #require(MRZCheckDigit.character(for: composite))
        let lines = [MRZFixture.td3Specimen[0], String(line)]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.allChecksPassed)
        #expect(record.dateOfExpiry == nil)

        let (reported, verified) = try Self.judge(MRZReadingResolverTests.candidates(lines))
        #expect(reported == lines)
        #expect(!verified)
    }

    @Test func aNameLetterTheRecogniserNeverProposedIsNotEvidence() throws {
        // Given the I of ERIKSSON read as 1, confidently, with no letter among the candidates
        let position = MRZPosition(line: 0, column: 7)
        #expect(Array(MRZFixture.td3Specimen[0])[7] == "I")
        let cells = MRZReadingResolverTests.candidates(MRZFixture.td3Specimen, [position: [("1", 0.95)]])

        // Then the name holds its confusion partner I (right, as it happens) but is not verified:
        // the recogniser read a 1, and a name's 1 may as well have been an F or an L
        let (lines, verified) = try Self.judge(cells)
        #expect(lines == MRZFixture.td3Specimen)
        #expect(!verified)
    }

    @Test func aNameLetterTheRecogniserRankedSecondCountsWithItsOwnProbability() throws {
        let position = MRZPosition(line: 0, column: 7)
        // I second at 0.3: unsure, not verified; I second at 0.45 and 1 first at 0.46: still unsure
        for (one, letter) in [(Float(0.65), Float(0.3)), (0.46, 0.45)] {
            let cells = MRZReadingResolverTests.candidates(
                MRZFixture.td3Specimen, [position: [("1", one), ("I", letter)]])
            let (lines, verified) = try Self.judge(cells)
            #expect(lines == MRZFixture.td3Specimen)
            #expect(!verified)
        }
    }

    @Test func unsureCharactersWhoseAlternativesTheCheckDigitRulesOutAreVerified() throws {
        // The document number L898902C3 (check weights 7, 3, 1, ...): its first 8 unsure against B
        // (11, weighed 3: off by 9) and its second unsure against 3 (weighed 7: off by 35); neither
        // change, nor both, agrees with the check digit, so the check digit does tell
        let first = MRZPosition(line: 1, column: 1), second = MRZPosition(line: 1, column: 3)
        let cells = MRZReadingResolverTests.candidates(
            MRZFixture.td3Specimen, [first: [("8", 0.6), ("B", 0.35)], second: [("8", 0.55), ("3", 0.4)]])

        let (lines, verified) = try Self.judge(cells)
        #expect(lines == MRZFixture.td3Specimen)
        #expect(verified)
    }

    @Test func anUnsureCharacterWhoseAlternativeAlsoAgreesIsNotVerified() throws {
        // The number's L (21) unsure against 1 (1): off by 20, which no weight tells from 0 mod 10
        let position = MRZPosition(line: 1, column: 0)
        let cells = MRZReadingResolverTests.candidates(MRZFixture.td3Specimen, [position: [("L", 0.65), ("1", 0.3)]])

        let (lines, verified) = try Self.judge(cells)
        #expect(lines == MRZFixture.td3Specimen)
        #expect(!verified)
        // Read confidently, the same L is verified
        let sure = MRZReadingResolverTests.candidates(MRZFixture.td3Specimen, [position: [("L", 0.95), ("1", 0.04)]])
        #expect(try Self.judge(sure).verified)
    }

    @Test func aCharacterTheParserRepairedCountsAsUnread() throws {
        // Given voted lines whose nationality reads UT0 (the parser repairs the 0 to O)
        var lines = MRZFixture.td3Specimen
        var line = Array(lines[1])
        #expect(line[12] == "O")
        line[12] = "0"
        lines[1] = String(line)
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.correctedLines == MRZFixture.td3Specimen)
        let confident = lines.map { [Float](repeating: 0.99, count: $0.count) }

        // Then the repaired O is judged as unread, and the reading is not verified
        #expect(!MRZVerification.isVerified(record, lines: lines, confidences: confident))
        #expect(
            MRZVerification.isVerified(
                try MRZParser.parse(MRZFixture.td3Specimen, today: Self.today), lines: MRZFixture.td3Specimen,
                confidences: confident))
    }
}
