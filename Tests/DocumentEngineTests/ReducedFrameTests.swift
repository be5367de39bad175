import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

/// The reduced copies the zone and outline searches share, and what the zone search reports when
/// there is no MRZ to see.
@Suite struct ReducedFrameTests {
    /// A copy is the region downscaled as `GrayImage.downscaled(_:by:)` does it, made once per factor.
    @Test func copiesAreTheRegionDownscaledAndMadeOnce() throws {
        var pixels = [UInt8](repeating: 0, count: 130 * 90)
        for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        let image = try GrayImage(width: 130, height: 90, pixels: pixels)
        let region = PixelRect(x: 7, y: 5, width: 101, height: 77)
        let frame = ReducedFrame(image, region: region)
        for factor in [1, 2, 3, 4] {
            #expect(frame.downscaled(by: factor) == image.downscaled(region, by: factor))
        }
        // Asked again, the same copy comes back (its buffer is shared, not rebuilt).
        let first = frame.downscaled(by: 3), again = frame.downscaled(by: 3)
        first.pixels.withUnsafeBufferPointer { a in
            again.pixels.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
        }
        #expect(frame.factor(forWorkingSize: 480) == 1)
        #expect(ReducedFrame.factor(bringing: PixelRect(x: 0, y: 0, width: 1920, height: 1080), to: 480) == 4)
        #expect(ReducedFrame.factor(bringing: PixelRect(x: 0, y: 0, width: 1280, height: 720), to: 0) == 1280)
    }

    /// A passport page shows its two MRZ lines; the front of a card shows no zone, and usually no
    /// MRZ-like text line at any scale either (then the scanner does not try to read an MRZ through
    /// its outline). A card front whose own text happens to form such a line still gets that read.
    @Test func theZoneSearchSeesTextLinesOnlyWhereThereIsAnMRZ() throws {
        func search(_ kind: DocumentLayout.Kind, seed: UInt64) throws -> [MRZZoneDetector.Search] {
            let composer = try SceneComposer(tier: .phoneLike, frameWidth: 1280, frameHeight: 720, kinds: [kind])
            let gray = try composer.compose(seed: seed).image.grayscale()
            let frame = ReducedFrame(gray, region: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height))
            return [480, 640, 1000].map { size in
                var detector = MRZZoneDetector()
                detector.workingSize = size
                return detector.search(frame)
            }
        }
        let page = try search(.td3, seed: 4)
        #expect(page.contains { $0.textLineCount >= 2 && !$0.zones.isEmpty })
        // Where the lines were seen, in frame pixels: in the lower band of the page, not the upper.
        let truth = try SceneComposer(tier: .phoneLike, frameWidth: 1280, frameHeight: 720, kinds: [.td3]).compose(
            seed: 4
        ).truth
        let midpoints = page.flatMap(\.textLineMidpoints)
        #expect(!midpoints.isEmpty)
        #expect(DocumentScanner.bandHolds(oneOf: midpoints, quad: truth.corners, layout: .of(.td3)))
        let c = truth.corners.corners
        let turned = Quadrilateral2D(corners: [c[2], c[3], c[0], c[1]])
        #expect(!DocumentScanner.bandHolds(oneOf: midpoints, quad: turned, layout: .of(.td3)))
        let front = try search(.td1Front, seed: 4)
        #expect(front.allSatisfy { $0.zones.isEmpty && $0.textLineCount == 0 })
    }

    /// The outline re-read's test of where a seen text line lies: in document millimetres through
    /// the outline's homography, inside the lower band it would read (32% of the height for two-line
    /// layouts, 42% for three).
    @Test func aBandHoldsAPointOnlyInsideTheDocumentsLowerBand() throws {
        let layout = DocumentLayout.of(.td1Back)  // 85.6 x 53.98 mm, three lines: the band is 22.7 mm tall
        let quad = Quadrilateral2D(corners: [
            Point2D(x: 100, y: 80), Point2D(x: 520, y: 110),
            Point2D(x: 500, y: 380), Point2D(x: 90, y: 350),
        ])
        let toFrame = try #require(
            Homography(from: Quadrilateral2D(x: 0, y: 0, width: layout.width, height: layout.height), to: quad))
        func holds(_ x: Double, _ y: Double) -> Bool {
            DocumentScanner.bandHolds(oneOf: [toFrame.apply(Point2D(x: x, y: y))], quad: quad, layout: layout)
        }
        #expect(holds(40, 50) && holds(1, 31.5) && holds(84, 53))
        #expect(!holds(40, 30) && !holds(40, 10))  // above the band
        #expect(!holds(-2, 50) && !holds(88, 50) && !holds(40, 56))  // beside or below the document
        #expect(!DocumentScanner.bandHolds(oneOf: [], quad: quad, layout: layout))
        let degenerate = Quadrilateral2D(corners: [
            Point2D(x: 0, y: 0), Point2D(x: 0, y: 0), Point2D(x: 0, y: 0), Point2D(x: 0, y: 0),
        ])
        #expect(!DocumentScanner.bandHolds(oneOf: [Point2D(x: 0, y: 0)], quad: degenerate, layout: layout))
    }
}
