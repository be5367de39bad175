import Testing

@testable import CaptureCore

@Suite(.timeLimit(.minutes(1)))
struct EventBroadcasterTests {
    /// Reads `count` elements from a stream.
    func take(_ count: Int, from stream: AsyncStream<Int>) async -> [Int] {
        var out: [Int] = []
        for await e in stream {
            out.append(e)
            if out.count == count { break }
        }
        return out
    }

    @Test func twoSubscribersSeeTheSameOrder() async {
        let b = EventBroadcaster<Int>(replay: .none)
        let s1 = b.subscribe(), s2 = b.subscribe()
        for i in 0..<100 { b.send(i) }
        b.finish()
        let r1 = await take(100, from: s1), r2 = await take(100, from: s2)
        #expect(r1 == Array(0..<100))
        #expect(r2 == r1)
    }

    @Test func lateJoinerWithCurrentValueGetsTheSnapshotFirst() async {
        // Given a broadcaster whose owner keeps a snapshot of [state, faceState]
        let b = EventBroadcaster<Int>(replay: .currentValue)
        b.send(1, snapshot: [1, 10])
        b.send(2, snapshot: [2, 10])
        // When a subscriber joins after both were sent and consumed by nobody
        let late = b.subscribe()
        b.send(3, snapshot: [3, 10])
        b.finish()
        // Then it sees the current snapshot, then live elements, never the stale 1
        #expect(await take(3, from: late) == [2, 10, 3])
    }

    @Test func lateJoinerWithLatestValueGetsOnlyTheLatest() async {
        let b = EventBroadcaster<Int>(replay: .latestValue)
        let empty = b.subscribe()
        b.send(7)
        b.send(8)
        let late = b.subscribe()
        b.finish()
        #expect(await take(2, from: empty) == [7, 8])
        #expect(await take(5, from: late) == [8])
    }

    @Test func noReplayGivesNothingOld() async {
        let b = EventBroadcaster<Int>(replay: .none)
        b.send(1)
        let s = b.subscribe()
        b.send(2)
        b.finish()
        #expect(await take(5, from: s) == [2])
    }

    @Test func cancellingOneSubscriberLeavesTheOthers() async {
        let b = EventBroadcaster<Int>(replay: .none)
        let keep = b.subscribe()
        let task = Task { () -> Int in
            var n = 0
            for await _ in b.subscribe() { n += 1 }
            return n
        }
        // Wait until both are registered (no sleeps: poll the count with yields).
        while b.subscriberCount < 2 { await Task.yield() }
        task.cancel()
        _ = await task.value
        while b.subscriberCount > 1 { await Task.yield() }
        b.send(42)
        b.finish()
        #expect(await take(1, from: keep) == [42])
        #expect(b.subscriberCount == 0)
    }

    @Test func finishEndsAllStreamsWithoutDeadlockAndIsIdempotent() async {
        // finish() runs each stream's onTermination, which takes the broadcaster's lock again:
        // finishing while holding it would deadlock here.
        let b = EventBroadcaster<Int>(replay: .latestValue)
        let streams = (0..<10).map { _ in b.subscribe() }
        b.send(1)
        b.finish()
        b.finish()
        for s in streams { #expect(await take(5, from: s) == [1]) }
        #expect(b.subscriberCount == 0)
    }

    @Test func subscribingAfterFinishReplaysThenEnds() async {
        let b = EventBroadcaster<Int>(replay: .latestValue)
        b.send(5)
        b.finish()
        b.send(6)
        #expect(await take(5, from: b.subscribe()) == [5])
    }

    @Test func concurrentSendersAndSubscribersNeverLoseOrderPerSubscriber() async {
        let b = EventBroadcaster<Int>(replay: .none, bufferLimit: 10_000)
        let streams = (0..<4).map { _ in b.subscribe() }
        await withTaskGroup(of: Void.self) { group in
            for t in 0..<4 {
                group.addTask { for i in 0..<500 { b.send(t * 1000 + i) } }
            }
        }
        b.finish()
        var first: [Int]?
        for s in streams {
            let got = await take(2000, from: s)
            #expect(got.count == 2000)
            // Each sender's elements stay in order, and every subscriber saw the same interleaving.
            for t in 0..<4 {
                let mine = got.filter { $0 / 1000 == t }
                #expect(mine == mine.sorted())
            }
            if let first { #expect(got == first) } else { first = got }
        }
    }

    @Test func slowSubscriberKeepsOnlyTheNewestElements() async {
        let b = EventBroadcaster<Int>(replay: .none, bufferLimit: 3)
        let s = b.subscribe()
        for i in 0..<10 { b.send(i) }
        b.finish()
        #expect(await take(10, from: s) == [7, 8, 9])
    }
}
