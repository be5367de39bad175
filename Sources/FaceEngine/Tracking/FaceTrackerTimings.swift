/// Thread CPU seconds each stage of one ``FaceTracker/process(_:at:)`` call took (0 for stages
/// that did not run).
package struct FaceTrackerTimings: Sendable, Equatable {
    /// Full-frame search: downscaling the frame and running the detector on it.
    package var search = 0.0
    /// Sampling the upright gray crop around the tracked face.
    package var crop = 0.0
    /// The confirming detection inside that crop, and the appearance check.
    package var confirmation = 0.0
    /// Landmark fitting (one or two fits).
    package var landmarks = 0.0
    /// One Euro smoothing and bookkeeping.
    package var smoothing = 0.0

    package init() {}

    package var total: Double { search + crop + confirmation + landmarks + smoothing }

    package static func + (a: FaceTrackerTimings, b: FaceTrackerTimings) -> FaceTrackerTimings {
        var r = FaceTrackerTimings()
        r.search = a.search + b.search
        r.crop = a.crop + b.crop
        r.confirmation = a.confirmation + b.confirmation
        r.landmarks = a.landmarks + b.landmarks
        r.smoothing = a.smoothing + b.smoothing
        return r
    }
}
