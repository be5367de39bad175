package import CaptureCore

/// Where a frame's parts land in one camera frame: projective maps from each texture's level-0
/// pixels to frame pixels, and how visible each temple is.
package struct EyewearPlacement: Sendable, Equatable {
    /// One temple's placement.
    package struct Temple: Sendable, Equatable {
        /// -1 for the temple on the image's left, +1 for the right.
        package var side: Int
        /// Temple texture (level 0) pixels → frame pixels.
        package var mapping: Homography
        /// 0...1: 0 when the temple is behind the head (turned away), 1 when it faces the camera.
        package var opacity: Double
        /// Millimetres of the temple drawn from the hinge (to the ear; the rest is hidden behind it).
        package var visibleLength: Double
    }

    /// Front texture (level 0) pixels → frame pixels.
    package var front: Homography
    package var temples: [Temple]
    /// Frame pixels per millimetre of the front at the bridge (how large the frame appears).
    package var pixelsPerMillimetre: Double
    /// Where the middle of the bridge lands, frame pixels.
    package var bridgeCentre: Point2D
}
