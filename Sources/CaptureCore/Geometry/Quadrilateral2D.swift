/// Four corners of a (possibly perspective-distorted) rectangle, in the order upper-left,
/// upper-right, lower-right, lower-left of the object it bounds.
package struct Quadrilateral2D: Sendable, Equatable, Hashable, Codable {
    package var upperLeft: Point2D
    package var upperRight: Point2D
    package var lowerRight: Point2D
    package var lowerLeft: Point2D

    package init(upperLeft: Point2D, upperRight: Point2D, lowerRight: Point2D, lowerLeft: Point2D) {
        self.upperLeft = upperLeft
        self.upperRight = upperRight
        self.lowerRight = lowerRight
        self.lowerLeft = lowerLeft
    }

    /// An axis-aligned rectangle.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.init(
            upperLeft: Point2D(x: x, y: y), upperRight: Point2D(x: x + width, y: y),
            lowerRight: Point2D(x: x + width, y: y + height), lowerLeft: Point2D(x: x, y: y + height))
    }

    /// The corners in order UL, UR, LR, LL.
    package var corners: [Point2D] { [upperLeft, upperRight, lowerRight, lowerLeft] }

    /// Builds a quadrilateral from corners in order UL, UR, LR, LL.
    package init(corners c: [Point2D]) {
        precondition(c.count == 4, "a quadrilateral has four corners")
        self.init(upperLeft: c[0], upperRight: c[1], lowerRight: c[2], lowerLeft: c[3])
    }

    /// Signed area (shoelace); positive when the corners run clockwise on screen (y down).
    package var signedArea: Double {
        let c = corners
        var s = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    /// Area in square pixels.
    package var area: Double { abs(signedArea) }

    /// The area of the part of the quadrilateral inside the rectangle from (`x0`, `y0`) to (`x1`,
    /// `y1`): the polygon clipped against the four borders (Sutherland-Hodgman), 0 when nothing
    /// is inside.
    package func area(insideX x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        var polygon = corners
        let borders: [(Point2D) -> Double] = [{ $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y }]
        for inside in borders {
            guard !polygon.isEmpty else { return 0 }
            var clipped: [Point2D] = []
            for i in 0..<polygon.count {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { clipped.append(a) }
                if (da >= 0) != (db >= 0) { clipped.append(a.interpolated(to: b, da / (da - db))) }
            }
            polygon = clipped
        }
        var twice = 0.0
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// Whether the quadrilateral is convex and not self-intersecting.
    package var isConvex: Bool {
        let c = corners
        var sign = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4], d = c[(i + 2) % 4]
            let cross = (b.x - a.x) * (d.y - b.y) - (b.y - a.y) * (d.x - b.x)
            if cross == 0 { return false }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    /// The centre of mass of the four corners.
    package var centroid: Point2D {
        Point2D(
            x: (upperLeft.x + upperRight.x + lowerRight.x + lowerLeft.x) / 4,
            y: (upperLeft.y + upperRight.y + lowerRight.y + lowerLeft.y) / 4)
    }

    /// The largest distance between a corner of `self` and the matching corner of `other`.
    package func maxCornerDistance(to other: Quadrilateral2D) -> Double {
        zip(corners, other.corners).map { $0.distance(to: $1) }.max() ?? 0
    }

    /// The corners mapped through `transform`.
    package func mapped(_ transform: (Point2D) -> Point2D) -> Quadrilateral2D {
        Quadrilateral2D(corners: corners.map(transform))
    }

    /// The smallest axis-aligned integer rectangle that contains the corners.
    package var boundingRect: PixelRect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = Int(xs.min()!.rounded(.down)), y0 = Int(ys.min()!.rounded(.down))
        let x1 = Int(xs.max()!.rounded(.up)), y1 = Int(ys.max()!.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
