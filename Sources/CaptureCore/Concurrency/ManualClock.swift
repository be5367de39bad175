/// A clock that moves only when told to: for tests, and for replaying recorded video on the video's own
/// timeline (each frame advances the clock to its timestamp).
///
/// Sleepers wake when ``advance(by:)`` or ``advance(to:)`` reaches their deadline; a deadline that has
/// already passed returns at once. A cancelled sleeper throws `CancellationError` and is forgotten.
package final class ManualClock: Clock, Sendable {
    /// A point on the manual timeline: the time elapsed since the clock was created.
    package struct Instant: InstantProtocol, Sendable, Hashable {
        /// Elapsed time since the clock's origin.
        package var offset: Duration

        package init(offset: Duration) {
            self.offset = offset
        }

        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// A task waiting for at least `count` sleepers (see ``waitForSleepers(_:)``).
    private struct SleeperWaiter {
        var count: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var sleeperWaiters: [Int: SleeperWaiter] = [:]
        var nextID = 0

        /// Removes and returns the waiters whose sleeper count has been reached.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, any Error>] {
            let ready = sleeperWaiters.filter { $0.value.count <= sleepers.count }
            for id in ready.keys { sleeperWaiters.removeValue(forKey: id) }
            return ready.values.map(\.continuation)
        }
    }

    private let state = Locked(State())

    package init() {}

    package var now: Instant { state.withLock { $0.now } }
    package var minimumResolution: Duration { .nanoseconds(1) }

    /// The number of tasks currently sleeping on this clock.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once at least `count` tasks sleep on this clock (at once if they already do): a test
    /// knows a timeout is armed before it calls ``advance(by:)``, without polling or sleeping.
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    package func waitForSleepers(_ count: Int = 1) async throws {
        let id = state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = state.withLock { s in
                    if s.sleepers.count >= count { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    s.sleeperWaiters[id] = SleeperWaiter(count: count, continuation: continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.sleeperWaiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes the sleepers whose deadline has come.
    package func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never backwards) and wakes the sleepers whose deadline has come.
    package func advance(to instant: Instant) {
        let due: [CheckedContinuation<Void, any Error>] = state.withLock { s in
            if instant > s.now { s.now = instant }
            let ready = s.sleepers.filter { $0.value.deadline <= s.now }
            for id in ready.keys { s.sleepers.removeValue(forKey: id) }
            return ready.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        // Resumed outside the lock: a woken task may read the clock at once.
        for continuation in due { continuation.resume() }
    }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (immediate, waiters): (Result<Void, any Error>?, [CheckedContinuation<Void, any Error>]) =
                    state.withLock { s in
                        if Task.isCancelled { return (.failure(CancellationError()), []) }
                        if deadline <= s.now { return (.success(()), []) }
                        s.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                        return (nil, s.satisfiedWaiters())
                    }
                if let immediate { continuation.resume(with: immediate) }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
