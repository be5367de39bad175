import CaptureCore
package import FaceEngine

/// Accumulates the try-on evaluation's measures over generated frames, overall and per path kind
/// (``FaceSequenceSegment``):
///
/// - **Presence accuracy**: frames where "a face is tracked" matches the truth, over frames whose
///   truth is clear (every landmark in frame: present; fewer than half: absent; partly out of
///   frame: not scored).
/// - **Eye-corner error**: mean distance of the four eye corners (36, 39, 42, 45) from the truth,
///   divided by the truth's outer-corner distance (the 300-W normalisation), over frames where
///   the face is present and tracked.
/// - **Jitter**: on still segments (after ``FaceSequenceScript/settleFrames``), the mean frame-to-frame
///   movement of the four eye corners divided by the outer-corner distance, as a root mean square
///   over frames. Measured on the smoothed output and, for reference, on the raw fit.
/// - **Frames to re-detect**: after the face (re)appears fully (the sequence start, or a return
///   into the frame), the number of frames until it is tracked (0: in the very frame it appears).
///   Counted under the path kind of the frame where it appeared.
package struct FaceTrackingMetrics: Sendable {
    /// The measures of one group of frames (all of them, or one path kind).
    package struct Figures: Sendable, Equatable {
        package private(set) var frames = 0
        package private(set) var presenceScored = 0
        package private(set) var presenceCorrect = 0
        /// Frames tracked while the face was absent.
        package private(set) var falsePresence = 0
        /// Frames not tracked while the face was present.
        package private(set) var missedPresence = 0
        package private(set) var errors: [Double] = []
        /// The same error measured on the raw (unsmoothed) fit.
        package private(set) var rawErrors: [Double] = []
        package private(set) var jitter: [Double] = []
        package private(set) var rawJitter: [Double] = []
        package private(set) var redetectionDelays: [Int] = []
        /// Appearances that ended (the face left again, or the sequence ended) before it was tracked.
        package private(set) var redetectionFailures = 0

        package var presenceAccuracy: Double { Double(presenceCorrect) / Double(max(1, presenceScored)) }
        package var meanError: Double { FaceTrackingMetrics.mean(errors) }
        package var p95Error: Double { FaceTrackingMetrics.percentile(errors, 0.95) }
        package var meanRawError: Double { FaceTrackingMetrics.mean(rawErrors) }
        package var jitterRMS: Double { FaceTrackingMetrics.rms(jitter) }
        package var rawJitterRMS: Double { FaceTrackingMetrics.rms(rawJitter) }
        package var maximumRedetectionDelay: Int? { redetectionDelays.max() }
        package var meanRedetectionDelay: Double {
            redetectionDelays.isEmpty ? .nan : Double(redetectionDelays.reduce(0, +)) / Double(redetectionDelays.count)
        }

        fileprivate mutating func countFrame(truth: Bool?, tracked: Bool) {
            frames += 1
            guard let truth else { return }
            presenceScored += 1
            if truth == tracked { presenceCorrect += 1 }
            if !truth, tracked { falsePresence += 1 }
            if truth, !tracked { missedPresence += 1 }
        }

        fileprivate mutating func addError(_ error: Double, raw: Double) {
            errors.append(error)
            rawErrors.append(raw)
        }

        fileprivate mutating func addJitter(_ value: Double, raw: Double) {
            jitter.append(value)
            rawJitter.append(raw)
        }

        fileprivate mutating func addRedetection(delay: Int) { redetectionDelays.append(delay) }
        fileprivate mutating func addRedetectionFailure() { redetectionFailures += 1 }
    }

    /// Every frame.
    package private(set) var overall = Figures()
    /// Frames by path kind.
    package private(set) var bySegment: [FaceSequenceSegment: Figures] = [:]

    private var previous: (output: FaceLandmarks, raw: FaceLandmarks, measured: Bool)?
    /// The frame index and path kind where the face appeared and is not tracked yet.
    private var waiting: (since: Int, segment: FaceSequenceSegment)?
    private var absentSinceLastAppearance = true

    package init() {}

    /// Adds one frame and the tracker's answer for it.
    package mutating func add(_ frame: GeneratedFaceFrame, tracked face: TrackedFace?) {
        let segment = frame.scene.segment
        let truth = frame.presence
        update(segment) { $0.countFrame(truth: truth, tracked: face != nil) }

        let corners = FaceLandmarks.Index.eyeCorners
        let norm = frame.truth.outerEyeCornerDistance
        if truth == true, let face {
            let e = corners.reduce(0.0) { $0 + face.landmarks[$1].distance(to: frame.truth[$1]) } / 4 / norm
            let raw = corners.reduce(0.0) { $0 + face.rawLandmarks[$1].distance(to: frame.truth[$1]) } / 4 / norm
            update(segment) { $0.addError(e, raw: raw) }
        }
        if let face, frame.scene.measuresJitter, let previous, previous.measured {
            let j = corners.reduce(0.0) { $0 + face.landmarks[$1].distance(to: previous.output[$1]) } / 4 / norm
            let raw = corners.reduce(0.0) { $0 + face.rawLandmarks[$1].distance(to: previous.raw[$1]) } / 4 / norm
            update(segment) { $0.addJitter(j, raw: raw) }
        }
        previous = face.map { ($0.landmarks, $0.rawLandmarks, frame.scene.measuresJitter) }

        // Re-detection events.
        if truth == false {
            failPendingAppearance()
            absentSinceLastAppearance = true
        } else if truth == true {
            if absentSinceLastAppearance {
                absentSinceLastAppearance = false
                waiting = (frame.index, segment)
            }
            if let pending = waiting, face != nil {
                update(pending.segment) { $0.addRedetection(delay: frame.index - pending.since) }
                waiting = nil
            }
        }
    }

    /// Ends a sequence: the next frame starts a new one (its first frame is an appearance).
    package mutating func endSequence() {
        failPendingAppearance()
        absentSinceLastAppearance = true
        previous = nil
    }

    private mutating func failPendingAppearance() {
        if let pending = waiting { update(pending.segment) { $0.addRedetectionFailure() } }
        waiting = nil
    }

    private mutating func update(_ segment: FaceSequenceSegment, _ change: (inout Figures) -> Void) {
        change(&overall)
        change(&bySegment[segment, default: Figures()])
    }

    package static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    package static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))]
    }

    package static func rms(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }
}
