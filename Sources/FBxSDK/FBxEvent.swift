/// What ``FBxManager/events`` publishes. A new subscriber first receives the current
/// ``stateChanged(_:)`` and ``faceDetectionStateChanged(_:)``, then every later event.
public enum FBxEvent: Sendable, Equatable, Hashable {
    /// The lifecycle state changed (or, on subscription, the current one).
    case stateChanged(FBxState)
    /// A frame (by SKU) was loaded: preloaded by `configure(_:)` or selected by `setFrame(_:)`.
    case frameLoaded(String)
    /// The face-detection state changed (or, on subscription, the current one).
    case faceDetectionStateChanged(FBxFaceDetectionState)
}
