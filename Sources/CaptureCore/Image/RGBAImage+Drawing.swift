extension RGBAImage {
    /// Draws a line segment `thickness` pixels wide, blending `colour` (its alpha) over the image.
    package mutating func drawLine(from a: Point2D, to b: Point2D, colour: RGBA, thickness: Double = 2) {
        let length = a.distance(to: b)
        guard length.isFinite, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let steps = max(1, Int(length.rounded(.up)))
        let r = max(0.5, thickness / 2)
        let ri = Int(r.rounded(.up))
        var visited = Set<Int>()
        for s in 0...steps {
            let p = a.interpolated(to: b, Double(s) / Double(steps))
            let cx = Int(p.x.rounded()), cy = Int(p.y.rounded())
            for dy in -ri...ri {
                for dx in -ri...ri where Double(dx * dx + dy * dy) <= r * r {
                    let x = cx + dx, y = cy + dy
                    guard x >= 0, y >= 0, x < width, y < height, visited.insert(y * width + x).inserted else {
                        continue
                    }
                    blend(x: x, y: y, colour: colour)
                }
            }
        }
    }

    /// Draws the outline of a quadrilateral.
    package mutating func drawQuadrilateral(_ quad: Quadrilateral2D, colour: RGBA, thickness: Double = 2) {
        let c = quad.corners
        for i in 0..<4 { drawLine(from: c[i], to: c[(i + 1) % 4], colour: colour, thickness: thickness) }
    }
}
