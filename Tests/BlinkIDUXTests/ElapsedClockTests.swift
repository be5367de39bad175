import CaptureCore
import Testing

@testable import BlinkIDUX

/// The injected clocks: elapsed time and sleepers on a manual clock.
@Suite(.timeLimit(.minutes(1)))
struct ElapsedClockTests {
    @Test func elapsedTimeFollowsTheManualClockFromWrapping() {
        let manual = ManualClock()
        manual.advance(by: .seconds(3))
        let clock = ElapsedClock(manual)
        #expect(clock.now == .zero)
        manual.advance(by: .milliseconds(1500))
        #expect(clock.now == .milliseconds(1500))
        manual.advance(to: ManualClock.Instant(offset: .seconds(1)))  // never backwards
        #expect(clock.now == .milliseconds(1500))
    }

    @Test func aSleeperWakesWhenTheClockReachesItsDeadlineAndNotBefore() async throws {
        let manual = ManualClock()
        let clock = ElapsedClock(manual)
        let sleeper = Task { try await clock.sleep(untilElapsed: .seconds(10)) }
        try await manual.waitForSleepers()
        manual.advance(by: .seconds(9))
        #expect(manual.sleeperCount == 1)
        manual.advance(by: .seconds(1))
        try await sleeper.value
        #expect(manual.sleeperCount == 0)
        try await clock.sleep(untilElapsed: .seconds(5))  // a passed deadline returns at once
    }

    @Test func aCancelledSleeperThrowsAndIsForgotten() async throws {
        let manual = ManualClock()
        let sleeper = Task { try await manual.sleep(until: manual.now.advanced(by: .seconds(1))) }
        try await manual.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(manual.sleeperCount == 0)
    }
}
