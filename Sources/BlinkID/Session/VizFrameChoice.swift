import CaptureCore
import DocumentEngine
import Foundation

/// Which frame of a side the session reads the printed fields (VIZ) on: the sharpest of the frames
/// whose document outline held still since the frame before, kept until the side is accepted.
///
/// In video the flow accepts a side on the first frame that passes its checks, which may be a frame
/// taken while the card still moved; the printed fields are small and need the sharpest view. Each
/// frame is offered: one whose outline moved less than ``maximumCornerShift`` of the document's
/// diagonal since the previous frame, well placed, without glare or blur, replaces the kept frame of
/// the same side when its blur width is smaller. The kept frame is taken once, when the side is
/// accepted; a side without a stable frame is read on the accepting frame.
struct VizFrameChoice {
    /// A frame kept for reading.
    struct Candidate {
        /// The side the frame showed.
        var side: ScanningSide
        /// The frame.
        var gray: GrayImage
        /// Its analysis (outline, layout, blur width).
        var analysis: FrameAnalysis
    }

    /// Largest move of any corner between two frames for the outline to count as still, as a share
    /// of the document's diagonal.
    var maximumCornerShift = 0.02

    private(set) var kept: Candidate?
    private var previousOutline: Quadrilateral2D?

    /// Considers one frame of `side`.
    mutating func offer(_ gray: GrayImage, analysis: FrameAnalysis, side: ScanningSide) {
        defer { previousOutline = analysis.documentQuad }
        guard let outline = analysis.documentQuad, let previousOutline,
            Self.outlineHeld(outline, since: previousOutline, maximumShift: maximumCornerShift),
            analysis.placement == .good, !analysis.blurDetected, !analysis.glareDetected,
            let blur = analysis.blurWidth
        else { return }
        if let kept, kept.side == side, let keptBlur = kept.analysis.blurWidth, keptBlur <= blur { return }
        kept = Candidate(side: side, gray: gray, analysis: analysis)
    }

    /// The frame to read `side` on: the kept one when it shows `side`, else nil. The choice is reset.
    mutating func take(side: ScanningSide) -> Candidate? {
        defer { kept = nil }
        guard let kept, kept.side == side else { return nil }
        return kept
    }

    /// Whether every corner of `outline` lies within `maximumShift` of the diagonal of `previous`'s.
    static func outlineHeld(_ outline: Quadrilateral2D, since previous: Quadrilateral2D, maximumShift: Double) -> Bool {
        let diagonal = hypot(
            previous.lowerRight.x - previous.upperLeft.x, previous.lowerRight.y - previous.upperLeft.y)
        guard diagonal > 0 else { return false }
        return zip(outline.corners, previous.corners).allSatisfy { a, b in
            hypot(a.x - b.x, a.y - b.y) <= maximumShift * diagonal
        }
    }
}
