/// Resamples the inside of a quadrilateral into an upright rectangle (document rectification),
/// or paints a rectangle into a quadrilateral (used by the synthetic-document generator).
public enum PerspectiveWarp {
    /// Maps `quad` in `image` onto a `width` x `height` rectangle with bilinear sampling.
    /// Points outside the source clamp to its edge. Returns nil for a degenerate quadrilateral.
    public static func rectify(_ image: GrayImage, quad: Quadrilateral2D, width: Int, height: Int) -> GrayImage? {
        precondition(width > 0 && height > 0)
        let target = Quadrilateral2D(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let h = Homography(from: target, to: quad) else { return nil }
        var out = GrayImage(width: width, height: height)
        let m = h.m
        for y in 0..<height {
            let fy = Double(y) + 0.5
            for x in 0..<width {
                let fx = Double(x) + 0.5
                let w = m[6] * fx + m[7] * fy + m[8]
                let sx = (m[0] * fx + m[1] * fy + m[2]) / w - 0.5
                let sy = (m[3] * fx + m[4] * fy + m[5]) / w - 0.5
                out.pixels[y * width + x] = UInt8(clamping: Int(image.bilinearSample(x: sx, y: sy) + 0.5))
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
