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
