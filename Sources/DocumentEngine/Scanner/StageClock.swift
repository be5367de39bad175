import CaptureCore
import Foundation

/// Thread CPU time spent in each stage of ``DocumentScanner/analyze(_:roi:today:clock:isCancelled:)``,
/// for benchmarks (`capkit bench`). Measuring costs one clock read per stage.
package struct StageTimings: Sendable, Equatable {
    /// Seconds of CPU per stage: MRZ zones and reading, outline, re-reading through the outline,
    /// quality (placement, glare, blur).
    package var mrz = 0.0
    package var outline = 0.0
    package var reread = 0.0
    package var quality = 0.0

    package init() {}

    package var total: Double { mrz + outline + reread + quality }
}

/// Accumulates ``StageTimings`` over the frames a benchmark analyses (one per benchmarking thread;
/// not shared between threads).
package final class StageClock {
    package private(set) var timings = StageTimings()
    private var mark = 0.0

    package init() {}

    /// Starts timing a frame.
    func start() { mark = ThreadCPUTime.now() }

    /// Charges the time since the last mark to `stage`.
    func lap(_ stage: WritableKeyPath<StageTimings, Double>) {
        let t = ThreadCPUTime.now()
        timings[keyPath: stage] += t - mark
        mark = t
    }
}
