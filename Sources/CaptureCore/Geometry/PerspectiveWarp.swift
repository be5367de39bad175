/// Resamples the inside of a quadrilateral into an upright rectangle (document rectification),
/// or paints a rectangle into a quadrilateral (used by the synthetic-document generator).
public enum PerspectiveWarp {
    /// Maps `quad` in `image` onto a `width` x `height` rectangle with bilinear sampling.
    /// Points outside the source clamp to its edge. Returns nil for a degenerate quadrilateral.
    public static func rectify(_ image: GrayImage, quad: Quadrilateral2D, width: Int, height: Int) -> GrayImage? {
        precondition(width > 0 && height > 0)
        let target = Quadrilateral2D(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let h = Homography(from: target, to: quad), image.width > 0, image.height > 0 else { return nil }
        let m0 = h.m[0], m1 = h.m[1], m2 = h.m[2], m3 = h.m[3], m4 = h.m[4], m5 = h.m[5]
        let m6 = h.m[6], m7 = h.m[7], m8 = h.m[8]
        let sw = image.width, sh = image.height
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        return GrayImage(width: width, height: height) { dst in
            // Gray levels as Double by table (a load is cheaper than a conversion here).
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 256) { levels in
                image.pixels.withUnsafeBufferPointer { source in
                    for v in 0..<256 { levels[v] = Double(v) }
                    let src = source.baseAddress!, out = dst.baseAddress!, level = levels.baseAddress!
                    for y in 0..<height {
                        let fy = Double(y) + 0.5
                        // Numerators and denominator are linear in x along a row.
                        var nx = m0 * 0.5 + m1 * fy + m2, ny = m3 * 0.5 + m4 * fy + m5
                        var dw = m6 * 0.5 + m7 * fy + m8
                        let row = out + y * width
                        for x in 0..<width {
                            // Clamped to the source; a point at infinity (NaN) takes the first pixel.
                            let ux = nx / dw - 0.5, uy = ny / dw - 0.5
                            let sx = ux > 0 ? (ux < maxX ? ux : maxX) : 0
                            let sy = uy > 0 ? (uy < maxY ? uy : maxY) : 0
                            let x0 = Int(sx), y0 = Int(sy)
                            let dx = x0 &+ 1 < sw ? 1 : 0, dy = y0 &+ 1 < sh ? sw : 0
                            let fx = sx - Double(x0), fyy = sy - Double(y0)
                            let p = src + (y0 &* sw &+ x0)
                            let a = level[Int(p[0])], b = level[Int(p[dx])]
                            let c = level[Int(p[dy])], d = level[Int(p[dy &+ dx])]
                            let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                            // In 0 ... 255.5, so the conversion cannot fail.
                            row[x] = UInt8(truncatingIfNeeded: Int(top + (bottom - top) * fyy + 0.5))
                            nx += m0
                            ny += m3
                            dw += m6
                        }
                    }
                }
            }
        }
    }

    /// The RGBA counterpart of ``rectify(_:quad:width:height:)``.
    public static func rectify(_ image: RGBAImage, quad: Quadrilateral2D, width: Int, height: Int) -> RGBAImage? {
        precondition(width > 0 && height > 0)
        let target = Quadrilateral2D(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let h = Homography(from: target, to: quad) else { return nil }
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let s = h.apply(Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5))
                out[x, y] = bilinear(image, x: s.x - 0.5, y: s.y - 0.5)
            }
        }
        return out
    }

    /// Bilinear RGBA sample with clamped edges.
    public static func bilinear(_ image: RGBAImage, x: Double, y: Double) -> RGBA {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ px: Int, _ py: Int) -> Int {
            (min(max(py, 0), image.height - 1) * image.width + min(max(px, 0), image.width - 1)) * 4
        }
        let i00 = at(x0, y0), i10 = at(x0 + 1, y0), i01 = at(x0, y0 + 1), i11 = at(x0 + 1, y0 + 1)
        var c = [UInt8](repeating: 0, count: 4)
        for k in 0..<4 {
            let top = Double(image.pixels[i00 + k]) * (1 - fx) + Double(image.pixels[i10 + k]) * fx
            let bottom = Double(image.pixels[i01 + k]) * (1 - fx) + Double(image.pixels[i11 + k]) * fx
            c[k] = UInt8(clamping: Int(top * (1 - fy) + bottom * fy + 0.5))
        }
        return RGBA(r: c[0], g: c[1], b: c[2], a: c[3])
    }
}
