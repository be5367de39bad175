import CaptureCore
import FaceEngine

/// Accumulates the try-on evaluation's measures over generated frames:
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
package struct FaceTrackingMetrics: Sendable {
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
    package private(set) var errorsBySegment: [FaceSequenceSegment: [Double]] = [:]
    package private(set) var rawErrorsBySegment: [FaceSequenceSegment: [Double]] = [:]
    package private(set) var missedBySegment: [FaceSequenceSegment: Int] = [:]
    package private(set) var jitter: [Double] = []
    package private(set) var rawJitter: [Double] = []
    package private(set) var redetectionDelays: [Int] = []
    /// Appearances that ended (the face left again) before it was tracked.
    package private(set) var redetectionFailures = 0

    private var previous: (output: FaceLandmarks, raw: FaceLandmarks, measured: Bool)?
    private var waitingSince: Int?
    private var absentSinceLastAppearance = true

    package init() {}

    /// Adds one frame and the tracker's answer for it.
    package mutating func add(_ frame: GeneratedFaceFrame, tracked face: TrackedFace?) {
        frames += 1
        let truth = frame.presence
        if let truth {
            presenceScored += 1
            if truth == (face != nil) { presenceCorrect += 1 }
            if !truth, face != nil { falsePresence += 1 }
            if truth, face == nil {
                missedPresence += 1
                missedBySegment[frame.scene.segment, default: 0] += 1
            }
        }
        let corners = FaceLandmarks.Index.eyeCorners
        let norm = frame.truth.outerEyeCornerDistance
        if truth == true, let face {
            let e = corners.reduce(0.0) { $0 + face.landmarks[$1].distance(to: frame.truth[$1]) } / 4 / norm
            errors.append(e)
            let raw = corners.reduce(0.0) { $0 + face.rawLandmarks[$1].distance(to: frame.truth[$1]) } / 4 / norm
            rawErrors.append(raw)
            rawErrorsBySegment[frame.scene.segment, default: []].append(raw)
            errorsBySegment[frame.scene.segment, default: []].append(e)
        }
        if let face, frame.scene.measuresJitter, let previous, previous.measured {
            jitter.append(corners.reduce(0.0) { $0 + face.landmarks[$1].distance(to: previous.output[$1]) } / 4 / norm)
            rawJitter.append(corners.reduce(0.0) { $0 + face.rawLandmarks[$1].distance(to: previous.raw[$1]) } / 4 / norm)
        }
        previous = face.map { ($0.landmarks, $0.rawLandmarks, frame.scene.measuresJitter) }

        // Re-detection events.
        if truth == false {
            if waitingSince != nil { redetectionFailures += 1 }
            waitingSince = nil
            absentSinceLastAppearance = true
        } else if truth == true {
            if absentSinceLastAppearance {
                absentSinceLastAppearance = false
                waitingSince = frame.index
            }
            if let since = waitingSince, face != nil {
                redetectionDelays.append(frame.index - since)
                waitingSince = nil
            }
        }
    }

    /// Ends a sequence: the next frame starts a new one (its first frame is an appearance).
    package mutating func endSequence() {
        if waitingSince != nil { redetectionFailures += 1 }
        waitingSince = nil
        absentSinceLastAppearance = true
        previous = nil
    }

    package var presenceAccuracy: Double { Double(presenceCorrect) / Double(max(1, presenceScored)) }
    package var meanError: Double { errors.isEmpty ? .nan : errors.reduce(0, +) / Double(errors.count) }
    package var p95Error: Double { Self.percentile(errors, 0.95) }
    package var meanRawError: Double { rawErrors.isEmpty ? .nan : rawErrors.reduce(0, +) / Double(rawErrors.count) }
    package var jitterRMS: Double { Self.rms(jitter) }
    package var rawJitterRMS: Double { Self.rms(rawJitter) }
    package var maximumRedetectionDelay: Int? { redetectionDelays.max() }
    package var meanRedetectionDelay: Double {
        Double(redetectionDelays.reduce(0, +)) / Double(max(1, redetectionDelays.count))
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
