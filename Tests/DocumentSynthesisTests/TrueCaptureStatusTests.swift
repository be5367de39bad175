import CaptureCore
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

@Suite struct TrueCaptureStatusTests {
    let td3 = DocumentLayout.of(.td3)

    /// A TD3 page seen straight on, `scale` px/mm, its upper-left corner at (`x`, `y`).
    func page(x: Double, y: Double, scale: Double) -> Quadrilateral2D {
        Quadrilateral2D(x: x, y: y, width: td3.width * scale, height: td3.height * scale)
    }

    func status(_ q: Quadrilateral2D, tilt: Double = 5) -> PlacementStatus {
        TrueCaptureStatus.decide(corners: q, layout: td3, frameWidth: 1280, frameHeight: 720, tiltDegrees: tilt)
    }

    @Test func aWellPlacedDocumentIsASuccessUnlessTiltedBeyond35Degrees() {
        let q = page(x: 300, y: 150, scale: 5)  // 625 x 440 px
        #expect(status(q) == .good)
        #expect(status(q, tilt: 35) == .good)
        #expect(status(q, tilt: 36) == .angleTooSteep)
    }

    @Test func aDocumentThatOverfillsTheFrameIsTooCloseCutOrNot() {
        // Larger than the frame on every side: cut, yet too close rather than partially visible.
        #expect(status(page(x: -100, y: -100, scale: 12)) == .tooClose)
        // Wider than the frame, pushed to one side.
        #expect(status(page(x: -500, y: 10, scale: 11)) == .tooClose)
        // Inside the frame but covering more than 80 % of it (1250 x 700 = 95 %).
        let big = Quadrilateral2D(x: 15, y: 10, width: 1250, height: 700)
        #expect(TrueCaptureStatus.visibleArea(big, 1280, 720) / (1280 * 720) > 0.8)
        #expect(status(big) == .tooClose)
    }

    @Test func aCutDocumentThatWouldFitIsPartiallyVisible() {
        #expect(status(page(x: -80, y: 100, scale: 5)) == .partiallyVisible)
        let q = page(x: -80, y: 100, scale: 5)
        let visible = TrueCaptureStatus.visibleArea(q, 1280, 720) / q.area
        #expect(abs(visible - (625 - 80) / 625.0) < 1e-9)
    }

    @Test func aCornerWithin2PercentOfTheBorderIsTooCloseToTheEdge() {
        #expect(status(page(x: 10, y: 100, scale: 5)) == .tooCloseToEdge)  // margin 14.4 px
        #expect(status(page(x: 15, y: 100, scale: 5)) == .good)
    }

    @Test func aSmallDocumentIsTooFarBeforeItsTiltCounts() {
        #expect(status(page(x: 400, y: 300, scale: 2.9)) == .tooFar)
        #expect(status(page(x: 400, y: 300, scale: 2.9), tilt: 45) == .tooFar)
        #expect(status(page(x: 400, y: 300, scale: 3.1)) == .good)
    }
}
