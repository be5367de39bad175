package import FaceEngine

/// The face-detection lifecycle during a session. Transitions are published as
/// ``FBxEvent/faceDetectionStateChanged(_:)``.
public enum FBxFaceDetectionState: String, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
    /// Face detection has not been initialised yet (before the first preparation).
    case uninitialized
    /// Initialised, not scanning (no session running).
    case idle
    /// Looking for a face.
    case scanning
    /// A face is detected and tracked.
    case detected
    /// The face was lost moments ago; looking for it again.
    case recovery
    /// Detection gave up; call `restartFaceDetection()`.
    case failed

    public var description: String { rawValue }

    /// The public state for the face engine's state (the two enumerations match case for case).
    package init(_ state: FaceDetectionState) {
        switch state {
        case .uninitialized: self = .uninitialized
        case .idle: self = .idle
        case .scanning: self = .scanning
        case .detected: self = .detected
        case .recovery: self = .recovery
        case .failed: self = .failed
        }
    }
}
