import Foundation

/// The outline of one lens as an implicit curve, with an approximate signed distance.
///
/// Lens coordinates, millimetres: origin at the lens centre, x outward (toward the temple), y down.
/// Each shape is a superellipse `(|x/a|ⁿ + |y/b|ⁿ)^(1/n) = 1` with its own exponents and
/// deformations (wider top for wayfarers, lifted outer corner for cat-eyes, a drop toward the nose
/// for aviators), or a hexagon.
package struct LensOutline: Sendable {
    package let shape: FrameShape
    /// Half width and half height, mm.
    package let halfWidth: Double
    package let halfHeight: Double

    package init(shape: FrameShape, width: Double, height: Double) {
        self.shape = shape
        self.halfWidth = width / 2
        self.halfHeight = height / 2
    }

    /// Approximately the distance from (x, y) to the outline, mm: negative inside.
    package func signedDistance(x: Double, y: Double) -> Double {
        let e = 0.02
        let f = implicit(x, y)
        let gx = (implicit(x + e, y) - f) / e, gy = (implicit(x, y + e) - f) / e
        let g = (gx * gx + gy * gy).squareRoot()
        return g > 1e-9 ? f / g : f * min(halfWidth, halfHeight)
    }

    /// A function that is negative inside, zero on the outline, and grows about linearly outside.
    private func implicit(_ x: Double, _ y: Double) -> Double {
        let a = halfWidth, b = halfHeight
        switch shape {
        case .round, .oval:
            return superellipse(x, y, a, b, 2)
        case .rectangular:
            return superellipse(x, y, a, b, 5)
        case .square:
            return superellipse(x, y, a, b, 3.6)
        case .wayfarer:
            // Wider at the top, narrower at the bottom, top edge slightly higher outside.
            let widen = 1 + 0.1 * (-y / b)
            return superellipse(x, y + 0.06 * b * max(0, x / a), a * widen, b, 3.4)
        case .catEye:
            // Upper half sheared up toward the outer side (the sweep), fading out below the middle.
            let weight = min(1, max(0, (0.3 - y / b) / 0.5))
            let outer = (x / a + 1) / 2
            let lifted = y + 0.55 * b * outer * outer * weight
            return lifted < 0 ? superellipse(x, lifted, a, b, 3.4) : superellipse(x, lifted, a, b, 2.2)
        case .aviator:
            // Flat top; the bottom drops deeper and toward the nose.
            if y < 0 { return superellipse(x, y, a, 0.82 * b, 3.2) }
            let t = y / b
            return superellipse(x + 0.3 * a * t * t, y, a, 1.18 * b, 2.1)
        case .browline:
            return y < 0 ? superellipse(x, y, a, b, 4) : superellipse(x, y, a, b, 2.4)
        case .hexagonal:
            return max(abs(y) / b, abs(x) / a + abs(y) / (2 * b)) - 1
        }
    }

    private func superellipse(_ x: Double, _ y: Double, _ a: Double, _ b: Double, _ n: Double) -> Double {
        pow(pow(abs(x / a), n) + pow(abs(y / b), n), 1 / n) - 1
    }
}
