import CaptureCore
import DocumentEngine
import Testing

@testable import BlinkID

/// Field comparison between MRZ and barcode: normalisation rules as tables.
@Suite struct DocumentFieldComparatorTests {
    @Test(arguments: [
        ("O'BRIEN", "OBRIEN", false, true),
        ("MARIE CLAUDE", "MARIE-CLAUDE", false, true),
        ("MARIA DE C", "MARÍA DEL,CARMEN", true, true),
        ("MARIA DE C", "MARÍA DEL,CARMEN", false, false),
        ("CHRISTODOULOPOULO", "CHRISTODOULOPOULOS", true, true),
        ("SMITH", "SMYTHE", true, false),
        ("JOHN PAUL", "JOHN", false, false),
    ])
    func namesAgreeAfterNormalisation(mrz: String, barcode: String, mrzCut: Bool, agrees: Bool) {
        #expect(DocumentFieldComparator.namesAgree(mrz: mrz, barcode: barcode, mrzMayBeCut: mrzCut) == agrees)
    }

    @Test func versionOneFullNamesSplitIntoFamilyAndGivenNames() {
        let aamva = AamvaResult.fixture(fullName: "SAMPLE,MICHAEL,JOHN")
        let names = DocumentFieldComparator.barcodeNames(aamva)
        #expect(names.family == "SAMPLE" && names.given == "MICHAEL JOHN")
    }

    @Test func sexCodesOfBothStandardsMeetOnMFX() {
        let codes = ["M", "1", "F", "2", "<", "X", "9"].map(DocumentFieldComparator.sexCode)
        #expect(codes == ["M", "M", "F", "F", "X", "X", "X"])
    }

    @Test func documentNumbersCompareOnLettersAndDigitsOnly() {
        #expect(DocumentFieldComparator.alphanumeric("t64-235 789") == "T64235789")
    }

    @Test func withoutBothSourcesNothingIsCompared() {
        #expect(DocumentFieldComparator.compare(mrz: nil, barcode: nil).state == .notPerformed)
        #expect(DocumentFieldComparator.compare(mrz: nil, barcode: nil).comparisons.isEmpty)
    }
}

extension AamvaResult {
    /// An AAMVA result with only a version 01 full name.
    static func fixture(fullName: String) -> AamvaResult {
        AamvaResult(
            version: 1, jurisdictionVersion: nil, issuerIdentificationNumber: "636000", documentType: .driverLicence,
            familyName: nil, firstName: nil, middleName: nil, fullName: fullName, givenNames: nil, nameSuffix: nil,
            dateOfBirth: nil, dateOfExpiry: nil, dateOfIssue: nil, sex: nil, eyeColour: nil, hairColour: nil,
            height: nil, address: nil, country: nil, customerID: nil, documentDiscriminator: nil,
            inventoryControlNumber: nil, vehicleClass: nil, restrictions: nil, endorsements: nil, complianceType: nil,
            isOrganDonor: nil, isVeteran: nil, elements: [], jurisdictionSubfiles: [])
    }
}

/// The MRZ against the printed zone: ICAO transliteration of names, mismatches listed.
@Suite struct VizFieldComparisonTests {
    private func mrz() throws -> MrzResult {
        let lines = [
            "P<UTOMUELLER<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<",
            "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
        ]
        return MrzResult(try MRZParser.parse(lines, today: MRZDate(year: 2026, month: 11, day: 26)))
    }

    private func viz(surname: String, number: String = "L898902C3", birth: (Int, Int, Int) = (12, 8, 1974)) -> VizResult
    {
        let zone = VizLayout.Zone(x: 0, y: 0, width: 1, height: 1)
        let reading = VizReading(
            layoutID: "icao-td3",
            fields: [
                .init(field: .primaryName, value: surname, rawText: surname, date: nil, confidence: 0.9, box: zone),
                .init(
                    field: .secondaryName, value: "ANNA MARIA", rawText: "ANNA MARIA", date: nil, confidence: 0.9,
                    box: zone),
                .init(field: .documentNumber, value: number, rawText: number, date: nil, confidence: 0.9, box: zone),
                .init(
                    field: .dateOfBirth, value: "x", rawText: "x",
                    date: VizDate(day: birth.0, month: birth.1, year: birth.2, originalString: "x"), confidence: 0.9,
                    box: zone),
                .init(field: .sex, value: "F", rawText: "F", date: nil, confidence: 0.9, box: zone),
            ], notRead: [])
        return VizResult(reading, side: .first)
    }

    @Test(arguments: ["MÜLLER", "MUELLER", "Müller"])
    func aPrintedNameMatchesItsTransliteration(surname: String) throws {
        let result = DocumentFieldComparator.compare(mrz: try mrz(), barcode: nil, viz: viz(surname: surname))
        #expect(result.state == .success)
        #expect(result.comparisons.allSatisfy { $0.sources == [.mrz, .viz] })
        #expect(result.comparisons.count == 5)
    }

    @Test func printedNumbersTakeOAndZeroIAndOneAsOne() {
        #expect(DocumentFieldComparator.printedNumbersAgree("L898902C3", "L8989O2C3"))
        #expect(DocumentFieldComparator.printedNumbersAgree("I93919816", "193919816"))
        #expect(!DocumentFieldComparator.printedNumbersAgree("L898902C3", "L898902C8"))
    }

    @Test func disagreeingFieldsAreListed() throws {
        let result = DocumentFieldComparator.compare(
            mrz: try mrz(), barcode: nil, viz: viz(surname: "MILLER", number: "L898902C8", birth: (12, 8, 1975)))
        #expect(result.state == .failed)
        #expect(result.mismatches == [.familyName, .documentNumber, .dateOfBirth])
    }

    @Test func fieldsTheMRZCarriesAreMarkedVerifiedOrContradicted() throws {
        let checked = DocumentFieldComparator.checked(
            viz(surname: "MÜLLER", number: "L8989O2C3", birth: (12, 8, 1975)), against: try mrz())
        // The printed accents stay; the number takes the MRZ's O/0 spelling; the birth date is contradicted.
        #expect(checked.primaryName == "MÜLLER")
        #expect(checked.documentNumber == "L898902C3")
        #expect(checked.verifiedFields == [.primaryName, .secondaryName, .documentNumber, .sex])
        #expect(checked.contradictedFields == [.dateOfBirth])
        #expect(checked.dateOfBirth?.year == 1975)
        let unchecked = DocumentFieldComparator.checked(viz(surname: "MÜLLER"), against: nil)
        #expect(unchecked.fields.allSatisfy { $0.mrzCheck == .notCompared })
    }

    @Test func aContradictedNameStaysAsPrinted() throws {
        let checked = DocumentFieldComparator.checked(viz(surname: "MILLER"), against: try mrz())
        #expect(checked.primaryName == "MILLER")
        #expect(checked[.primaryName]?.mrzCheck == .contradicted)
    }

    @Test func fieldBoxesFollowTheDocumentOutlineIntoTheFrame() throws {
        // The TD3 page (125 x 88 mm) drawn at 2 px/mm from (10, 20): the 1 mm box at its corner
        // lands on the 2 px square there.
        let layouts = try VizLayoutCatalogue.bundled()
        let boxes = viz(surname: "MÜLLER").fieldQuadrilaterals(
            documentQuad: Quadrilateral2D(x: 10, y: 20, width: 250, height: 176), layouts: layouts)
        #expect(boxes.map(\.field) == [.primaryName, .secondaryName, .documentNumber, .dateOfBirth, .sex])
        let quad = try #require(boxes.first?.quad)
        #expect(abs(quad.upperLeft.x - 10) < 1e-6 && abs(quad.upperLeft.y - 20) < 1e-6)
        #expect(abs(quad.lowerRight.x - 12) < 1e-6 && abs(quad.lowerRight.y - 22) < 1e-6)
        let zone = VizLayout.Zone(x: 0, y: 0, width: 1, height: 1)
        let unknown = VizResult(
            VizReading(
                layoutID: "no-such-layout",
                fields: [.init(field: .sex, value: "F", rawText: "F", date: nil, confidence: 0.9, box: zone)],
                notRead: []),
            side: .first)
        #expect(unknown.fields.count == 1)
        #expect(
            unknown.fieldQuadrilaterals(
                documentQuad: Quadrilateral2D(x: 0, y: 0, width: 10, height: 10), layouts: layouts
            ).isEmpty)
    }
}
