package import CaptureCore

/// An axis-aligned rectangle in pixels with fractional edges: `left`/`top` inclusive,
/// `right`/`bottom` exclusive (a whole-pixel box from x = 10 to 19 has `left` 10, `right` 20).
package struct FaceBox: Sendable, Equatable, Hashable {
    package var left: Double
    package var top: Double
    package var right: Double
    package var bottom: Double

    package init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// A box of `size` x `size` pixels centred on `centre`.
    package init(centre: Point2D, size: Double) {
        self.init(
            left: centre.x - size / 2, top: centre.y - size / 2, right: centre.x + size / 2,
            bottom: centre.y + size / 2)
    }

    package var width: Double { right - left }
    package var height: Double { bottom - top }
    package var centre: Point2D { Point2D(x: (left + right) / 2, y: (top + bottom) / 2) }
    package var area: Double { max(0, width) * max(0, height) }

    /// Intersection over union with `other` (0 when they do not overlap).
    package func intersectionOverUnion(with other: FaceBox) -> Double {
        let w = min(right, other.right) - max(left, other.left)
        let h = min(bottom, other.bottom) - max(top, other.top)
        guard w > 0, h > 0 else { return 0 }
        let inter = w * h
        return inter / (area + other.area - inter)
    }

    /// The box with every coordinate multiplied by `factor` (for moving between image scales).
    package func scaled(by factor: Double) -> FaceBox {
        FaceBox(left: left * factor, top: top * factor, right: right * factor, bottom: bottom * factor)
    }

    /// The box moved by (`dx`, `dy`).
    package func offsetBy(dx: Double, dy: Double) -> FaceBox {
        FaceBox(left: left + dx, top: top + dy, right: right + dx, bottom: bottom + dy)
    }

    /// Whether `point` lies inside the box.
    package func contains(_ point: Point2D) -> Bool {
        point.x >= left && point.x < right && point.y >= top && point.y < bottom
    }
}
