package import CaptureCore
package import FaceEngine

/// One frame of a generated sequence with its ground truth.
package struct GeneratedFaceFrame: Sendable {
    /// Position in the sequence, from 0.
    package var index: Int
    /// Seconds from the start.
    package var timestamp: Double
    package var image: RGBAImage
    package var scene: FaceSequenceScript.FrameScene
    /// Where the face's landmarks are (some may lie outside the frame).
    package var truth: FaceLandmarks
    /// Fraction of the truth landmarks inside the frame: 1 means the whole face is visible.
    package var visibleFraction: Double

    /// Whether the face counts as present (every landmark inside the frame), absent (fewer than
    /// half inside), or neither (partly out of frame: not scored for presence).
    package var presence: Bool? {
        if visibleFraction >= 1 { return true }
        if visibleFraction < 0.5 { return false }
        return nil
    }
}
