package import CaptureCore
package import DocumentEngine

/// The capture status a scene deserves, decided from its ground truth (the true corners, the
/// document's nominal size and the true tilt), in the engine's terms (``PlacementStatus``, the
/// engine's side of the guide's `DetectionStatus`), so that an evaluation can compare the two.
///
/// Rules, checked in this order (the first that holds decides; "frame" is the whole frame):
/// 1. ``PlacementStatus/tooClose`` (`cameraTooClose`) when the document **overfills** the frame:
///    its bounding box is wider or taller than the frame (it could not be seen whole from this
///    distance, whether or not it is cut), or the part of it inside the frame covers more than
///    80 % of the frame's area.
/// 2. ``PlacementStatus/partiallyVisible`` (`documentPartiallyVisible`) when a true corner lies
///    outside the frame.
/// 3. ``PlacementStatus/tooCloseToEdge`` (`documentTooCloseToCameraEdge`) when a true corner lies
///    within 2 % of the frame's shorter side of its border.
/// 4. ``PlacementStatus/tooFar`` (`cameraTooFar`) when the document's mean scale, the square root
///    of its area in the frame over its nominal area in square millimetres, is under
///    ``PlacementStatus/minimumPixelsPerMillimetre`` (3 px/mm: an MRZ pitch under ~7.6 px).
/// 5. ``PlacementStatus/angleTooSteep`` (`cameraAngleTooSteep`) when the true tilt (the angle
///    between the camera's optical axis and the document's normal) is above 35°.
/// 6. ``PlacementStatus/good`` (`success`) otherwise.
///
/// The order is the one the README documents for the engine; only rule 1 reaches further (an
/// overfilled document that is also cut is too close, not merely partially visible).
package enum TrueCaptureStatus {
    /// Largest share of the frame a well-placed document may cover.
    package static let maximumFrameCoverage = 0.8
    /// Margin from the frame border, as a share of the frame's shorter side.
    package static let edgeMarginFraction = 0.02
    /// Steepest acceptable tilt, degrees.
    package static let maximumTiltDegrees = 35.0

    /// The true status of a document of `layout` whose true corners are `corners` in a frame of
    /// `frameWidth` x `frameHeight`, tilted by `tiltDegrees`.
    package static func decide(
        corners: Quadrilateral2D, layout: DocumentLayout, frameWidth: Int, frameHeight: Int, tiltDegrees: Double
    ) -> PlacementStatus {
        let fw = Double(frameWidth), fh = Double(frameHeight)
        let xs = corners.corners.map(\.x), ys = corners.corners.map(\.y)
        let boxWidth = (xs.max() ?? 0) - (xs.min() ?? 0)
        let boxHeight = (ys.max() ?? 0) - (ys.min() ?? 0)
        if boxWidth > fw || boxHeight > fh || visibleArea(corners, fw, fh) > maximumFrameCoverage * fw * fh {
            return .tooClose
        }
        if corners.corners.contains(where: { $0.x < 0 || $0.y < 0 || $0.x > fw || $0.y > fh }) {
            return .partiallyVisible
        }
        let margin = edgeMarginFraction * min(fw, fh)
        if corners.corners.contains(where: {
            $0.x < margin || $0.y < margin || $0.x > fw - margin || $0.y > fh - margin
        }) {
            return .tooCloseToEdge
        }
        let scale = (corners.area / (layout.width * layout.height)).squareRoot()
        if scale < PlacementStatus.minimumPixelsPerMillimetre { return .tooFar }
        if tiltDegrees > maximumTiltDegrees { return .angleTooSteep }
        return .good
    }

    /// Area of the quadrilateral clipped to the frame.
    static func visibleArea(_ quad: Quadrilateral2D, _ width: Double, _ height: Double) -> Double {
        quad.area(insideX: 0, y0: 0, x1: width, y1: height)
    }
}
