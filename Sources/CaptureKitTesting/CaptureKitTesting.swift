/// Test support shared by the test targets.
///
/// - Clocks: CaptureCore's `ManualClock` (a `Clock` whose `advance(by:)` wakes sleepers, with
///   `waitForSleepers(_:)` to know a timeout is armed) and ``TestDateSource`` (a `Date` that moves when
///   told).
/// - Gates: ``AsyncGate`` (open once, awaited by any number of tasks).
/// - Fixtures: ``TemporaryFolder``, ``TestKeys`` (the committed development key), the loopback
///   servers ``LoopbackHTTPServer`` and ``LoopbackResourceServer``.
package enum CaptureKitTesting {}
