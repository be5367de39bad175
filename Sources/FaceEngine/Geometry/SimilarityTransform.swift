package import CaptureCore
import Foundation

/// A similarity transform of the plane (uniform scale, rotation, translation):
/// `x' = a·x − b·y + tx`, `y' = b·x + a·y + ty`.
package struct SimilarityTransform: Sendable, Equatable {
    package var a: Double
    package var b: Double
    package var tx: Double
    package var ty: Double

    package init(a: Double, b: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.tx = tx
        self.ty = ty
    }

    /// Scale `scale`, rotation `angle` (radians; positive turns x toward y, which is clockwise on
    /// screen with y down), then translation.
    package init(scale: Double, angle: Double, translation: Point2D) {
        self.init(a: scale * cos(angle), b: scale * sin(angle), tx: translation.x, ty: translation.y)
    }

    package static let identity = SimilarityTransform(a: 1, b: 0, tx: 0, ty: 0)

    package var scale: Double { (a * a + b * b).squareRoot() }
    package var angle: Double { atan2(b, a) }
    package var translation: Point2D { Point2D(x: tx, y: ty) }

    package func apply(_ p: Point2D) -> Point2D {
        Point2D(x: a * p.x - b * p.y + tx, y: b * p.x + a * p.y + ty)
    }

    /// The inverse transform; nil when the scale is zero.
    package var inverse: SimilarityTransform? {
        let d = a * a + b * b
        guard d > 1e-300 else { return nil }
        let ia = a / d, ib = -b / d
        return SimilarityTransform(a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty))
    }

    /// Composition: first `other`, then `self`.
    package func after(_ other: SimilarityTransform) -> SimilarityTransform {
        SimilarityTransform(
            a: a * other.a - b * other.b, b: a * other.b + b * other.a,
            tx: a * other.tx - b * other.ty + tx, ty: b * other.tx + a * other.ty + ty)
    }

    /// The least-squares similarity mapping `source[i]` onto `destination[i]` (weighted by
    /// `weights[i]` when given); nil when there are fewer than two points or they all coincide.
    package static func fit(
        from source: [Point2D], to destination: [Point2D],
        weights: [Double]? = nil
    ) -> SimilarityTransform? {
        let n = min(source.count, destination.count)
        guard n >= 2 else { return nil }
        var sw = 0.0, sx = 0.0, sy = 0.0, dx = 0.0, dy = 0.0
        for i in 0..<n {
            let w = weights?[i] ?? 1
            sw += w
            sx += w * source[i].x
            sy += w * source[i].y
            dx += w * destination[i].x
            dy += w * destination[i].y
        }
        guard sw > 0 else { return nil }
        sx /= sw
        sy /= sw
        dx /= sw
        dy /= sw
        var num1 = 0.0, num2 = 0.0, den = 0.0
        for i in 0..<n {
            let w = weights?[i] ?? 1
            let px = source[i].x - sx, py = source[i].y - sy
            let qx = destination[i].x - dx, qy = destination[i].y - dy
            num1 += w * (px * qx + py * qy)
            num2 += w * (px * qy - py * qx)
            den += w * (px * px + py * py)
        }
        guard den > 1e-12 else { return nil }
        let a = num1 / den, b = num2 / den
        return SimilarityTransform(a: a, b: b, tx: dx - (a * sx - b * sy), ty: dy - (b * sx + a * sy))
    }
}
