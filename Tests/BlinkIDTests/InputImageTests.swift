import CaptureCore
import Foundation
import Testing

@testable import BlinkID

/// Camera frames turned upright by their orientation, and regions of interest validated.
@Suite struct InputImageTests {
    /// A 3x2 buffer whose pixels name their position: red = x, green = y.
    static let buffer: RGBAImage = {
        var image = RGBAImage(width: 3, height: 2)
        for y in 0..<2 {
            for x in 0..<3 { image[x, y] = RGBA(r: UInt8(x), g: UInt8(y), b: 0) }
        }
        return image
    }()

    /// The buffer position (x, y) shown at the upright image's top-left and top-right corners.
    static func corners(_ orientation: CameraFrameVideoOrientation) -> (Int, Int, Int, Int, size: (Int, Int)) {
        let input = InputImage(
            cameraFrame: CameraFrame(
                buffer: MBSampleBufferWrapper(image: buffer),
                orientation: orientation))
        let upright = input.rgbaImage
        let tl = upright[0, 0], tr = upright[upright.width - 1, 0]
        return (Int(tl.r), Int(tl.g), Int(tr.r), Int(tr.g), (input.width, input.height))
    }

    @Test func landscapeRightIsTheSensorsOwnOrientation() {
        let c = Self.corners(.landscapeRight)
        #expect(c.size == (3, 2))
        #expect((c.0, c.1, c.2, c.3) == (0, 0, 2, 0))
    }

    @Test func portraitTurnsTheBufferClockwise() {
        let c = Self.corners(.portrait)
        #expect(c.size == (2, 3))
        // After a clockwise quarter turn the buffer's lower-left pixel is at the top-left.
        #expect((c.0, c.1, c.2, c.3) == (0, 1, 0, 0))
    }

    @Test func landscapeLeftTurnsTheBufferHalfway() {
        let c = Self.corners(.landscapeLeft)
        #expect(c.size == (3, 2))
        #expect((c.0, c.1, c.2, c.3) == (2, 1, 0, 1))
    }

    @Test func portraitUpsideDownTurnsTheBufferCounterClockwise() {
        let c = Self.corners(.portraitUpsideDown)
        #expect(c.size == (2, 3))
        #expect((c.0, c.1, c.2, c.3) == (2, 0, 2, 1))
    }

    @Test(arguments: [
        (0.0, 0.0, 1.0, 1.0, true), (0.25, 0.25, 0.5, 0.5, true), (-0.1, 0, 0.5, 0.5, false),
        (0.6, 0, 0.5, 0.5, false), (0, 0, 0, 1, false), (0, 0, 1, -1, false), (Double.nan, 0, 1, 1, false),
        (0, 0, Double.infinity, 1, false),
    ])
    func regionsOfInterestMustLieInTheUnitSquare(x: Double, y: Double, w: Double, h: Double, valid: Bool) {
        let roi = RegionOfInterest(x: Float(x), y: Float(y), width: Float(w), height: Float(h))
        #expect(((try? roi.validated()) != nil) == valid)
    }

    @Test func aPortraitCameraFrameOfAPassportIsReadUpright() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/documents/td3.jpg")
        // What a sensor delivers when the phone is held upright: the scene turned counter-clockwise.
        let sensor = try ImageCodec.decode(contentsOf: url).rotated(quarterTurnsClockwise: 3)
        let frame = CameraFrame(buffer: MBSampleBufferWrapper(image: sensor), orientation: .portrait)
        let sdk = try await BlinkIDSessionTests.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo))
        let result = await session.process(inputImage: InputImage(cameraFrame: frame))
        #expect(result.processResult?.resultCompleteness.scanningStatus == .documentScanned)
        // Locations are in the upright frame: the passport is wider than tall there.
        let location = try #require(result.processResult?.inputImageAnalysisResult.documentLocation?.location)
        #expect(abs(location.upperRight.x - location.upperLeft.x) > abs(location.lowerLeft.y - location.upperLeft.y))
    }

    @Test func aCancelBeforeAFrameDoesNotCancelIt() async throws {
        let sdk = try await BlinkIDSessionTests.sdk()
        let session = await sdk.createScanningSession(sessionSettings: BlinkIDSessionSettings(inputImageSource: .photo))
        session.cancelActiveProcessing()
        let result = await session.process(inputImage: try BlinkIDSessionTests.sample("td3"))
        #expect(result.processResult?.resultCompleteness.scanningStatus == .documentScanned)
    }
}
