/// A point (or vector) in image coordinates: x to the right, y down, in pixels.
package struct Point2D: Sendable, Equatable, Hashable, Codable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package static func + (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x + b.x, y: a.y + b.y) }
    package static func - (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x - b.x, y: a.y - b.y) }
    package static func * (a: Point2D, s: Double) -> Point2D { Point2D(x: a.x * s, y: a.y * s) }

    /// Euclidean length of the vector.
    package var length: Double { (x * x + y * y).squareRoot() }

    /// Euclidean distance to `other`.
    package func distance(to other: Point2D) -> Double { (self - other).length }

    /// The point a fraction `t` of the way to `other`.
    package func interpolated(to other: Point2D, _ t: Double) -> Point2D { self + (other - self) * t }
}
