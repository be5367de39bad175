import CaptureCore

/// A bounded queue in front of the engines: at most `workers` jobs run at once, at most `waitingLimit`
/// more wait in arrival order, and any request beyond them is refused at once with
/// ``APIError/engineBusy(retryAfterSeconds:)`` instead of holding memory while it waits.
///
/// A waiting job whose task is cancelled (its request timed out or its client left) leaves the queue
/// and throws `CancellationError`. A finishing job hands its slot straight to the oldest waiter.
package final class EngineQueue: Sendable {
    private struct State {
        var running = 0
        var waiting: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID = 0
    }

    /// Jobs run at once.
    package let workers: Int
    /// Jobs that may wait for a worker.
    package let waitingLimit: Int
    private let state = Locked(State())
    private let onDepthChange: @Sendable (_ running: Int, _ waiting: Int) -> Void

    /// - Parameter onDepthChange: Called (outside the lock) with the running and waiting counts after
    ///   each change, for the metrics.
    package init(
        workers: Int, waitingLimit: Int, onDepthChange: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) {
        self.workers = max(1, workers)
        self.waitingLimit = max(0, waitingLimit)
        self.onDepthChange = onDepthChange
    }

    /// The jobs running and waiting now.
    package var depth: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }

    /// Runs `job` when a worker is free.
    /// - Throws: ``APIError/engineBusy(retryAfterSeconds:)`` when the queue is full, `CancellationError`
    ///   when the task is cancelled while waiting, or what `job` throws.
    package func run<T: Sendable>(_ job: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        try Task.checkCancellation()
        return try await job()
    }

    private enum Admission {
        case run
        case wait
        case refuse
    }

    private func acquire() async throws {
        let id = state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (admission, depth) = state.withLock { s -> (Admission, (Int, Int)) in
                    if Task.isCancelled { return (.refuse, (s.running, s.waiting.count)) }
                    if s.running < workers {
                        s.running += 1
                        return (.run, (s.running, s.waiting.count))
                    }
                    guard s.waiting.count < waitingLimit else { return (.refuse, (s.running, s.waiting.count)) }
                    s.waiting.append((id, continuation))
                    return (.wait, (s.running, s.waiting.count))
                }
                switch admission {
                case .run:
                    onDepthChange(depth.0, depth.1)
                    continuation.resume()
                case .wait:
                    onDepthChange(depth.0, depth.1)
                case .refuse:
                    continuation.resume(
                        throwing: Task.isCancelled ? CancellationError() : APIError.engineBusy(retryAfterSeconds: 1))
                }
            }
        } onCancel: {
            let (waiter, depth) = state.withLock { s -> (CheckedContinuation<Void, any Error>?, (Int, Int)) in
                guard let index = s.waiting.firstIndex(where: { $0.id == id }) else {
                    return (nil, (s.running, s.waiting.count))
                }
                return (s.waiting.remove(at: index).continuation, (s.running, s.waiting.count))
            }
            if let waiter {
                onDepthChange(depth.0, depth.1)
                waiter.resume(throwing: CancellationError())
            }
        }
    }

    private func release() {
        let (next, depth) = state.withLock { s -> (CheckedContinuation<Void, any Error>?, (Int, Int)) in
            if s.waiting.isEmpty {
                s.running -= 1
                return (nil, (s.running, 0))
            }
            // The slot passes to the oldest waiter: `running` stays the same.
            return (s.waiting.removeFirst().continuation, (s.running, s.waiting.count))
        }
        onDepthChange(depth.0, depth.1)
        // Resumed outside the lock: the resumed job may call into the queue at once.
        next?.resume()
    }
}
