/// The life of one session, as a pure state machine: no I/O, no clock. ``DocSession`` owns it under
/// a lock and runs the actions it returns after leaving the lock.
///
/// `running` → `concluding` (an outcome was chosen: capture, cancel, timeout, denied camera or
/// error) → `finished` (the engine was called). The engine is called exactly once; a cancel that
/// arrives once an outcome is chosen, or while the back button is hidden, changes nothing.
package struct DocSessionStateMachine: Sendable, Equatable {
    package enum State: Sendable, Equatable {
        /// Looking for the document; `cancellable` is false when the back button is hidden.
        case running(cancellable: Bool)
        /// An outcome was chosen; the payload is being prepared.
        case concluding(SessionEngineAction)
        /// The engine received the result.
        case finished(SessionEngineAction)
    }

    package private(set) var state: State

    package init(backButtonHidden: Bool) {
        state = .running(cancellable: !backButtonHidden)
    }

    /// What to do about a cancel request.
    package enum CancelAction: Sendable, Equatable {
        /// Stop looking: the session ends with `cancel`.
        case stopSession
        /// The back button is hidden: there is no cancel.
        case ignoreBackButtonHidden
        /// The session already has its outcome.
        case ignoreAlreadyConcluding
    }

    /// The user pressed back (``FortfaceSessionHandle/cancel()``).
    package mutating func cancelRequested() -> CancelAction {
        switch state {
        case .running(cancellable: true): return .stopSession
        case .running(cancellable: false): return .ignoreBackButtonHidden
        case .concluding, .finished: return .ignoreAlreadyConcluding
        }
    }

    /// What to do with a chosen outcome.
    package enum OutcomeAction: Sendable, Equatable {
        /// Prepare the result for this outcome.
        case prepareResult
        /// Another outcome came first; drop this one.
        case ignore
    }

    /// The first of capture, cancel, timeout, denied camera or error to come wins.
    package mutating func outcomeChosen(_ action: SessionEngineAction) -> OutcomeAction {
        guard case .running = state else { return .ignore }
        state = .concluding(action)
        return .prepareResult
    }

    /// What to do with a prepared result.
    package enum DeliveryAction: Sendable, Equatable {
        /// Call the engine with it.
        case callEngine
        /// The engine was already called.
        case ignore
        /// No outcome was chosen yet, so there is no result to deliver: an impossible order of
        /// events, refused without changing the state.
        case refuseWithoutOutcome
    }

    /// The result is ready (its action may differ from the outcome's: sealing can fail into `error`).
    package mutating func resultPrepared(_ action: SessionEngineAction) -> DeliveryAction {
        switch state {
        case .running: return .refuseWithoutOutcome
        case .finished: return .ignore
        case .concluding:
            state = .finished(action)
            return .callEngine
        }
    }
}
