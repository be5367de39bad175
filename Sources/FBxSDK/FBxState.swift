/// The SDK's lifecycle: configuration, preparation (when an ``FBxView`` is attached) and the
/// try-on session. Transitions are published as ``FBxEvent/stateChanged(_:)``.
public enum FBxState: String, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
    /// No configuration provided yet.
    case unconfigured
    /// Validating and applying a configuration.
    case configuring
    /// Configured successfully; no view attached or no session.
    case configured
    /// The last configuration failed; call `configure(_:)` again.
    case configurationFailed
    /// Preparing (resources, face engine), triggered by attaching an ``FBxView``.
    case preparing
    /// Preparation failed; detach and attach the view again, or reconfigure.
    case preparationFailed
    /// Ready for `start()`.
    case ready
    /// `start()` was called; the session is booting.
    case starting
    /// The session runs: camera frames are rendered with the selected frame.
    case active
    /// `stop()` was called; the session is shutting down.
    case stopping

    public var description: String { rawValue }
}
