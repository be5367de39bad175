import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Testing

@testable import BlinkID

/// The barcode step of a session, end to end on generated cards: a licence back shown first, then
/// its front and back; a back with both an MRZ and a barcode (rejected, then agreeing; tampered).
/// Few frames: every session shares the processing actor and the debug engine is slow.
@Suite(.timeLimit(.minutes(3)))
struct BarcodeSessionTests {
    static func session(_ mode: ScanningMode) async throws -> BlinkIDSession {
        let sdk = try await BlinkIDSessionTests.sdk()
        return await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo, scanningMode: mode))
    }

    @Test func aLicenceBackFirstIsTheWrongSideThenFrontAndBackGiveTheAAMVAFields() async throws {
        let session = try await Self.session(.automatic)
        let (back, payload) = try LicenceFixtures.back(seed: 12)
        let early = await session.process(inputImage: back)
        #expect(early.processResult?.inputImageAnalysisResult.processingStatus == .scanningWrongSide)
        #expect(early.processResult?.resultCompleteness.scanningStatus == .scanningSideInProgress)

        let front = await session.process(inputImage: try LicenceFixtures.front(seed: 11))
        #expect(front.processResult?.resultCompleteness.scanningStatus == .sideScanned)
        #expect(front.processResult?.resultCompleteness.barcodeExtracted == false)

        let done = await session.process(inputImage: back)
        #expect(done.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        #expect(done.processResult?.resultCompleteness.barcodeExtracted == true)
        #expect(done.processResult?.inputImageAnalysisResult.scanningSide == .second)

        let result = await session.getResult()
        let barcode = try #require(result.barcode)
        #expect(barcode.rawData == payload.bytes)
        #expect(barcode.stringData == payload.text)
        let aamva = try #require(barcode.aamva)
        #expect(aamva.version == payload.version)
        #expect(aamva.customerID == payload.fields.customerID)
        #expect(aamva.familyName?.value == payload.fields.familyName?.value)
        #expect(aamva.dateOfBirth?.year == payload.fields.dateOfBirth?.year)
        #expect(aamva.dateOfBirth?.month == payload.fields.dateOfBirth?.month)
        #expect(aamva.dateOfBirth?.day == payload.fields.dateOfBirth?.day)
        #expect(aamva.elements.count == payload.elements.count)
        #expect(aamva.jurisdictionSubfiles.map(\.type) == [payload.jurisdictionSubfileType])
        #expect(result.mrz == nil)
        #expect(result.firstDocumentImage != nil && result.secondDocumentImage != nil)
        #expect(result.dataMatchResult.state == .notPerformed)
    }

    @Test func anMRZReadBesideARejectedBarcodeWaitsForTheBarcodeThenEveryFieldMatches() async throws {
        let session = try await Self.session(.single)
        let rejected = try LicenceFixtures.mrzAndBarcodeBack(seed: 21, tampering: .notAAMVA).image
        let first = await session.process(inputImage: rejected)
        #expect(first.processResult?.resultCompleteness.scanningStatus == .scanningBarcodeInProgress)
        #expect(first.processResult?.inputImageAnalysisResult.processingStatus == .barcodeRecognitionFailed)
        #expect(first.processResult?.resultCompleteness.mrzExtracted == true)
        #expect(await session.getResult().barcode == nil)

        let (intact, identity) = try LicenceFixtures.mrzAndBarcodeBack(seed: 21, tampering: .none)
        let second = await session.process(inputImage: intact)
        #expect(second.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        let result = await session.getResult()
        #expect(result.mrz?.documentNumber == identity.documentNumber)
        #expect(result.barcode?.aamva?.customerID == identity.documentNumber)
        #expect(result.resultCompleteness.mrzExtracted && result.resultCompleteness.barcodeExtracted)
        #expect(result.dataMatchResult.state == .success)
        #expect(result.dataMatchResult.comparisons.map(\.field) == DataMatchResult.Field.allCases)
        #expect(result.dataMatchResult.comparisons.allSatisfy { $0.sources == [.mrz, .barcode] && $0.agrees })
    }

    @Test func aBarcodeWhoseDirectoryLiesIsReadWithAWarningAndItsFieldsMatch() async throws {
        // Given a licence back whose AAMVA directory declares the DL subfile 40 bytes short
        let session = try await Self.session(.single)
        let (image, identity) = try LicenceFixtures.mrzAndBarcodeBack(seed: 21, tampering: .corruptDirectory)
        let frame = await session.process(inputImage: image)
        // Then the barcode is read, not dropped: its fields are there, and the lie is a warning
        #expect(frame.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        let result = await session.getResult()
        let barcode = try #require(result.barcode)
        #expect(barcode.aamva?.customerID == identity.documentNumber)
        #expect(barcode.warnings.map(\.code) == ["subfileLengthMismatch"])
        #expect(barcode.warnings.allSatisfy { !$0.message.contains(identity.documentNumber) })
        #expect(result.dataMatchResult.state == .success)
    }

    @Test func aBarcodeThatContradictsTheMRZIsReportedFieldByField() async throws {
        let session = try await Self.session(.single)
        let (image, _) = try LicenceFixtures.mrzAndBarcodeBack(seed: 21, tampering: .dateOfBirthAndNumber)
        let frame = await session.process(inputImage: image)
        #expect(frame.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        let result = await session.getResult()
        #expect(result.mrz != nil && result.barcode != nil)
        #expect(result.dataMatchResult.state == .failed)
        #expect(result.dataMatchResult.mismatches == [.documentNumber, .dateOfBirth])
    }
}
