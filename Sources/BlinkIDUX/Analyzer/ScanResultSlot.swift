import CaptureCore

/// Where callers of `result()` wait for a scan's outcome.
///
/// Any number of callers may wait, before or after the outcome is known; all get the same outcome.
/// A waiting caller whose task is cancelled returns `cancelledValue` at once (the scan goes on).
/// ``reset()`` forgets the outcome for a new scan; callers still waiting then get the new scan's.
/// Lock-protected rather than actor-isolated because a task-cancellation handler must remove its
/// waiter synchronously; continuations are always resumed outside the lock.
final class ScanResultSlot<Outcome: Sendable>: Sendable {
    private struct State {
        var outcome: Outcome?
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
        var nextID = 0
    }

    private let state = Locked(State())
    private let cancelledValue: Outcome

    init(cancelledValue: Outcome) {
        self.cancelledValue = cancelledValue
    }

    /// The outcome, waiting for it if it is not known yet.
    func value() async -> Outcome {
        let id = state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let immediate: Outcome? = state.withLock { s in
                    if let outcome = s.outcome { return outcome }
                    if Task.isCancelled { return cancelledValue }
                    s.waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: cancelledValue)
        }
    }

    /// Records the outcome and wakes every waiter with it.
    func deliver(_ outcome: Outcome) {
        let waiters = state.withLock { s in
            s.outcome = outcome
            defer { s.waiters.removeAll() }
            return Array(s.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Forgets the outcome (a new scan starts); waiters keep waiting.
    func reset() {
        state.withLock { $0.outcome = nil }
    }

    /// The number of callers waiting (for tests).
    var waiterCount: Int { state.withLock { $0.waiters.count } }
}
