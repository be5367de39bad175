import Testing

@testable import DocumentEngine

/// The resolver picks, among the recogniser's candidates per cell, the most probable text the
/// layout allows; it never invents a character and leaves a check failing when nothing satisfies it.
@Suite struct MRZReadingResolverTests {
    /// Candidates that read `lines` confidently, with `overrides` replacing whole cells.
    static func candidates(
        _ lines: [String], _ overrides: [MRZPosition: [(Character, Float)]] = [:]
    ) -> [[[MRZCandidate]]] {
        lines.enumerated().map { line, text in
            text.enumerated().map { column, character in
                let cell = overrides[MRZPosition(line: line, column: column)] ?? [(character, 0.98)]
                return cell.map { MRZCandidate(character: $0.0, probability: $0.1) }
            }
        }
    }

    @Test func aConfidentReadingThatPassesEveryCheckIsKept() {
        for specimen in [
            MRZFixture.td3Specimen, MRZFixture.td1Specimen, MRZFixture.td2Specimen, MRZFixture.mrvASpecimen,
        ] {
            #expect(MRZReadingResolver.resolve(Self.candidates(specimen)) == specimen)
        }
    }

    @Test func aLessProbableCandidateIsChosenWhenItMakesTheCheckAgree() {
        // Given "L898902C3" with its second 8 read as 3 at 0.55 and as 8 at 0.40
        let cells = Self.candidates(
            MRZFixture.td3Specimen, [MRZPosition(line: 1, column: 3): [("3", 0.55), ("8", 0.40)]])

        // Then the 8 is chosen: only it makes the number's check digit agree
        #expect(MRZReadingResolver.resolve(cells) == MRZFixture.td3Specimen)
    }

    @Test func aWrongReadingWithNoAgreeingAlternativeIsLeftAsReadAndItsCheckFails() throws {
        // Given the second 8 read as 3 with nothing else offered
        let cells = Self.candidates(MRZFixture.td3Specimen, [MRZPosition(line: 1, column: 3): [("3", 0.97)]])

        // Then the 3 stays, and the parser reports the number's check as failing
        let resolved = try #require(MRZReadingResolver.resolve(cells))
        #expect(resolved[1].hasPrefix("L893902C3"))
        let record = try MRZParser.parse(resolved, today: MRZDate(year: 2024, month: 6, day: 15))
        #expect(!record.allChecksPassed)
    }

    @Test func aCandidateBelowTheMinimumProbabilityIsNotConsidered() throws {
        let cells = Self.candidates(
            MRZFixture.td3Specimen, [MRZPosition(line: 1, column: 3): [("3", 0.98), ("8", 0.01)]])
        let resolved = try #require(MRZReadingResolver.resolve(cells))
        #expect(resolved[1].hasPrefix("L893902C3"))
    }

    @Test(arguments: [
        (MRZFixture.td3Specimen, Character("F"), Character("P")),
        (MRZFixture.td1Specimen, Character("L"), Character("I")),
        (MRZFixture.td2Specimen, Character("T"), Character("I")),
    ])
    func theDocumentCodeStartsWithALetterItsLayoutAllows(specimen: [String], read: Character, truth: Character) {
        // Given the document code's first letter read wrongly, the right one second
        let cells = Self.candidates(specimen, [MRZPosition(line: 0, column: 0): [(read, 0.7), (truth, 0.25)]])

        #expect(MRZReadingResolver.resolve(cells) == specimen)
    }

    @Test func aDocumentCodeWithNoAllowedCandidateKeepsItsTopReading() throws {
        // Nothing is invented: with only F offered, F stays
        let cells = Self.candidates(
            MRZFixture.td3Specimen, [MRZPosition(line: 0, column: 0): [("F", 0.7), ("E", 0.2)]])
        let resolved = try #require(MRZReadingResolver.resolve(cells))
        #expect(resolved[0].hasPrefix("F<UTO"))
    }

    @Test func aLetterInADateBecomesItsConfusionPartnerWhenNoCandidateIsADigit() {
        // Given the birth date's 0 read only as O
        let cells = Self.candidates(
            MRZFixture.td3Specimen, [MRZPosition(line: 1, column: 15): [("O", 0.9), ("Q", 0.05)]])

        #expect(MRZReadingResolver.resolve(cells) == MRZFixture.td3Specimen)
    }

    @Test func linesWithoutALayoutsShapeAreNotResolved() {
        #expect(MRZReadingResolver.resolve(Self.candidates(["P<UTO", "L898"])) == nil)
        #expect(MRZReadingResolver.resolve([]) == nil)
    }
}

/// The resolver's limits on making a check digit agree: one change per field, and only where the
/// recogniser was unsure (issue: no valid-but-wrong MRZ).
@Suite struct MRZReadingResolverLimitTests {
    private let today = MRZDate(year: 2024, month: 6, day: 15)

    @Test func twoUnsureCellsOfOneFieldAreNotBothChangedToMakeItsCheckAgree() throws {
        // Given the number's two 8s read as 0 and 3 at 0.55 with 8 second: only changing both agrees
        // ("L093902C3" has check 7, "L893902C3" and "L098902C3" have 1 and 2, the truth 6)
        let cells = MRZReadingResolverTests.candidates(
            MRZFixture.td3Specimen,
            [
                MRZPosition(line: 1, column: 1): [("0", 0.55), ("8", 0.40)],
                MRZPosition(line: 1, column: 3): [("3", 0.55), ("8", 0.40)],
            ])
        // Then neither is changed, and the number's check fails honestly
        let resolved = try #require(MRZReadingResolver.resolve(cells))
        #expect(resolved[1].hasPrefix("L093902C3"))
        let record = try MRZParser.parse(resolved, today: today)
        #expect(!record.checks.documentNumber && !record.allChecksPassed)
    }

    @Test func aCellTheRecogniserWasSureOfIsNeverChanged() throws {
        // Given the second 8 read as 3 at 0.92 (sure), 8 second at 0.05
        let cells = MRZReadingResolverTests.candidates(
            MRZFixture.td3Specimen, [MRZPosition(line: 1, column: 3): [("3", 0.92), ("8", 0.05)]])
        // Then the 3 stays: a sure character is not changed to make a check agree
        let resolved = try #require(MRZReadingResolver.resolve(cells))
        #expect(resolved[1].hasPrefix("L893902C3"))
        // And an unsure one is (the same cell at 0.60)
        let unsure = MRZReadingResolverTests.candidates(
            MRZFixture.td3Specimen, [MRZPosition(line: 1, column: 3): [("3", 0.60), ("8", 0.35)]])
        #expect(MRZReadingResolver.resolve(unsure) == MRZFixture.td3Specimen)
    }

    @Test func oneChangeInEachOfTwoFieldsIsAllowed() throws {
        // Given one unsure cell in the number and one in the date of birth
        let cells = MRZReadingResolverTests.candidates(
            MRZFixture.td3Specimen,
            [
                MRZPosition(line: 1, column: 3): [("3", 0.55), ("8", 0.40)],
                MRZPosition(line: 1, column: 13): [("1", 0.55), ("7", 0.40)],
            ])
        #expect(MRZReadingResolver.resolve(cells) == MRZFixture.td3Specimen)
    }
}
