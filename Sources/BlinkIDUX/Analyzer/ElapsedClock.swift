/// Any `Clock` with `Duration` steps, reduced to what the UX layer needs: the time elapsed since the
/// clock was wrapped, and sleeping until an elapsed time.
///
/// Lets ``BlinkIDAnalyzer`` (a non-generic actor) take any injected clock, and lets the value types
/// it drives (``UIEventTranslator``, ``ReticleStateMachine``) work with plain `Duration` timestamps.
package struct ElapsedClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`; elapsed time counts from now.
    package init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// The time elapsed since the clock was wrapped.
    package var now: Duration { elapsed() }

    /// Sleeps until ``now`` reaches `deadline`; returns at once if it already has.
    /// - Throws: `CancellationError` when the task is cancelled.
    package func sleep(untilElapsed deadline: Duration) async throws {
        try await sleeper(deadline)
    }
}
