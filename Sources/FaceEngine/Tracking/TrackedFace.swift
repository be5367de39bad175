/// The face the tracker follows, as seen in one frame.
package struct TrackedFace: Sendable, Equatable {
    /// How the tracker knows the face is there in this frame.
    package enum Evidence: Sendable, Equatable {
        /// Found by the full-frame search (a new or re-found face).
        case acquired(score: Double)
        /// Confirmed by the detector in the region around the last position.
        case confirmed(score: Double)
        /// The detector missed it, but the region still looks like the face (correlation given).
        case appearance(correlation: Double)
    }

    /// Smoothed landmarks (One Euro), frame pixels: what rendering should use.
    package var landmarks: FaceLandmarks
    /// The landmarks as fitted in this frame, before smoothing.
    package var rawLandmarks: FaceLandmarks
    /// Where the landmark model's unit square lay in this frame (its rotation is the head's roll).
    package var placement: SimilarityTransform
    package var evidence: Evidence
    /// 0...1: how much to trust this frame's face, from the detection score (or appearance
    /// correlation) and the landmarks' stability since the last frame (see ``FaceTracker``).
    package var confidence: Double

    package init(
        landmarks: FaceLandmarks, rawLandmarks: FaceLandmarks, placement: SimilarityTransform,
        evidence: Evidence, confidence: Double
    ) {
        self.landmarks = landmarks
        self.rawLandmarks = rawLandmarks
        self.placement = placement
        self.evidence = evidence
        self.confidence = confidence
    }
}
