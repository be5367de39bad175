package import FaceEngine

/// What one frame gave.
package struct FBxSessionStep: Sendable {
    package var rendered: FBxRenderedFrame
    /// The new face-detection state, if it changed.
    package var changedState: FaceDetectionState?
    package var error: FaceEngineError?
}
