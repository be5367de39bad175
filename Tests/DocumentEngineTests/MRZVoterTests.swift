import Testing

@testable import DocumentEngine

/// Multi-frame voting: per-character, confidence-weighted, over readings of the majority format.
@Suite struct MRZVoterTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)
    static let specimen = MRZFixture.td3Specimen

    static func confidences(_ lines: [String], _ value: Float) -> [[Float]] {
        lines.map { [Float](repeating: value, count: $0.count) }
    }

    static func confidences(
        _ lines: [String], _ value: Float, at line: Int, _ column: Int, _ special: Float
    ) -> [[Float]] {
        var result = confidences(lines, value)
        result[line][column] = special
        return result
    }

    /// Three readings of the specimen, each with a different single misread that no repair explains.
    static let noisyReadings = [
        MRZFixture.changing(specimen, line: 1, column: 2, to: "3"),  // document number 8 -> 3
        MRZFixture.changing(specimen, line: 1, column: 17, to: "7"),  // birth date 1 -> 7
        MRZFixture.changing(specimen, line: 0, column: 8, to: "X"),  // name K -> X
    ]

    @Test func threeNoisyReadingsVoteToTheRightLines() throws {
        // Given three readings, each wrong at a different character
        var voter = MRZVoter()
        for reading in Self.noisyReadings {
            #expect(reading != Self.specimen)
            do {
                let added = voter.add(lines: reading, confidences: Self.confidences(reading, 0.9))
                #expect(added)
            }
        }

        // Then the vote restores every character, and two readings support each of them
        #expect(voter.count == 3)
        #expect(voter.votedLines() == Self.specimen)
        let record = try #require(voter.result(minimumAgreeing: 2, today: Self.today))
        #expect(record.correctedLines == Self.specimen)
        #expect(record.primaryName == "ERIKSSON")
        #expect(record.documentNumber == "L898902C3")
        #expect(record.allChecksPassed)
        // But no character is supported by all three readings' agreement everywhere
        #expect(voter.result(minimumAgreeing: 3, today: Self.today) == nil)
    }

    @Test func aReadingRepairedOnItsOwnSupportsTheVotedLines() throws {
        var voter = MRZVoter()
        voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.9))
        let confused = MRZFixture.changing(Self.specimen, line: 1, column: 15, to: "O")  // 74O812
        voter.add(lines: confused, confidences: Self.confidences(confused, 0.9))
        let record = try #require(voter.result(minimumAgreeing: 2, today: Self.today))
        #expect(record.correctedLines == Self.specimen)
    }

    @Test func readingsOfAnotherFormatThanTheMajorityAreIgnored() throws {
        var voter = MRZVoter()
        for reading in Self.noisyReadings {
            voter.add(lines: reading, confidences: Self.confidences(reading, 0.5))
        }
        // Two confident TD1 readings do not outvote three TD3 readings.
        for _ in 0..<2 {
            voter.add(lines: MRZFixture.td1Specimen, confidences: Self.confidences(MRZFixture.td1Specimen, 1))
        }
        #expect(voter.count == 5)
        #expect(voter.votedLines() == Self.specimen)
        let record = try #require(voter.result(minimumAgreeing: 2, today: Self.today))
        #expect(record.format == .td3)

        // Once TD1 readings are the majority, TD1 is voted and the TD3 readings are ignored.
        for _ in 0..<2 {
            voter.add(lines: MRZFixture.td1Specimen, confidences: Self.confidences(MRZFixture.td1Specimen, 1))
        }
        #expect(voter.votedLines() == MRZFixture.td1Specimen)
        let card = try #require(voter.result(minimumAgreeing: 4, today: Self.today))
        #expect(card.format == .td1)
        #expect(voter.result(minimumAgreeing: 5, today: Self.today) == nil)
    }

    @Test func minimumAgreeingIsRespected() throws {
        var voter = MRZVoter()
        #expect(voter.result(minimumAgreeing: 1, today: Self.today) == nil)
        voter.add(lines: Self.specimen, confidences: [])
        #expect(voter.result(minimumAgreeing: 1, today: Self.today) != nil)
        #expect(voter.result(minimumAgreeing: 0, today: Self.today) != nil)  // treated as 1
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) == nil)
        voter.add(lines: Self.specimen, confidences: [])
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) != nil)
        #expect(voter.result(minimumAgreeing: 3, today: Self.today) == nil)
    }

    @Test func agreeingReadingsAreNotEnoughWhenAChecksFails() {
        // Two identical readings that fail the document number's check: agreement is not enough.
        let wrong = Self.noisyReadings[0]
        var voter = MRZVoter()
        voter.add(lines: wrong, confidences: [])
        voter.add(lines: wrong, confidences: [])
        #expect(voter.votedLines() == wrong)
        #expect(voter.result(minimumAgreeing: 1, today: Self.today) == nil)
    }

    @Test func anUnverifiedVoteIsGivenOnlyOnRequestAndAfterEnoughReadings() throws {
        // Given readings that agree but fail the document number's check
        let wrong = Self.noisyReadings[0]
        var voter = MRZVoter()
        for _ in 0..<3 { voter.add(lines: wrong, confidences: Self.confidences(wrong, 0.8)) }
        // Then no verified result, and an unverified one only from the requested count on
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) == nil)
        #expect(voter.unverifiedResult(minimumReadings: 4, today: Self.today) == nil)
        let record = try #require(voter.unverifiedResult(minimumReadings: 3, today: Self.today))
        #expect(!record.allChecksPassed && record.rawLines == wrong)
    }

    @Test func votedConfidencesAreTheMeanConfidenceOfTheReadingsBehindEachCharacter() throws {
        var voter = MRZVoter()
        voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.9))
        voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.5))
        let confidences = try #require(voter.votedConfidences())
        #expect(confidences.map(\.count) == Self.specimen.map(\.count))
        #expect(confidences.joined().allSatisfy { abs($0 - 0.7) < 1e-6 })
    }

    @Test func agreeingReadingsWhoseNameWasReadUnsurelyAreNotAVerifiedResult() throws {
        // Given two agreeing readings whose checks pass, the name's characters read at 0.3
        var voter = MRZVoter()
        var unsure = Self.confidences(Self.specimen, 0.95)
        for column in 5..<44 { unsure[0][column] = 0.3 }
        voter.add(lines: Self.specimen, confidences: unsure)
        voter.add(lines: Self.specimen, confidences: unsure)
        // Then the vote is not verified: no check digit covers the name
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) == nil)
        // And a third, sure reading makes it one
        voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.95))
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) != nil)
    }

    @Test func aLowConfidenceMinorityCharacterLoses() throws {
        var voter = MRZVoter()
        let wrong = Self.noisyReadings[0]
        voter.add(lines: wrong, confidences: Self.confidences(wrong, 0.6, at: 1, 2, 0.1))
        voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.6))
        voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.6))
        #expect(voter.votedLines() == Self.specimen)
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) != nil)
    }

    @Test func aConfidentCharacterOutweighsTwoUnsureOnes() throws {
        // Given two readings unsure (0.2) of a wrong character and one sure (0.9) of the right one
        let wrong = Self.noisyReadings[0]
        var weighted = MRZVoter()
        weighted.add(lines: wrong, confidences: Self.confidences(wrong, 0.8, at: 1, 2, 0.2))
        weighted.add(lines: wrong, confidences: Self.confidences(wrong, 0.8, at: 1, 2, 0.2))
        weighted.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 0.8, at: 1, 2, 0.9))

        // Then the confident character wins the vote and the record verifies
        #expect(weighted.votedLines() == Self.specimen)
        let record = try #require(weighted.result(minimumAgreeing: 1, today: Self.today))
        #expect(record.documentNumber == "L898902C3")

        // While the same readings counted without confidences elect the wrong character
        var unweighted = MRZVoter()
        unweighted.add(lines: wrong, confidences: [])
        unweighted.add(lines: wrong, confidences: [])
        unweighted.add(lines: Self.specimen, confidences: [])
        #expect(unweighted.votedLines() == wrong)
        #expect(unweighted.result(minimumAgreeing: 1, today: Self.today) == nil)
    }

    @Test func readingsThatAreNoZoneOrWhoseConfidencesDoNotFitAreNotKept() {
        var voter = MRZVoter()
        do {
            let added = voter.add(lines: ["P<UTO"], confidences: [])
            #expect(!added)
        }
        do {
            let added = voter.add(lines: [Self.specimen[0].lowercased(), Self.specimen[1]], confidences: [])
            #expect(!added)
        }
        do {
            let added = voter.add(lines: Self.specimen, confidences: [[0.5]])
            #expect(!added)
        }
        do {
            let added = voter.add(lines: Self.specimen, confidences: [[Float](repeating: 1, count: 44)])
            #expect(!added)
        }
        do {
            let added = voter.add(
                lines: Self.specimen,
                confidences: [
                    [Float](repeating: 1, count: 44),
                    [Float](repeating: 1, count: 43),
                ])
            #expect(!added)
        }
        #expect(voter.count == 0)
        // Out-of-range and NaN confidences are clamped, not rejected.
        do {
            let added = voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, .nan))
            #expect(added)
        }
        do {
            let added = voter.add(lines: Self.specimen, confidences: Self.confidences(Self.specimen, 7))
            #expect(added)
        }
        #expect(voter.count == 2)
        #expect(voter.votedLines() == Self.specimen)
    }

    @Test func theOldestReadingsAreDroppedBeyondCapacity() throws {
        var voter = MRZVoter(capacity: 2)
        let wrong = Self.noisyReadings[0]
        for _ in 0..<3 {
            voter.add(lines: wrong, confidences: [])
        }
        voter.add(lines: Self.specimen, confidences: [])
        voter.add(lines: Self.specimen, confidences: [])
        #expect(voter.count == 2)
        #expect(voter.votedLines() == Self.specimen)
        #expect(voter.result(minimumAgreeing: 2, today: Self.today) != nil)
    }

    @Test func resetForgetsEveryReading() {
        var voter = MRZVoter()
        voter.add(lines: Self.specimen, confidences: [])
        voter.reset()
        #expect(voter.count == 0)
        #expect(voter.votedLines() == nil)
        #expect(voter.result(minimumAgreeing: 1, today: Self.today) == nil)
    }
}
