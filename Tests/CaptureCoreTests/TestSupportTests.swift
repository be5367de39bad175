import CaptureKitTesting
import Foundation
import Testing

@testable import CaptureCore

/// The clocks and gates the other suites order their tests with: if these lied, those would pass
/// for the wrong reason.
@Suite(.timeLimit(.minutes(1)))
struct TestSupportTests {
    @Test func aGateHoldsItsWaitersUntilOpenedThenLetsEveryoneThrough() async throws {
        let gate = AsyncGate()
        let passed = Locked(0)
        let waiters = (0..<3).map { _ in
            Task {
                try await gate.wait()
                passed.withLock { $0 += 1 }
            }
        }
        // No waiter can pass a closed gate, however long they run.
        for _ in 0..<100 { await Task.yield() }
        #expect(passed.withLock { $0 } == 0)
        #expect(gate.isOpen == false)
        gate.open()
        for waiter in waiters { try await waiter.value }
        #expect(passed.withLock { $0 } == 3)
        try await gate.wait()  // open: returns at once
        gate.open()  // a second open changes nothing
        #expect(gate.isOpen)
    }

    @Test func aCancelledWaiterThrowsAndTheGateStaysClosed() async {
        let gate = AsyncGate()
        let waiter = Task { try await gate.wait() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(gate.isOpen == false)
    }

    @Test func waitingForSleepersReturnsOnceTheyAreArmed() async throws {
        let clock = ManualClock()
        let woken = Locked(0)
        let sleepers = (1...2).map { seconds in
            Task {
                try await clock.sleep(until: clock.now.advanced(by: .seconds(seconds)))
                woken.withLock { $0 += 1 }
            }
        }
        try await clock.waitForSleepers(2)
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        try await sleepers[0].value
        #expect(woken.withLock { $0 } == 1)
        #expect(clock.sleeperCount == 1)
        try await clock.waitForSleepers(1)  // already armed: returns at once
        clock.advance(by: .seconds(1))
        try await sleepers[1].value
        #expect(woken.withLock { $0 } == 2)
    }

    @Test func waitingForSleepersCanBeCancelled() async {
        let clock = ManualClock()
        let waiter = Task { try await clock.waitForSleepers() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    @Test func theDateSourceMovesOnlyWhenTold() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let date = TestDateSource(start)
        let read = date.function
        #expect(read() == start)
        date.advance(seconds: 90)
        #expect(read() == start.addingTimeInterval(90))
        date.advance(by: .milliseconds(1500))
        #expect(date.now == start.addingTimeInterval(91.5))
        date.set(start)
        #expect(date.now == start)
    }
}
