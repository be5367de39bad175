/// Fans one stream of events out to any number of subscribers, with a replay rule for late joiners.
///
/// Every call to ``subscribe()`` returns a new `AsyncStream` that is registered before the call
/// returns: it first yields what the ``ReplayPolicy`` prescribes, then every element sent later,
/// in the same order as every other subscriber sees them. Subscribing and sending are atomic with
/// respect to each other, so a subscriber never misses or duplicates an element around the moment
/// it joins. A subscriber that stops iterating (or whose task is cancelled) is removed; the others
/// are unaffected. After ``finish()`` every stream ends and new subscribers get an already-finished
/// stream (after their replay).
///
/// Streams buffer at most `bufferLimit` elements per slow subscriber (oldest dropped first), so a
/// stalled consumer never blocks the sender or the other subscribers.
package final class EventBroadcaster<Element: Sendable>: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var latest: Element?
        var snapshot: [Element] = []
        var finished = false
    }

    private let state = Locked(State())
    private let replay: ReplayPolicy
    private let bufferLimit: Int

    /// - Parameters:
    ///   - replay: what a new subscriber receives first.
    ///   - bufferLimit: elements kept for a subscriber that reads slower than events arrive.
    package init(replay: ReplayPolicy, bufferLimit: Int = 256) {
        precondition(bufferLimit > 0)
        self.replay = replay
        self.bufferLimit = bufferLimit
    }

    /// A new stream of events, registered before this call returns.
    package func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self,
            bufferingPolicy: .bufferingNewest(bufferLimit))
        let finishNow: Bool = state.withLock { s in
            switch replay {
            case .none: break
            case .latestValue: if let latest = s.latest { continuation.yield(latest) }
            case .currentValue: for e in s.snapshot { continuation.yield(e) }
            }
            if s.finished { return true }
            let id = s.nextID
            s.nextID += 1
            s.subscribers[id] = continuation
            // onTermination runs synchronously inside finish()/cancellation; it takes the lock, so
            // nothing below ever calls finish() while holding it.
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
            return false
        }
        if finishNow { continuation.finish() }
        return stream
    }

    /// Sends `element` to every subscriber and remembers it as the latest value.
    package func send(_ element: Element) {
        state.withLock { s in
            guard !s.finished else { return }
            s.latest = element
            for c in s.subscribers.values { c.yield(element) }
        }
    }

    /// Sends `element` and, in the same critical section, replaces the snapshot that
    /// ``ReplayPolicy/currentValue`` replays to new subscribers.
    package func send(_ element: Element, snapshot: [Element]) {
        state.withLock { s in
            guard !s.finished else { return }
            s.latest = element
            s.snapshot = snapshot
            for c in s.subscribers.values { c.yield(element) }
        }
    }

    /// Replaces the snapshot replayed to new subscribers without sending anything.
    package func setSnapshot(_ snapshot: [Element]) {
        state.withLock { $0.snapshot = snapshot }
    }

    /// The number of live subscribers (for tests and metrics).
    package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every stream. Idempotent. Continuations are finished outside the lock, because
    /// `finish()` runs `onTermination`, which takes the lock again.
    package func finish() {
        let continuations: [AsyncStream<Element>.Continuation] = state.withLock { s in
            guard !s.finished else { return [] }
            s.finished = true
            defer { s.subscribers.removeAll() }
            return Array(s.subscribers.values)
        }
        for c in continuations { c.finish() }
    }
}
