/// The lifecycle of one analyzer as a value type: scanning, paused, or finished with an outcome.
///
/// Transitions do no I/O; they return what the owner must do. Rules:
/// - Frames are processed only while scanning.
/// - The first outcome wins: once finished, a later completion, cancel, end or timeout is ignored
///   (so `result()` keeps answering the same).
/// - Pause and resume only apply to an unfinished scan.
/// - A restart starts a new scan from any state.
struct ScanLifecycle<Outcome: Sendable>: Sendable {
    enum State: Sendable {
        case scanning
        case paused
        case finished(Outcome)
    }

    /// What the owner does after a finishing transition.
    enum FinishAction: Sendable {
        /// Deliver this outcome to every waiter and stop the timers.
        case deliver(Outcome)
        /// The scan had already finished: nothing to do.
        case ignore
    }

    private(set) var state: State = .scanning

    /// Whether an incoming frame should be processed.
    var acceptsFrames: Bool {
        if case .scanning = state { return true }
        return false
    }

    /// The outcome, once finished.
    var outcome: Outcome? {
        if case let .finished(outcome) = state { return outcome }
        return nil
    }

    /// Pauses a running scan; returns whether the state changed (the step timer must stop).
    mutating func pauseRequested() -> Bool {
        guard case .scanning = state else { return false }
        state = .paused
        return true
    }

    /// Resumes a paused scan; returns whether the state changed.
    mutating func resumeRequested() -> Bool {
        guard case .paused = state else { return false }
        state = .scanning
        return true
    }

    /// Finishes the scan with `outcome` unless it has already finished.
    mutating func finishRequested(_ outcome: Outcome) -> FinishAction {
        if case .finished = state { return .ignore }
        state = .finished(outcome)
        return .deliver(outcome)
    }

    /// Starts over: scanning, with no outcome.
    mutating func restartRequested() {
        state = .scanning
    }
}
