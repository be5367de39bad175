import CaptureCore
package import Foundation

/// Wall-clock time (`Date`) that moves only when a test moves it: inject ``now`` (or ``function``)
/// wherever code takes a `() -> Date`, and move it with ``advance(seconds:)`` or ``set(_:)``.
///
/// The duration counterpart, for code that sleeps or measures with `some Clock<Duration>`, is
/// CaptureCore's `ManualClock`.
package final class TestDateSource: Sendable {
    private let current: Locked<Date>

    /// A source that reads `start` until it is moved.
    package init(_ start: Date) {
        current = Locked(start)
    }

    /// The current date.
    package var now: Date { current.withLock { $0 } }

    /// The source as the closure injected into code under test.
    package var function: @Sendable () -> Date { { [self] in now } }

    /// Moves the date by `seconds` (negative moves it back, as a device clock can).
    package func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Moves the date by `duration`.
    package func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        advance(seconds: TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }

    /// Sets the date.
    package func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
