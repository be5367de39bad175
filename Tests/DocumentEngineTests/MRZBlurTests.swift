import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

/// The blur reported for a frame with an MRZ is measured on the MRZ's own rows.
@Suite struct MRZBlurTests {
    /// A clean generated passport page, then the same frame with everything but the MRZ's rows
    /// blurred hard (σ = 4 px): the MRZ still reads, and its blur width barely moves, because the
    /// meter sees the MRZ's print only (the band the MRZ is read from reaches two line spacings
    /// above and below the zone, into the blurred part).
    @Test(arguments: [UInt64(3), 8])
    func blurOutsideTheMRZRowsDoesNotChangeItsBlurWidth(seed: UInt64) throws {
        let scene = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720, kinds: [.td3]).compose(
            seed: seed)
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        let scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weights)))
        let today = MRZDate(year: 2026, month: 11, day: 22)
        func analysis(_ gray: GrayImage) throws -> FrameAnalysis {
            let analysis = scanner.analyze(
                gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height), today: today)
            #expect(analysis.mrz?.correctedLines == scene.truth.mrz)
            return analysis
        }
        let gray = scene.image.grayscale()
        let first = try analysis(gray)
        // The rows the character boxes span, and 3 pixels more each way, stay sharp.
        let ys = first.mrzCharacterBoxes.flatMap { $0.flatMap(\.corners) }.map(\.y)
        let top = try #require(ys.min()), bottom = try #require(ys.max())
        let rows = Int(top) - 3...Int(bottom) + 3
        var blurred = gray
        let soft = gray.gaussianBlurred(sigma: 4)
        for y in 0..<gray.height where !rows.contains(y) {
            for x in 0..<gray.width { blurred[x, y] = soft[x, y] }
        }
        let sharp = try #require(first.blurWidth), after = try #require(try analysis(blurred).blurWidth)
        #expect(abs(after - sharp) <= 0.1 * sharp, "blur width \(sharp) mm before, \(after) mm after")
    }
}
