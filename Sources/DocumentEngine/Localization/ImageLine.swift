import Foundation
import CaptureCore

/// A straight line in normal form: `x·cos θ + y·sin θ = ρ`, where θ is the direction of the
/// normal (for an edge found by the Hough transform: the gradient direction, dark to bright).
struct ImageLine: Sendable, Equatable {
    var theta: Double
    var rho: Double
    /// Edge pixels that voted for it.
    var votes: Int

    var normal: Point2D { Point2D(x: cos(theta), y: sin(theta)) }

    /// The line through two points (normal pointing to the left of a→b in screen coordinates).
    init(through a: Point2D, _ b: Point2D) {
        let d = b - a
        let theta = atan2(-d.x, d.y)
        self.theta = theta
        self.rho = a.x * cos(theta) + a.y * sin(theta)
        self.votes = 0
    }

    init(theta: Double, rho: Double, votes: Int) {
        self.theta = theta
        self.rho = rho
        self.votes = votes
    }

    /// The intersection with `other`, nil when (nearly) parallel.
    func intersection(with other: ImageLine) -> Point2D? {
        let a1 = cos(theta), b1 = sin(theta), a2 = cos(other.theta), b2 = sin(other.theta)
        let det = a1 * b2 - a2 * b1
        guard abs(det) > 1e-6 else { return nil }
        return Point2D(x: (rho * b2 - other.rho * b1) / det, y: (a1 * other.rho - a2 * rho) / det)
    }

    /// The undirected angle between the lines, 0...π/2.
    func angle(to other: ImageLine) -> Double {
        var d = abs(theta - other.theta).truncatingRemainder(dividingBy: Double.pi)
        if d > Double.pi / 2 { d = Double.pi - d }
        return d
    }

    /// Signed distance of `p` from the line.
    func distance(_ p: Point2D) -> Double { p.x * cos(theta) + p.y * sin(theta) - rho }

    /// The same line scaled by `s` (coordinates multiplied by s) and shifted by `offset`.
    func scaled(by s: Double, offset: Point2D = Point2D(x: 0, y: 0)) -> ImageLine {
        ImageLine(theta: theta, rho: rho * s + offset.x * cos(theta) + offset.y * sin(theta), votes: votes)
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
        let theta = phi + Double.pi / 2
        return ImageLine(theta: theta, rho: mx * cos(theta) + my * sin(theta), votes: points.count)
    }
}
