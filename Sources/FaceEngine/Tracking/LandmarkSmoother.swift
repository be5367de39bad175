import CaptureCore

/// One Euro filters on every landmark coordinate, with the speed term measured in face sizes
/// (eye-centre distances) per second so that the same settings suit near and far faces.
package struct LandmarkSmoother: Sendable, Equatable {
    /// Filter settings; `beta` is per eye-centre distance per second (see ``OneEuroFilter``).
    package struct Parameters: Sendable, Equatable {
        /// Cutoff when still, Hz.
        package var minimumCutoff: Double
        /// Cutoff increase per (eye-centre distance per second) of speed.
        package var beta: Double
        /// Smoothing of the speed estimate, Hz.
        package var derivativeCutoff: Double

        package init(minimumCutoff: Double = 0.3, beta: Double = 25, derivativeCutoff: Double = 5) {
            self.minimumCutoff = minimumCutoff
            self.beta = beta
            self.derivativeCutoff = derivativeCutoff
        }
    }

    package var parameters: Parameters
    private var filters: [OneEuroFilter]

    package init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        self.filters = []
    }

    /// The smoothed landmarks for `landmarks` observed at `timestamp` (seconds).
    package mutating func smooth(_ landmarks: FaceLandmarks, at timestamp: Double) -> FaceLandmarks {
        let faceSize = max(1, landmarks.eyeCentreDistance)
        let beta = parameters.beta / faceSize
        if filters.count != landmarks.points.count * 2 {
            filters = Array(
                repeating: OneEuroFilter(
                    minimumCutoff: parameters.minimumCutoff, beta: beta,
                    derivativeCutoff: parameters.derivativeCutoff),
                count: landmarks.points.count * 2)
        }
        var out = landmarks
        for i in 0..<landmarks.points.count {
            filters[2 * i].beta = beta
            filters[2 * i + 1].beta = beta
            out.points[i] = Point2D(
                x: filters[2 * i].filter(landmarks.points[i].x, at: timestamp),
                y: filters[2 * i + 1].filter(landmarks.points[i].y, at: timestamp))
        }
        return out
    }

    /// Forgets the history (after the face was lost).
    package mutating func reset() {
        filters = []
    }
}
