/// The face-detection lifecycle, case for case the FBx guide's `FBxFaceDetectionState`.
package enum FaceDetectionState: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// Face detection has not been initialised yet (the landmark model is not loaded).
    case uninitialized
    /// Initialised, not looking for a face (no session running).
    case idle
    /// Looking for a face (full-frame search on every frame).
    case scanning
    /// A face is found and tracked.
    case detected
    /// The tracked face was lost moments ago; looking for it again.
    case recovery
    /// Detection gave up (no face for too long, or lost too often); `restartFaceDetection()`
    /// starts it again.
    case failed

    package var description: String { rawValue }
}
