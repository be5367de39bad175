import CaptureCore
import CaptureKitTesting
import Testing

@testable import CaptureKitServer

@Suite("Engine queue", .timeLimit(.minutes(1)))
struct EngineQueueTests {
    /// Opens `gate` when the queue reports `waiting` waiters.
    final class DepthWatch: Sendable {
        let waitingReached: [Int: AsyncGate]
        init(levels: [Int]) { waitingReached = Dictionary(uniqueKeysWithValues: levels.map { ($0, AsyncGate()) }) }
        func observe(running: Int, waiting: Int) { waitingReached[waiting]?.open() }
    }

    @Test("jobs beyond the workers wait in arrival order; beyond the waiting limit they are refused")
    func boundedFIFO() async throws {
        let watch = DepthWatch(levels: [1, 2])
        let queue = EngineQueue(workers: 1, waitingLimit: 2, onDepthChange: { watch.observe(running: $0, waiting: $1) })
        let holdFirst = AsyncGate()
        let firstStarted = AsyncGate()
        let order = Locked([String]())
        // Given one running job and two waiting,
        async let first: Void = queue.run {
            firstStarted.open()
            try await holdFirst.wait()
            order.withLock { $0.append("first") }
        }
        try await firstStarted.wait()
        async let second: Void = queue.run { order.withLock { $0.append("second") } }
        try await watch.waitingReached[1]!.wait()
        async let third: Void = queue.run { order.withLock { $0.append("third") } }
        try await watch.waitingReached[2]!.wait()
        // when a fourth arrives, it is refused with engineBusy;
        await #expect(throws: APIError.engineBusy(retryAfterSeconds: 1)) { try await queue.run {} }
        // once the first finishes, the waiters run in arrival order and every slot is returned.
        holdFirst.open()
        _ = try await (first, second, third)
        #expect(order.withLock { $0 } == ["first", "second", "third"])
        #expect(queue.depth.running == 0 && queue.depth.waiting == 0)
    }

    @Test("a cancelled waiter leaves the queue without taking a slot")
    func cancelledWaiter() async throws {
        let watch = DepthWatch(levels: [1])
        let queue = EngineQueue(workers: 1, waitingLimit: 1, onDepthChange: { watch.observe(running: $0, waiting: $1) })
        let hold = AsyncGate()
        let started = AsyncGate()
        let running = Task {
            try await queue.run {
                started.open(); try await hold.wait()
            }
        }
        try await started.wait()
        let waiter = Task { try await queue.run { Issue.record("a cancelled waiter must not run") } }
        try await watch.waitingReached[1]!.wait()
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(queue.depth.running == 1 && queue.depth.waiting == 0)
        hold.open()
        try await running.value
        #expect(queue.depth.running == 0)
    }
}
