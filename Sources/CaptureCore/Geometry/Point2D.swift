/// A point (or vector) in image coordinates: x to the right, y down, in pixels.
public struct Point2D: Sendable, Equatable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static func + (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point2D, s: Double) -> Point2D { Point2D(x: a.x * s, y: a.y * s) }

    /// Euclidean length of the vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Euclidean distance to `other`.
    public func distance(to other: Point2D) -> Double { (self - other).length }

    /// The point a fraction `t` of the way to `other`.
    public func interpolated(to other: Point2D, _ t: Double) -> Point2D { self + (other - self) * t }
}
