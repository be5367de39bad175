package import CaptureCore
import Foundation

/// The frame-by-frame plan of a generated sequence: which segment each frame belongs to and the
/// similarity transform, light and occluder of that frame. Pure arithmetic (plus a seeded
/// generator for shake), so the same script always gives the same frames.
package struct FaceSequenceScript: Sendable {
    /// One frame's scene.
    package struct FrameScene: Sendable, Equatable {
        package var segment: FaceSequenceSegment
        /// Whether this frame is far enough into a still segment for jitter to be measured
        /// (the first ``settleFrames`` frames of a still segment let the smoothing settle).
        package var measuresJitter: Bool
        /// Offset of the face centre from the frame centre, pixels.
        package var offset: Point2D
        /// Face size relative to the sequence's base size.
        package var scale: Double
        /// Roll, radians (positive: clockwise on screen).
        package var roll: Double
        /// Brightness multiplier.
        package var gain: Double
        /// Sensor noise standard deviation, 8-bit levels.
        package var noise: Double
        /// Occluder centre relative to the face centre, in face sizes (nil: no occluder).
        package var occluder: Point2D?
    }

    /// Frames at the start of a still segment excluded from the jitter measure.
    package static let settleFrames = 10

    /// The segments and their lengths in frames.
    package let segments: [(FaceSequenceSegment, Int)]
    /// Frame size.
    package let width: Int
    package let height: Int
    /// Frames per second of the timestamps.
    package let framesPerSecond: Double
    private let seed: UInt64

    /// The standard script: still, translation, still, roll, scale, exit and return, still,
    /// occlusion, low light, shake, still — 500 frames (16.7 s at 30 fps), scaled by `length`.
    package static func standard(
        width: Int = 1280, height: Int = 720, length: Double = 1, seed: UInt64 = 1
    )
        -> FaceSequenceScript
    {
        let plan: [(FaceSequenceSegment, Int)] = [
            (.still, 30), (.translation, 90), (.still, 20), (.roll, 60), (.scale, 60), (.exit, 65), (.still, 25),
            (.occlusion, 40), (.lowLight, 40), (.shake, 40), (.still, 30),
        ]
        return FaceSequenceScript(
            segments: plan.map { ($0.0, max(2, Int((Double($0.1) * length).rounded()))) },
            width: width, height: height, seed: seed)
    }

    package init(
        segments: [(FaceSequenceSegment, Int)], width: Int, height: Int, framesPerSecond: Double = 30,
        seed: UInt64 = 1
    ) {
        self.segments = segments
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.seed = seed
    }

    /// Total number of frames.
    package var frameCount: Int { segments.reduce(0) { $0 + $1.1 } }

    /// The scene of frame `index` (0 ..< ``frameCount``).
    package func scene(at index: Int) -> FrameScene {
        var start = 0
        for (segment, count) in segments {
            if index < start + count {
                let local = index - start
                return scene(segment, local: local, count: count, index: index)
            }
            start += count
        }
        return scene(.still, local: 0, count: 1, index: index)
    }

    private func scene(_ segment: FaceSequenceSegment, local: Int, count: Int, index: Int) -> FrameScene {
        // Progress 0...1 over the segment (reaching 1 on its last frame).
        let p = count > 1 ? Double(local) / Double(count - 1) : 0
        let w = Double(width), h = Double(height)
        var s = FrameScene(
            segment: segment, measuresJitter: false, offset: Point2D(x: 0, y: 0), scale: 1, roll: 0,
            gain: 1, noise: 2, occluder: nil)
        switch segment {
        case .still:
            s.measuresJitter = local >= Self.settleFrames
        case .translation:
            s.offset = Point2D(x: 0.2 * w * sin(2 * .pi * p), y: 0.12 * h * sin(4 * .pi * p))
        case .roll:
            s.roll = 25 * Double.pi / 180 * sin(2 * .pi * p)
        case .scale:
            s.scale = 1 + 0.4 * sin(2 * .pi * p)
        case .exit:
            // Out over the first 40%, away for 20%, back over the last 40% (smoothly).
            let away = w * 0.5 + 0.55 * h
            let phase: Double
            if p < 0.4 { phase = p / 0.4 } else if p < 0.6 { phase = 1 } else { phase = (1 - p) / 0.4 }
            s.offset = Point2D(x: away * (0.5 - 0.5 * cos(.pi * phase)), y: 0)
        case .occlusion:
            s.occluder = Point2D(x: -1.3 + 2.6 * p, y: 0.38)
        case .lowLight:
            let dip = sin(.pi * p)
            s.gain = 1 - 0.7 * dip
            s.noise = 2 + 5 * dip
            s.offset = Point2D(x: 20 * sin(2 * .pi * p), y: 10 * (1 - cos(2 * .pi * p)))
        case .shake:
            var random = SplitMix64(seed: seed, stream: 7, item: UInt64(index))
            s.offset = Point2D(x: random.uniform(-12, 12), y: random.uniform(-12, 12))
            s.roll = random.uniform(-3, 3) * Double.pi / 180
        }
        return s
    }
}
