import CaptureCore
import Foundation
import Testing

@testable import BlinkID

/// Scanning sessions end to end: the guide's example on the bundled sample documents (real
/// decoding, localisation, OCR and parsing), video voting, the two-sided flow and bad input.
@Suite(.timeLimit(.minutes(3)))
struct BlinkIDSessionTests {
    /// `samples/documents/<name>.jpg` in the repository.
    static func sample(_ name: String) throws -> InputImage {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/documents/\(name).jpg")
        return try InputImage(contentsOf: url)
    }

    static func sdk() async throws -> BlinkIDSdk {
        try await BlinkIDSdk.create(
            settings: BlinkIDSdkSettings(
                licenseKey: try BlinkIDSdkTests.license(),
                downloadResources: false,
                allowsDevelopmentLicenses: true),
            now: { BlinkIDSdkTests.now })
    }

    @Test func theGuidesExampleScansAPassportPhoto() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo))
        let result = await session.process(inputImage: try Self.sample("td3"))
        #expect(result.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        #expect(result.processResult?.inputImageAnalysisResult.documentDetectionStatus == .success)
        #expect(result.processResult?.inputImageAnalysisResult.documentLocation != nil)
        let final = await session.getResult()
        let mrz = try #require(final.mrz)
        #expect(mrz.documentType == .td3)
        #expect(mrz.isVerified)
        #expect(mrz.rawLines.count == 2 && mrz.rawLines.allSatisfy { $0.count == 44 })
        #expect(!mrz.primaryName.isEmpty)
        #expect(final.firstDocumentImage != nil)
        #expect(final.faceImage != nil)
        #expect(final.resultCompleteness.mrzExtracted)
    }

    @Test func videoModeWaitsForTwoAgreeingFrames() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .video))
        let frame = try Self.sample("td2")
        let first = await session.process(inputImage: frame)
        #expect(first.processResult?.resultCompleteness.scanningStatus == .scanningSideInProgress)
        #expect(first.processResult?.inputImageAnalysisResult.mrzDetected == true)
        let second = await session.process(inputImage: frame)
        #expect(second.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        #expect(await session.getResult().mrz?.documentType == .td2)
        // Once scanned, further frames are ignored.
        let third = await session.process(inputImage: frame)
        #expect(third.processResult == nil)
    }

    @Test func anIDCardBackShownFirstIsTheWrongSide() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo, scanningMode: .automatic))
        let result = await session.process(inputImage: try Self.sample("td1Back"))
        #expect(result.processResult?.inputImageAnalysisResult.processingStatus == .scanningWrongSide)
        #expect(result.processResult?.resultCompleteness.scanningStatus == .scanningSideInProgress)
        #expect(await session.getResult().mrz == nil)
    }

    @Test func singleModeAcceptsAnIDCardBackAlone() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo, scanningMode: .single))
        let result = await session.process(inputImage: try Self.sample("td1Back"))
        #expect(result.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        let mrz = try #require(await session.getResult().mrz)
        #expect(mrz.documentType == .td1)
        #expect(mrz.checks.composite == true)
    }

    @Test func aFrameWithoutADocumentFailsDetectionWithoutEndingTheScan() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pixels = (0..<(640 * 480 * 4)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let noise = try RGBAImage(width: 640, height: 480, pixels: pixels)
        let result = await session.process(inputImage: InputImage(image: noise))
        #expect(result.processResult?.inputImageAnalysisResult.mrzDetected == false)
        #expect(result.processResult?.resultCompleteness.scanningStatus == .scanningSideInProgress)
        #expect(await session.getResult().mrz == nil)
    }

    @Test func tinyAndBlankFramesAreHandled() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo))
        for image in [
            RGBAImage(width: 1, height: 1), RGBAImage(width: 3000, height: 2),
            RGBAImage(width: 800, height: 600, fill: RGBA(r: 255, g: 255, b: 255)),
        ] {
            let result = await session.process(inputImage: InputImage(image: image))
            #expect(result.processResult?.inputImageAnalysisResult.documentDetectionStatus == .failed)
            #expect(result.processResult?.resultCompleteness.scanningStatus == .scanningSideInProgress)
        }
    }

    @Test func aRegionOfInterestOutsideTheFrameIsInvalidInput() async throws {
        let sdk = try await Self.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo))
        let image = InputImage(
            image: RGBAImage(width: 64, height: 64),
            regionOfInterest: RegionOfInterest(x: 0.8, y: 0.1, width: 0.5, height: 0.5))
        let result = await session.process(inputImage: image)
        #expect(result.processResult?.inputImageAnalysisResult.processingStatus == .invalidInput)
    }

    @Test func unreadableFilesGiveTypedImageErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capturekit-input-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.jpg")
        let truncated = folder.appendingPathComponent("truncated.jpg")
        try Data().write(to: empty)
        let jpeg = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                    "samples/documents/td3.jpg"))
        try jpeg.prefix(jpeg.count / 3).write(to: truncated)
        for url in [empty, truncated, folder.appendingPathComponent("missing.png")] {
            #expect(throws: ImageError.self) { _ = try InputImage(contentsOf: url) }
        }
    }
}
