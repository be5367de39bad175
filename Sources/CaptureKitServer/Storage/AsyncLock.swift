import CaptureCore

/// A first-in first-out lock for async code: one holder at a time, waiters suspended (not blocked).
///
/// Used to give the single SQLite writer connection to one transaction at a time.
package final class AsyncLock: Sendable {
    private struct State {
        var isHeld = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    package init() {}

    /// Runs `body` while holding the lock.
    package func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.isHeld {
                    state.waiters.append(continuation)
                    return false
                }
                state.isHeld = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.isHeld = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        // The lock passes directly to the next waiter (isHeld stays true).
        next?.resume()
    }
}
