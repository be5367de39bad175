/// Resamples the inside of a quadrilateral into an upright rectangle (document rectification),
/// or paints a rectangle into a quadrilateral (used by the synthetic-document generator).
public enum PerspectiveWarp {
    /// Maps `quad` in `image` onto a `width` x `height` rectangle with bilinear sampling.
    /// Points outside the source clamp to its edge. Returns nil for a degenerate quadrilateral.
    public static func rectify(_ image: GrayImage, quad: Quadrilateral2D, width: Int, height: Int) -> GrayImage? {
        precondition(width > 0 && height > 0)
        let target = Quadrilateral2D(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let h = Homography(from: target, to: quad), image.width > 0, image.height > 0 else { return nil }
        var out = GrayImage(width: width, height: height)
        let m = h.m
        let sw = image.width, sh = image.height
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let fy = Double(y) + 0.5
                    // Numerators and denominator are linear in x along a row.
                    var nx = m[0] * 0.5 + m[1] * fy + m[2], ny = m[3] * 0.5 + m[4] * fy + m[5]
                    var dw = m[6] * 0.5 + m[7] * fy + m[8]
                    let row = y * width
                    for x in 0..<width {
                        let sx = min(max(nx / dw - 0.5, 0), maxX), sy = min(max(ny / dw - 0.5, 0), maxY)
                        let x0 = Int(sx), y0 = Int(sy)
                        let x1 = min(x0 + 1, sw - 1), y1 = min(y0 + 1, sh - 1)
                        let fx = sx - Double(x0), fyy = sy - Double(y0)
                        let a = Double(src[y0 * sw + x0]), b = Double(src[y0 * sw + x1])
                        let c = Double(src[y1 * sw + x0]), d = Double(src[y1 * sw + x1])
                        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                        dst[row + x] = UInt8(top + (bottom - top) * fyy + 0.5)
                        nx += m[0]
                        ny += m[3]
                        dw += m[6]
                    }
                }
            }
        }
        return out
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
