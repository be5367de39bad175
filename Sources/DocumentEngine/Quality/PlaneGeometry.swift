package import CaptureCore
import Foundation

/// What the four corners of a rectangle seen in perspective tell about it: its true aspect ratio
/// and how steeply the camera looks at it.
///
/// The camera is modelled as a pinhole centred on the frame. The homography from the unit square
/// to the corners, in pixels about the frame's centre, is `K [λ·w·r1, λ·h·r2, t]` with
/// `K = diag(f, f, 1)`; so `|K⁻¹h1| / |K⁻¹h2|` is the aspect `w/h`, `r1 · r2 = 0` for the right
/// focal length, and the plane normal `r1 × r2` gives the tilt (Zhang & He's whiteboard
/// rectification).
///
/// The focal length `f` is not known: phones and their zoom levels differ (a 40° to 85° horizontal
/// field of view is about 0.55 to 1.4 times the frame's long side). With the rectangle's true
/// aspect ratio known (a document of a known layout), `f` is the one that makes the rectified
/// rectangle right-angled and of that aspect, with a weak pull towards ``assumedFocalLengthFactor``
/// where the corners say little about it (a document seen nearly face on, or tilted about one of its
/// axes): see ``init(quad:frameWidth:frameHeight:knownAspectRatio:)``. Without it, `f` is the
/// assumed one.
///
/// The scanner reports the tilt at the assumed focal length for now: on outlines located in the
/// tuning family's frames, whose cameras all lie near the assumption (55°–75°), the estimated focal
/// length did not lower the tilt error. It is for cameras far from the assumption (a 2x lens, an
/// ultra-wide one), once the tuning family has them to decide the pull on.
package struct PlaneGeometry: Sendable, Equatable {
    /// The focal length assumed without other evidence, as a factor of the frame's long side (a
    /// phone's main camera, about 65° horizontal field of view).
    package static let assumedFocalLengthFactor = 0.8
    /// The range of focal lengths searched, as factors of the frame's long side (about 90° to 28°).
    package static let focalLengthFactors = 0.4...2.0
    /// Weight of the pull towards the assumed focal length, per unit of `|log(f / f₀)|`, against the
    /// mismatches of aspect (`|log(a / a₀)|`) and right angle (`|cos|`) it is added to. Decided on
    /// corners drawn like the tuning family's (55°–75° field of view, tilt 0°–50°, corner noise of
    /// 0.4% of the frame diagonal): mean tilt error 1.54° at 0.05, 1.53° at 0.1, 1.74° at 0.02, 2.1°
    /// at 0 and 2.6° with the focal length fixed; 0.1 pulls exact corners of a card tilted 20° through
    /// a 40° lens 8° off, 0.05 does not, so 0.05.
    package static let focalPrior = 0.05

    /// Width over height of the rectangle itself.
    package var aspectRatio: Double
    /// Angle between the camera's optical axis and the rectangle's normal, in degrees.
    package var tiltDegrees: Double
    /// The focal length used, in pixels.
    package var focalLength: Double

    /// The geometry of `quad` (corners UL, UR, LR, LL of the rectangle) in a frame of the given size,
    /// with the assumed focal length; nil for degenerate corners.
    package init?(quad: Quadrilateral2D, frameWidth: Int, frameHeight: Int) {
        guard let centred = Centred(quad: quad, frameWidth: frameWidth, frameHeight: frameHeight) else { return nil }
        let f = Self.assumedFocalLengthFactor * Double(max(frameWidth, frameHeight))
        guard let geometry = centred.geometry(focalLength: f) else { return nil }
        self = geometry
    }

    /// The geometry of `quad` for a rectangle whose true width over height is `knownAspectRatio`
    /// (either way round: the quad's first side may be the short one), the focal length chosen as
    /// the one that best explains the corners (see the type's notes); nil for degenerate corners.
    package init?(quad: Quadrilateral2D, frameWidth: Int, frameHeight: Int, knownAspectRatio: Double) {
        guard knownAspectRatio > 0, knownAspectRatio.isFinite,
            let centred = Centred(quad: quad, frameWidth: frameWidth, frameHeight: frameHeight)
        else { return nil }
        let long = Double(max(frameWidth, frameHeight))
        let logAspect = log(knownAspectRatio)
        func cost(_ logK: Double) -> Double {
            guard let (aspect, cosine) = centred.aspectAndCosine(focalLength: exp(logK) * long) else {
                return .infinity
            }
            let a = log(aspect)
            return min(abs(a - logAspect), abs(a + logAspect)) + abs(cosine)
                + Self.focalPrior * abs(logK - log(Self.assumedFocalLengthFactor))
        }
        // A coarse scan of log f, then a golden-section refinement around the best step.
        let low = log(Self.focalLengthFactors.lowerBound), high = log(Self.focalLengthFactors.upperBound)
        let steps = 40
        let step = (high - low) / Double(steps)
        var best = (logK: log(Self.assumedFocalLengthFactor), cost: cost(log(Self.assumedFocalLengthFactor)))
        for i in 0...steps {
            let logK = low + Double(i) * step
            let c = cost(logK)
            if c < best.cost { best = (logK, c) }
        }
        var a = max(low, best.logK - step), b = min(high, best.logK + step)
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<20 {
            let x1 = b - ratio * (b - a), x2 = a + ratio * (b - a)
            if cost(x1) < cost(x2) { b = x2 } else { a = x1 }
        }
        let refined = (a + b) / 2
        let logK = cost(refined) < best.cost ? refined : best.logK
        guard let geometry = centred.geometry(focalLength: exp(logK) * long) else { return nil }
        self = geometry
    }

    /// The homography from the unit square to the corners in pixels about the frame's centre.
    private struct Centred {
        let m: [Double]

        init?(quad: Quadrilateral2D, frameWidth: Int, frameHeight: Int) {
            let cx = Double(frameWidth) / 2, cy = Double(frameHeight) / 2
            let centred = quad.mapped { Point2D(x: $0.x - cx, y: $0.y - cy) }
            guard let h = Homography(from: Quadrilateral2D(x: 0, y: 0, width: 1, height: 1), to: centred) else {
                return nil
            }
            m = h.m
        }

        /// The columns `K⁻¹h1`, `K⁻¹h2` for focal length `f`.
        func columns(_ f: Double) -> (c1: [Double], c2: [Double]) {
            ([m[0] / f, m[3] / f, m[6]], [m[1] / f, m[4] / f, m[7]])
        }

        /// The rectified aspect `|c1| / |c2|` and the cosine of the angle between `c1` and `c2`.
        func aspectAndCosine(focalLength f: Double) -> (Double, Double)? {
            let (c1, c2) = columns(f)
            let n1 = (c1[0] * c1[0] + c1[1] * c1[1] + c1[2] * c1[2]).squareRoot()
            let n2 = (c2[0] * c2[0] + c2[1] * c2[1] + c2[2] * c2[2]).squareRoot()
            guard n1 > 1e-12, n2 > 1e-12 else { return nil }
            return (n1 / n2, (c1[0] * c2[0] + c1[1] * c2[1] + c1[2] * c2[2]) / (n1 * n2))
        }

        func geometry(focalLength f: Double) -> PlaneGeometry? {
            let (c1, c2) = columns(f)
            let n1 = (c1[0] * c1[0] + c1[1] * c1[1] + c1[2] * c1[2]).squareRoot()
            let n2 = (c2[0] * c2[0] + c2[1] * c2[1] + c2[2] * c2[2]).squareRoot()
            guard n1 > 1e-12, n2 > 1e-12 else { return nil }
            let r1 = c1.map { $0 / n1 }, r2 = c2.map { $0 / n2 }
            let nx = r1[1] * r2[2] - r1[2] * r2[1], ny = r1[2] * r2[0] - r1[0] * r2[2]
            let nz = r1[0] * r2[1] - r1[1] * r2[0]
            let normalLength = (nx * nx + ny * ny + nz * nz).squareRoot()
            guard normalLength > 1e-12 else { return nil }
            return PlaneGeometry(
                aspectRatio: n1 / n2, tiltDegrees: acos(min(1, abs(nz) / normalLength)) * 180 / Double.pi,
                focalLength: f)
        }
    }

    private init(aspectRatio: Double, tiltDegrees: Double, focalLength: Double) {
        self.aspectRatio = aspectRatio
        self.tiltDegrees = tiltDegrees
        self.focalLength = focalLength
    }
}
