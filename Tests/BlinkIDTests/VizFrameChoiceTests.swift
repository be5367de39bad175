import CaptureCore
import DocumentEngine
import Testing

@testable import BlinkID

/// The frame the session reads the printed fields on: the sharpest of a side's frames whose outline
/// held still, taken once when the side is accepted.
@Suite struct VizFrameChoiceTests {
    /// A well placed frame whose pixels are all `marker` (to tell frames apart), its document at
    /// `x` pixels from the left, with the given blur width.
    private func frame(
        marker: UInt8, x: Double, blur: Double, blurDetected: Bool = false
    ) -> (GrayImage, FrameAnalysis) {
        var analysis = FrameAnalysis()
        analysis.placement = .good
        analysis.documentQuad = Quadrilateral2D(x: x, y: 100, width: 856, height: 540)
        analysis.blurWidth = blur
        analysis.blurDetected = blurDetected
        analysis.layout = .td1Front
        return (GrayImage(width: 4, height: 4, fill: marker), analysis)
    }

    @Test func theSharpestStillFrameOfTheSideIsTaken() throws {
        var choice = VizFrameChoice()
        // The first frame has no previous outline to compare with; the second held still.
        for (marker, x, blur) in [(UInt8(1), 200.0, 0.10), (2, 202, 0.30), (3, 204, 0.20), (4, 206, 0.25)] {
            let (gray, analysis) = frame(marker: marker, x: x, blur: blur)
            choice.offer(gray, analysis: analysis, side: .first)
        }
        // Sharper, but the card moved 80 pixels (8 % of its diagonal) since the frame before.
        let (moved, movedAnalysis) = frame(marker: 5, x: 286, blur: 0.05)
        choice.offer(moved, analysis: movedAnalysis, side: .first)
        // Sharper and still, but blurred beyond reading by the engine's verdict.
        let (blurred, blurredAnalysis) = frame(marker: 6, x: 286, blur: 0.01, blurDetected: true)
        choice.offer(blurred, analysis: blurredAnalysis, side: .first)

        let first = choice.take(side: .first)
        let taken = try #require(first)
        #expect(taken.gray.pixels.first == 3)
        #expect(taken.side == .first)
        // Taken once: the next side starts afresh.
        let again = choice.take(side: .first)
        #expect(again == nil)
    }

    @Test func aFrameOfAnotherSideIsNotTaken() {
        var choice = VizFrameChoice()
        for marker in [UInt8(1), 2] {
            let (gray, analysis) = frame(marker: marker, x: 200, blur: 0.2)
            choice.offer(gray, analysis: analysis, side: .first)
        }
        let other = choice.take(side: .second)
        #expect(other == nil)
    }

    @Test func outlinesWithinTwoPercentOfTheDiagonalHeldStill() {
        let a = Quadrilateral2D(x: 0, y: 0, width: 800, height: 600)  // diagonal 1000
        #expect(VizFrameChoice.outlineHeld(a, since: a, maximumShift: 0.02))
        let shifted = Quadrilateral2D(x: 19, y: 0, width: 800, height: 600)
        #expect(VizFrameChoice.outlineHeld(shifted, since: a, maximumShift: 0.02))
        let moved = Quadrilateral2D(x: 21, y: 0, width: 800, height: 600)
        #expect(!VizFrameChoice.outlineHeld(moved, since: a, maximumShift: 0.02))
    }
}
