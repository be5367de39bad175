package import CaptureCore
package import FaceEngine

/// What ``FBxManager`` asks of a running try-on session, whatever clock drives it.
package protocol FBxSessionDriving: Sendable {
    /// The landmark model is loaded; returns the new face-detection state if it changed.
    func engineReady() async -> FaceDetectionState?
    /// A session starts with `asset` (nil: no glasses until `setFrame`).
    func start(asset: EyewearAsset?) async -> FaceDetectionState?
    func stop() async -> FaceDetectionState?
    func restart() async -> FaceDetectionState?
    func setAsset(_ asset: EyewearAsset?) async
    /// Tracks and draws on one frame.
    func process(_ frame: Frame, index: Int) async -> FBxSessionStep
}
