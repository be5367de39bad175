import CaptureCore
import Foundation

/// A straight line in normal form: `x·cos θ + y·sin θ = ρ`, where θ is the direction of the
/// normal (for an edge found by the Hough transform: the gradient direction, dark to bright).
struct ImageLine: Sendable, Equatable {
    let theta: Double
    let rho: Double
    /// Edge pixels that voted for it.
    let votes: Int
    /// cos θ and sin θ, computed once (lines are intersected and measured many times each).
    let cosTheta: Double
    let sinTheta: Double

    var normal: Point2D { Point2D(x: cosTheta, y: sinTheta) }
    /// The unit direction along the line, `(−sin θ, cos θ)`.
    var direction: Point2D { Point2D(x: -sinTheta, y: cosTheta) }

    /// The line through two points (normal pointing to the left of a→b in screen coordinates).
    init(through a: Point2D, _ b: Point2D) {
        let d = b - a
        self.init(theta: atan2(-d.x, d.y), through: a, votes: 0)
    }

    init(theta: Double, rho: Double, votes: Int) {
        self.theta = theta
        self.rho = rho
        self.votes = votes
        cosTheta = cos(theta)
        sinTheta = sin(theta)
    }

    /// The line with normal direction `theta` through `p`.
    init(theta: Double, through p: Point2D, votes: Int) {
        let c = cos(theta), s = sin(theta)
        self.theta = theta
        self.rho = p.x * c + p.y * s
        self.votes = votes
        cosTheta = c
        sinTheta = s
    }

    /// The intersection with `other`, nil when (nearly) parallel.
    func intersection(with other: ImageLine) -> Point2D? {
        let a1 = cosTheta, b1 = sinTheta, a2 = other.cosTheta, b2 = other.sinTheta
        let det = a1 * b2 - a2 * b1
        guard abs(det) > 1e-6 else { return nil }
        return Point2D(x: (rho * b2 - other.rho * b1) / det, y: (a1 * other.rho - a2 * rho) / det)
    }

    /// The undirected angle between the lines, 0...π/2.
    func angle(to other: ImageLine) -> Double {
        acos(min(1, abs(cosTheta * other.cosTheta + sinTheta * other.sinTheta)))
    }

    /// |cos| of the angle between the lines: 1 when parallel, 0 when perpendicular (cheaper than
    /// ``angle(to:)`` for threshold tests).
    func parallelism(to other: ImageLine) -> Double {
        abs(cosTheta * other.cosTheta + sinTheta * other.sinTheta)
    }

    /// Signed distance of `p` from the line.
    func distance(_ p: Point2D) -> Double { p.x * cosTheta + p.y * sinTheta - rho }

    /// The same line scaled by `s` (coordinates multiplied by s) and shifted by `offset`.
    func scaled(by s: Double, offset: Point2D = Point2D(x: 0, y: 0)) -> ImageLine {
        ImageLine(theta: theta, rho: rho * s + offset.x * cosTheta + offset.y * sinTheta, votes: votes)
    }

    /// Least-squares line through `points` (total least squares), nil for fewer than 2 points.
    static func fit(_ points: [Point2D]) -> ImageLine? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx)
            syy += (p.y - my) * (p.y - my)
            sxy += (p.x - mx) * (p.y - my)
        }
        // Direction of the line is the principal axis; the normal is perpendicular to it.
        let phi = 0.5 * atan2(2 * sxy, sxx - syy)
        return ImageLine(theta: phi + Double.pi / 2, through: Point2D(x: mx, y: my), votes: points.count)
    }
}
