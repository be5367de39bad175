import CaptureCore

/// A one-way gate for ordering tests without sleeps: tasks ``wait()`` until someone calls ``open()``;
/// once open it stays open and ``wait()`` returns at once.
///
/// ``open()`` is synchronous, so code that is not async (a classifier, a callback on another thread)
/// can signal a test that awaits the gate: "the call has started", "the first frame arrived".
/// A waiting task that is cancelled stops waiting and throws `CancellationError`.
package final class AsyncGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    package init() {}

    /// Whether ``open()`` has been called.
    package var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the gate and resumes every waiter; later calls do nothing.
    package func open() {
        let waiters: [CheckedContinuation<Void, any Error>] = state.withLock { s in
            s.isOpen = true
            defer { s.waiters.removeAll() }
            return Array(s.waiters.values)
        }
        // Resumed outside the lock: a resumed task may read the gate at once.
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when the gate is open (at once if it already is).
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    package func wait() async throws {
        let id = state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = state.withLock { s in
                    if s.isOpen { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    s.waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
