import CaptureCore
import Foundation

/// Refines a coarse document quadrilateral at full resolution: along each side, the strongest
/// edge of the side's polarity is searched across the side (sub-pixel, parabolic peak), a line is
/// fitted robustly through those points, and the corners are the lines' intersections.
enum EdgeRefiner {
    /// The refined quad, or nil when a side finds too few edge points.
    static func refine(
        _ quad: Quadrilateral2D, polarities: [Double], in image: GrayImage,
        searchRadius: Double
    ) -> Quadrilateral2D? {
        let c = quad.corners
        let centre = quad.centroid
        var lines: [ImageLine] = []
        for k in 0..<4 {
            let a = c[k], b = c[(k + 1) % 4]
            guard
                let line = refineSide(
                    from: a, to: b, inside: centre, polarity: polarities[k], image: image,
                    radius: searchRadius)
            else { return nil }
            lines.append(line)
        }
        var corners: [Point2D] = []
        for k in 0..<4 {
            guard let p = lines[(k + 3) % 4].intersection(with: lines[k]) else { return nil }
            corners.append(p)
        }
        let refined = Quadrilateral2D(corners: corners)
        // A refinement that moved a corner far from the coarse estimate went wrong: keep the coarse one.
        guard refined.maxCornerDistance(to: quad) <= 3 * searchRadius, refined.isConvex else { return nil }
        return refined
    }

    static func refineSide(
        from a: Point2D, to b: Point2D, inside: Point2D, polarity: Double, image: GrayImage,
        radius: Double
    ) -> ImageLine? {
        let length = a.distance(to: b)
        guard length > 8 else { return nil }
        let dir = (b - a) * (1 / length)
        var normal = Point2D(x: -dir.y, y: dir.x)
        if (inside - a).x * normal.x + (inside - a).y * normal.y < 0 { normal = normal * -1 }
        let samples = 48
        var points: [Point2D] = []
        let w = Double(image.width), h = Double(image.height)
        let step = 0.5
        let n = Int(radius / step)
        // One profile and its derivative, reused for every sample.
        var profile = [Double](repeating: 0, count: 2 * n + 1)
        var derivative = [Double](repeating: 0, count: profile.count)
        image.pixels.withUnsafeBufferPointer { pixels in
            for s in 0..<samples {
                // Skip the ends, where the corner and the other side interfere.
                let t = 0.08 + 0.84 * (Double(s) + 0.5) / Double(samples)
                let p = a + (b - a) * t
                guard p.x >= radius + 1, p.y >= radius + 1, p.x < w - radius - 1, p.y < h - radius - 1 else { continue }
                // Profile across the edge, outside → inside.
                for i in -n...n {
                    let q = p + normal * (Double(i) * step)
                    profile[i + n] = GrayImage.bilinearSample(
                        pixels, width: image.width, height: image.height, x: q.x, y: q.y)
                }
                // Derivative inward, signed by polarity (document brighter → positive; 0: either sign).
                var best = 0.0, bestIndex = -1
                for i in 1..<(profile.count - 1) {
                    let d = profile[i + 1] - profile[i - 1]
                    derivative[i] = polarity == 0 ? abs(d) : d * polarity
                    if derivative[i] > best {
                        best = derivative[i]
                        bestIndex = i
                    }
                }
                guard bestIndex > 1, bestIndex < profile.count - 2, best >= 3 else { continue }
                let l = derivative[bestIndex - 1], c = derivative[bestIndex], r = derivative[bestIndex + 1]
                let denom = l - 2 * c + r
                let offset = abs(denom) > 1e-9 ? 0.5 * (l - r) / denom : 0
                let along = (Double(bestIndex - n) + offset) * step
                points.append(p + normal * along)
            }
        }
        guard points.count >= samples / 3, var line = ImageLine.fit(points) else { return nil }
        // Two rounds of dropping points more than 1.5 px off the line.
        for _ in 0..<2 {
            let kept = points.filter { abs(line.distance($0)) <= 1.5 }
            guard kept.count >= samples / 3, let refit = ImageLine.fit(kept) else { break }
            line = refit
            points = kept
        }
        return line
    }
}
