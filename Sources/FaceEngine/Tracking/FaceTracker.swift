package import CaptureCore
import Foundation

/// Follows one face through a stream of frames, fitting its 68 landmarks in every frame.
///
/// **Per frame, while a face is tracked** (the cheap path):
/// 1. The landmark model's square is placed where the last frame's landmarks put it (rotated with
///    the head's roll, moved on by the face's recent velocity) and the landmarks are fitted there,
///    on the full-resolution frame. If the fitted square moved more than
///    ``FaceTrackerConfiguration/refitThreshold`` from where it was placed (fast motion), the
///    landmarks are fitted once more from the new square.
/// 2. The square's appearance (``FaceAppearance``, 16x16 cells) is compared with the one learnt
///    while the detector confirmed the face.
/// 3. Every ``FaceTrackerConfiguration/confirmationInterval`` frames, or earlier when the
///    appearance is doubtful, a small upright gray crop around the face is sampled (the face
///    shrunk to about ``FaceTrackerConfiguration/confirmationFaceSize`` pixels) and the detector
///    runs on that crop only: a detection overlapping the fitted square confirms the face.
/// 4. The face is dropped when its square's centre leaves the frame, when its appearance no
///    longer matches and the detector does not confirm it, or after
///    ``FaceTrackerConfiguration/maximumUnconfirmedFrames`` frames without a confirmation.
/// 5. The landmarks are smoothed by One Euro filters (``LandmarkSmoother``).
///
/// **When no face is tracked** (or the face was just dropped, in the same frame) the detector
/// searches the whole frame, downscaled so that faces of
/// ``FaceTrackerConfiguration/minimumFaceSize`` pixels are found; the best face is fitted twice
/// (the second time from a square rotated with the first fit's roll) and tracked from then on.
/// After a search that found nothing, the next frames are searched only when the scene changed
/// (``SceneThumbnail``), or after ``FaceTrackerConfiguration/maximumSkippedSearches`` frames.
///
/// **Confidence** (0...1) is `evidence × (0.5 + 0.5 × stability)`. Evidence is
/// `1 / (1 + e^(−2·(score + 0.25)))` in a frame with a detection score, otherwise
/// `(correlation − threshold) / (0.9 − threshold)` clamped to 0...1 from the appearance.
/// Stability is `e^(−r / 0.05)`, where `r` is the root-mean-square change of the inner landmarks
/// since the last frame once a similarity (the head's motion) is taken out, divided by the
/// eye-centre distance.
///
/// A value type: one tracker per camera stream. It needs no clock: timestamps come with frames.
package struct FaceTracker: Sendable {
    package let backend: any LandmarkBackend
    package var configuration: FaceTrackerConfiguration

    private var track: Track?
    /// The last frame searched without finding a face, and the searches skipped since.
    private var idleScene: (thumbnail: SceneThumbnail, skipped: Int)?
    private var smoother: LandmarkSmoother
    private let meanInner: [Point2D]

    private struct Track: Sendable {
        /// The square lined up with the last frame's landmarks.
        var placement: SimilarityTransform
        /// Velocity of the square's centre, pixels per second (smoothed).
        var velocity: Point2D
        var timestamp: Double
        var appearance: FaceAppearance
        var framesSinceConfirmation: Int
        var framesSinceAttempt: Int
        var lastRaw: FaceLandmarks
    }

    package init(backend: any LandmarkBackend, configuration: FaceTrackerConfiguration = FaceTrackerConfiguration()) {
        self.backend = backend
        self.configuration = configuration
        self.smoother = LandmarkSmoother(parameters: configuration.smoothing)
        let mean = backend.meanShape
        self.meanInner = FaceLandmarks.Index.inner.map { $0 < mean.count ? mean[$0] : Point2D(x: 0, y: 0) }
    }

    /// Whether a face is being followed (the next frame takes the cheap path).
    package var isTracking: Bool { track != nil }

    /// Forgets the face: the next frame searches the full frame.
    package mutating func reset() {
        track = nil
        idleScene = nil
        smoother.reset()
    }

    /// Tracks the face in `image`, taken at `timestamp` seconds (any origin; it only has to
    /// increase from frame to frame for the smoothing and motion prediction).
    package mutating func process(
        _ image: RGBAImage, at timestamp: Double
    ) throws(FaceEngineError)
        -> FaceTrackingResult
    {
        guard image.width >= 16, image.height >= 16 else { throw .invalidInput("the frame is smaller than 16x16") }
        guard timestamp.isFinite else { throw .invalidInput("the frame's timestamp is not finite") }
        var timings = FaceTrackerTimings()
        if var current = track {
            if let face = try follow(&current, in: image, at: timestamp, timings: &timings) {
                track = current
                return FaceTrackingResult(face: face, searchedFullFrame: false, timings: timings)
            }
            reset()
        }
        var thumbnail: SceneThumbnail?
        if configuration.sceneChangeThreshold > 0 {
            let start = ThreadCPUTime.now()
            let current = SceneThumbnail(image)
            if let idle = idleScene, idle.skipped < configuration.maximumSkippedSearches,
                current.largestChange(to: idle.thumbnail) < configuration.sceneChangeThreshold
            {
                idleScene?.skipped += 1
                timings.search += ThreadCPUTime.now() - start
                return FaceTrackingResult(face: nil, searchedFullFrame: false, timings: timings)
            }
            timings.search += ThreadCPUTime.now() - start
            thumbnail = current
        }
        let face = try search(image, at: timestamp, timings: &timings)
        idleScene = face == nil ? thumbnail.map { ($0, 0) } : nil
        return FaceTrackingResult(face: face, searchedFullFrame: true, timings: timings)
    }

    // MARK: - Tracking

    private mutating func follow(
        _ track: inout Track, in image: RGBAImage, at timestamp: Double,
        timings: inout FaceTrackerTimings
    ) throws(FaceEngineError) -> TrackedFace? {
        var t = ThreadCPUTime.now()
        let dt = min(max(timestamp - track.timestamp, 0), 0.25)
        var placed = track.placement
        placed.tx += track.velocity.x * dt * configuration.motionPrediction
        placed.ty += track.velocity.y * dt * configuration.motionPrediction
        var raw = try backend.landmarks(in: image, placement: placed)
        var fitted = fitPlacement(to: raw) ?? placed
        if Self.change(from: placed, to: fitted) > configuration.refitThreshold {
            placed = fitted
            raw = try backend.landmarks(in: image, placement: placed)
            fitted = fitPlacement(to: raw) ?? placed
        }
        lap(&t, into: &timings.landmarks)
        guard plausible(fitted, in: image) else { return nil }

        var appearance = FaceAppearance(image: image, placement: fitted)
        let correlation = track.appearance.correlation(with: appearance)
        track.framesSinceConfirmation += 1
        track.framesSinceAttempt += 1
        let due =
            track.framesSinceAttempt >= configuration.confirmationInterval
            || (correlation < configuration.doubtfulAppearance && track.framesSinceAttempt >= 2)
            || correlation < configuration.appearanceThreshold
        var score: Double?
        if due {
            track.framesSinceAttempt = 0
            let crop = confirmationCrop(around: fitted, of: image)
            lap(&t, into: &timings.crop)
            let expected = crop.box(of: fitted)
            let detections = try backend.detectFaces(
                in: crop.image, upsample: 0,
                minimumScore: configuration.confirmationScore)
            let overlaps = detections.map { ($0, $0.box.intersectionOverUnion(with: expected)) }
            if let (best, overlap) = overlaps.max(by: { $0.1 < $1.1 }), overlap >= configuration.confirmationOverlap {
                score = best.score
                lap(&t, into: &timings.confirmation)
                if overlap < configuration.reanchorOverlap {
                    // The landmarks settled away from the face the detector sees (a fit that
                    // locked on part of the face): start again from the detection.
                    placed = crop.toFrame.after(Self.placement(for: best.box))
                    raw = try backend.landmarks(in: image, placement: placed)
                    fitted = fitPlacement(to: raw) ?? placed
                    lap(&t, into: &timings.landmarks)
                    guard plausible(fitted, in: image) else { return nil }
                }
            }
        }
        let evidence: TrackedFace.Evidence
        if let score {
            evidence = .confirmed(score: score)
            track.framesSinceConfirmation = 0
            if score >= 0 {
                appearance = FaceAppearance(image: image, placement: fitted)
                track.appearance.blend(toward: appearance, rate: 0.2)
            }
        } else {
            guard correlation >= configuration.appearanceThreshold,
                track.framesSinceConfirmation <= configuration.maximumUnconfirmedFrames
            else { return nil }
            evidence = .appearance(correlation: correlation)
        }
        lap(&t, into: &timings.confirmation)

        let stability = stability(of: raw, since: track.lastRaw)
        let smoothed = smoother.smooth(raw, at: timestamp)
        let face = TrackedFace(
            landmarks: smoothed, rawLandmarks: raw, placement: fitted, evidence: evidence,
            confidence: confidence(evidence, stability: stability))
        if dt > 0 {
            let moved = fitted.apply(Point2D(x: 0.5, y: 0.5)) - track.placement.apply(Point2D(x: 0.5, y: 0.5))
            track.velocity = track.velocity * 0.5 + moved * (0.5 / dt)
        }
        track.placement = fitted
        track.timestamp = timestamp
        track.lastRaw = raw
        lap(&t, into: &timings.smoothing)
        return face
    }

    // MARK: - Full-frame search

    private mutating func search(
        _ image: RGBAImage, at timestamp: Double,
        timings: inout FaceTrackerTimings
    ) throws(FaceEngineError) -> TrackedFace? {
        var t = ThreadCPUTime.now()
        let factor = max(1, configuration.minimumFaceSize / 80)
        let small = GrayResampler.downscaled(image, by: factor)
        let detections = try backend.detectFaces(in: small, upsample: 0, minimumScore: configuration.acquisitionScore)
        lap(&t, into: &timings.search)
        guard let best = detections.first else { return nil }

        // Pixel centres of the small image map to frame pixels by x' = (x + 0.5)·f − 0.5.
        let fx = Double(image.width) / Double(small.width)
        let smallToFrame = SimilarityTransform(a: fx, b: 0, tx: 0.5 * fx - 0.5, ty: 0.5 * fx - 0.5)
        let initial = smallToFrame.after(Self.placement(for: best.box))
        var raw = try backend.landmarks(in: image, placement: initial)
        var fitted = fitPlacement(to: raw) ?? initial
        raw = try backend.landmarks(in: image, placement: fitted)
        fitted = fitPlacement(to: raw) ?? fitted
        lap(&t, into: &timings.landmarks)
        guard plausible(fitted, in: image) else { return nil }

        let appearance = FaceAppearance(image: image, placement: fitted)
        smoother.reset()
        let smoothed = smoother.smooth(raw, at: timestamp)
        let evidence = TrackedFace.Evidence.acquired(score: best.score)
        track = Track(
            placement: fitted, velocity: Point2D(x: 0, y: 0), timestamp: timestamp, appearance: appearance,
            framesSinceConfirmation: 0, framesSinceAttempt: 0, lastRaw: raw)
        lap(&t, into: &timings.smoothing)
        return TrackedFace(
            landmarks: smoothed, rawLandmarks: raw, placement: fitted, evidence: evidence,
            confidence: confidence(evidence, stability: 1))
    }

    // MARK: - Helpers

    /// An upright gray crop around a placement, and the map from its pixels to the frame's.
    private struct ConfirmationCrop {
        var image: GrayImage
        /// Crop pixel → frame pixel.
        var toFrame: SimilarityTransform
        /// Frame pixel → crop pixel.
        var fromFrame: SimilarityTransform

        /// The axis-aligned box in crop pixels covering a placement's square (its rotation
        /// relative to the crop is small from one frame to the next and is ignored).
        func box(of placement: SimilarityTransform) -> FaceBox {
            let inCrop = fromFrame.after(placement)
            let centre = inCrop.apply(Point2D(x: 0.5, y: 0.5))
            // A unit square mapped with scale s spans s + 1 pixels (dlib's inclusive edges).
            return FaceBox(centre: centre, size: inCrop.scale + 1)
        }
    }

    private func confirmationCrop(around placement: SimilarityTransform, of image: RGBAImage) -> ConfirmationCrop {
        let side = configuration.confirmationFaceSize
        let margin = configuration.confirmationMargin * side
        let cropSize = Int((side + 2 * margin).rounded())
        // Crop pixel → model unit square: u = (x − margin) / (side − 1).
        let cropToUnit = SimilarityTransform(
            a: 1 / (side - 1), b: 0, tx: -margin / (side - 1),
            ty: -margin / (side - 1))
        let toFrame = placement.after(cropToUnit)
        let crop = GrayResampler.crop(image, placement: toFrame, width: cropSize, height: cropSize)
        return ConfirmationCrop(image: crop, toFrame: toFrame, fromFrame: toFrame.inverse ?? .identity)
    }

    /// The model square matching a detector box: dlib maps the unit square's (1,1) to the box's
    /// last pixel, so the scale is the side minus one.
    package static func placement(for box: FaceBox) -> SimilarityTransform {
        let side = (box.width + box.height) / 2
        return SimilarityTransform(a: side - 1, b: 0, tx: box.left, ty: box.top)
    }

    /// The square that lines the model's mean shape up with `landmarks` (inner points).
    private func fitPlacement(to landmarks: FaceLandmarks) -> SimilarityTransform? {
        let target = FaceLandmarks.Index.inner.map { landmarks.points[$0] }
        return SimilarityTransform.fit(from: meanInner, to: target)
    }

    /// A square whose centre left the frame, or too small to fit, or far bigger than the frame,
    /// is no longer a face to follow.
    private func plausible(_ placement: SimilarityTransform, in image: RGBAImage) -> Bool {
        let s = placement.scale
        let centre = placement.apply(Point2D(x: 0.5, y: 0.5))
        return s.isFinite && s >= 20 && s <= 2 * Double(max(image.width, image.height)) && centre.x >= 0
            && centre.y >= 0 && centre.x < Double(image.width) && centre.y < Double(image.height)
    }

    /// How far `b` is from `a`: the largest of the centre shift (in sides), the relative size
    /// change and the rotation (radians).
    package static func change(from a: SimilarityTransform, to b: SimilarityTransform) -> Double {
        let ca = a.apply(Point2D(x: 0.5, y: 0.5)), cb = b.apply(Point2D(x: 0.5, y: 0.5))
        let shift = ca.distance(to: cb) / max(a.scale, 1e-9)
        let size = abs(b.scale / max(a.scale, 1e-9) - 1)
        var turn = abs(b.angle - a.angle)
        if turn > Double.pi { turn = 2 * Double.pi - turn }
        return max(shift, size, turn)
    }

    private func stability(of raw: FaceLandmarks, since previous: FaceLandmarks) -> Double {
        let inner = FaceLandmarks.Index.inner
        let from = inner.map { previous.points[$0] }, to = inner.map { raw.points[$0] }
        guard let motion = SimilarityTransform.fit(from: from, to: to) else { return 0 }
        var sum = 0.0
        for i in 0..<from.count {
            let d = motion.apply(from[i]).distance(to: to[i])
            sum += d * d
        }
        let rms = (sum / Double(from.count)).squareRoot() / max(1, raw.eyeCentreDistance)
        return exp(-rms / 0.05)
    }

    private func confidence(_ evidence: TrackedFace.Evidence, stability: Double) -> Double {
        let base: Double
        switch evidence {
        case let .acquired(score), let .confirmed(score):
            base = 1 / (1 + exp(-2 * (score + 0.25)))
        case let .appearance(correlation):
            let threshold = configuration.appearanceThreshold
            base = min(1, max(0, (correlation - threshold) / max(1e-9, 0.9 - threshold)))
        }
        return min(1, max(0, base * (0.5 + 0.5 * stability)))
    }

    private func lap(_ t: inout Double, into stage: inout Double) {
        let now = ThreadCPUTime.now()
        stage += now - t
        t = now
    }
}
