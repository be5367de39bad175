/// The SDK's lifecycle as a value type: every request or fact is an ``Event``; ``handle(_:)``
/// applies the guide's §10 ordering rules and returns the ``Action`` the caller must carry out
/// next (as swift-nio's state machines do), or throws ``FBxError/configurationNotSet`` /
/// ``FBxError/invalidState(_:)`` for a request the current state does not allow, changing nothing.
///
/// ```
/// unconfigured/configured/configurationFailed/preparationFailed/ready ─configure→ configuring
/// configuring ─succeeded→ configured ─(view attached, usable size)→ preparing ─→ ready | preparationFailed
/// configuring ─failed→ configurationFailed
/// ready ─start→ starting ─→ active | ready (start failed)
/// active/starting ─stop→ stopping ─→ ready (view attached) | configured (view gone)
/// preparing/ready/preparationFailed ─view detached→ configured
/// setFrame, restartFaceDetection: only in active
/// ```
///
/// No clocks, no I/O: ``FBxManager`` holds one under a lock and carries out the work between
/// events.
package struct FBxLifecycle: Sendable, Equatable {
    /// A request from the application or a fact reported by the manager.
    package enum Event: Sendable, Equatable {
        case configureRequested
        case configurationSucceeded
        case configurationFailed
        /// An ``FBxView`` was attached or resized; `usable` when both sides are at least
        /// ``minimumViewSide`` pixels.
        case viewAttached(usable: Bool)
        case viewDetached
        /// The manager begins preparing (allowed only when ``needsPreparation``).
        case preparationStarted
        case preparationSucceeded
        case preparationFailed
        case startRequested
        case startSucceeded
        case startFailed
        case stopRequested
        case stopFinished
        case setFrameRequested
        case restartFaceDetectionRequested
    }

    /// What the caller must do after an event.
    package enum Action: Sendable, Equatable {
        /// Nothing: the state did not change (a request allowed as it stands, or a late fact).
        case none
        /// Publish the new state.
        case emitStateChanged(FBxState)
        /// Publish the new state, then prepare: the SDK is configured and a usable view is attached.
        case emitStateChangedAndPrepare(FBxState)
        /// Prepare: a usable view was attached to a configured SDK (the state moves when the
        /// caller sends ``Event/preparationStarted``).
        case prepare

        /// The new state, when the action publishes one.
        package var stateChange: FBxState? {
            switch self {
            case .emitStateChanged(let state), .emitStateChangedAndPrepare(let state): return state
            case .none, .prepare: return nil
            }
        }

        /// Whether the caller must prepare next.
        package var requiresPreparation: Bool {
            switch self {
            case .emitStateChangedAndPrepare, .prepare: return true
            case .none, .emitStateChanged: return false
            }
        }
    }

    /// Smallest view side, in pixels, that counts as a non-trivial size.
    package static let minimumViewSide = 16

    package private(set) var state: FBxState = .unconfigured
    /// Whether a view with a usable size is attached.
    package private(set) var viewIsUsable = false

    package init() {}

    /// Whether a configuration has succeeded and not been replaced by one in progress or failed.
    package var isConfigured: Bool {
        switch state {
        case .unconfigured, .configuring, .configurationFailed: return false
        default: return true
        }
    }

    /// Whether the manager should prepare now: configured, with a usable view attached.
    package var needsPreparation: Bool { state == .configured && viewIsUsable }

    /// Applies `event`; returns what the caller must do next.
    @discardableResult
    package mutating func handle(_ event: Event) throws(FBxError) -> Action {
        switch event {
        case .configureRequested:
            switch state {
            case .unconfigured, .configured, .configurationFailed, .preparationFailed, .ready:
                return move(to: .configuring)
            case .configuring:
                throw .invalidState("configure(_:) is already running; wait for it to finish.")
            case .preparing, .starting, .active, .stopping:
                throw .invalidState("configure(_:) cannot run while the SDK is \(state); stop the session first.")
            }
        case .configurationSucceeded:
            guard state == .configuring else { return .none }
            move(to: .configured)
            return viewIsUsable ? .emitStateChangedAndPrepare(.configured) : .emitStateChanged(.configured)
        case .configurationFailed:
            return state == .configuring ? move(to: .configurationFailed) : .none
        case let .viewAttached(usable):
            viewIsUsable = usable
            if !usable, [.preparing, .ready, .preparationFailed].contains(state) { return move(to: .configured) }
            return needsPreparation ? .prepare : .none
        case .viewDetached:
            switch state {
            case .starting, .active, .stopping:
                throw .invalidState("the view cannot be detached while the session is \(state); stop it first.")
            case .preparing, .ready, .preparationFailed:
                viewIsUsable = false
                return move(to: .configured)
            default:
                viewIsUsable = false
                return .none
            }
        case .preparationStarted:
            guard needsPreparation else {
                throw .invalidState("preparation needs a configured SDK and an attached view; it is \(state).")
            }
            return move(to: .preparing)
        case .preparationSucceeded:
            return state == .preparing ? move(to: .ready) : .none
        case .preparationFailed:
            return state == .preparing ? move(to: .preparationFailed) : .none
        case .startRequested:
            try requireConfigured()
            guard state == .ready else { throw .invalidState("start() requires the state ready; it is \(state).") }
            return move(to: .starting)
        case .startSucceeded:
            return state == .starting ? move(to: .active) : .none
        case .startFailed:
            return state == .starting ? move(to: .ready) : .none
        case .stopRequested:
            try requireConfigured()
            guard state == .active || state == .starting else {
                throw .invalidState("stop() requires the state active or starting; it is \(state).")
            }
            return move(to: .stopping)
        case .stopFinished:
            guard state == .stopping else { return .none }
            return move(to: viewIsUsable ? .ready : .configured)
        case .setFrameRequested:
            try requireConfigured()
            guard state == .active else {
                throw .invalidState("setFrame(_:) requires the state active; it is \(state).")
            }
            return .none
        case .restartFaceDetectionRequested:
            try requireConfigured()
            guard state == .active else {
                throw .invalidState("restartFaceDetection() requires the state active; it is \(state).")
            }
            return .none
        }
    }

    private func requireConfigured() throws(FBxError) {
        guard isConfigured else { throw .configurationNotSet }
    }

    @discardableResult
    private mutating func move(to next: FBxState) -> Action {
        guard next != state else { return .none }
        state = next
        return .emitStateChanged(next)
    }
}
