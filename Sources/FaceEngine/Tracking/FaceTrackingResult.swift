/// What ``FaceTracker/process(_:at:)`` saw in one frame.
package struct FaceTrackingResult: Sendable, Equatable {
    /// The tracked face, or nil when there is none in this frame.
    package var face: TrackedFace?
    /// Whether the expensive full-frame search ran in this frame.
    package var searchedFullFrame: Bool
    /// CPU time per stage.
    package var timings: FaceTrackerTimings

    package init(face: TrackedFace?, searchedFullFrame: Bool, timings: FaceTrackerTimings) {
        self.face = face
        self.searchedFullFrame = searchedFullFrame
        self.timings = timings
    }
}
