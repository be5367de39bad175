/// Resamples the inside of a quadrilateral into an upright rectangle (document rectification),
/// or paints a rectangle into a quadrilateral (used by the synthetic-document generator).
package enum PerspectiveWarp {
    /// Maps `quad` in `image` onto a `width` x `height` rectangle with bilinear sampling.
    /// Points outside the source clamp to its edge. Returns nil for a degenerate quadrilateral.
    package static func rectify(_ image: GrayImage, quad: Quadrilateral2D, width: Int, height: Int) -> GrayImage? {
        precondition(width > 0 && height > 0)
        let target = Quadrilateral2D(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let h = Homography(from: target, to: quad) else { return nil }
        return rectify(image, map: h, width: width, height: height)
    }

    /// Samples `image` bilinearly at `map`(x, y) for every output pixel, where `map` takes the
    /// output's coordinates to the image's (both with pixel centres at +½); points outside the
    /// image clamp to its edge. ``rectify(_:quad:width:height:)`` with the map given directly (an
    /// affine map needs no solving). Returns nil for an empty image.
    package static func rectify(_ image: GrayImage, map h: Homography, width: Int, height: Int) -> GrayImage? {
        precondition(width > 0 && height > 0)
        guard image.width > 0, image.height > 0 else { return nil }
        let sw = image.width
        return GrayImage(width: width, height: height) { dst in
            image.pixels.withUnsafeBufferPointer { source in
                let src = source.baseAddress!, out = dst.baseAddress!
                Sampling(h, sourceWidth: sw, sourceHeight: image.height).walk(width: width, height: height) {
                    i, offset, fx, fy in
                    // 12-bit weights: the four neighbours blended in integers.
                    let p = src + offset
                    let a = Int(p[0]), b = Int(p[1]), c = Int(p[sw]), d = Int(p[sw &+ 1])
                    let top = a &<< 12 &+ (b &- a) &* fx, bottom = c &<< 12 &+ (d &- c) &* fx
                    out[i] = UInt8(truncatingIfNeeded: (top &<< 12 &+ (bottom &- top) &* fy &+ (1 &<< 23)) &>> 24)
                } clamped: { i, sx, sy in
                    let v = GrayImage.bilinearSample(source, width: sw, height: image.height, x: sx, y: sy)
                    out[i] = UInt8(truncatingIfNeeded: Int(v + 0.5))
                }
            }
        }
    }

    /// The RGBA counterpart of ``rectify(_:quad:width:height:)``.
    package static func rectify(_ image: RGBAImage, quad: Quadrilateral2D, width: Int, height: Int) -> RGBAImage? {
        precondition(width > 0 && height > 0)
        let target = Quadrilateral2D(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let h = Homography(from: target, to: quad), image.width > 0, image.height > 0 else { return nil }
        var out = RGBAImage(width: width, height: height)
        let sw = image.width, stride = 4 * sw
        image.pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                let src = source.baseAddress!, o = dst.baseAddress!
                Sampling(h, sourceWidth: sw, sourceHeight: image.height).walk(width: width, height: height) {
                    i, offset, fx, fy in
                    let p = src + 4 &* offset, q = o + 4 &* i
                    for k in 0..<4 {
                        let a = Int(p[k]), b = Int(p[k &+ 4]), c = Int(p[stride &+ k]), d = Int(p[stride &+ k &+ 4])
                        let top = a &<< 12 &+ (b &- a) &* fx, bottom = c &<< 12 &+ (d &- c) &* fx
                        q[k] = UInt8(truncatingIfNeeded: (top &<< 12 &+ (bottom &- top) &* fy &+ (1 &<< 23)) &>> 24)
                    }
                } clamped: { i, sx, sy in
                    let c = bilinear(image, x: sx, y: sy), q = o + 4 &* i
                    q[0] = c.r
                    q[1] = c.g
                    q[2] = c.b
                    q[3] = c.a
                }
            }
        }
        return out
    }

    /// Walks the output pixels of a rectification in spans. The homography is evaluated exactly at
    /// both ends of a span and interpolated linearly in 16.16 fixed point in between; the span is
    /// the longest of 16, 8 or 4 pixels whose interpolation error stays under ``maximumError`` of a
    /// step (see ``span(width:height:)``; a test holds the result against the exact formula on
    /// noise). A span whose samples all have their four neighbours inside the source goes to
    /// `inside` with the upper-left neighbour's offset and 12-bit fractions; any other pixel goes
    /// to `clamped` with its exact source position (clamped to the source, NaN at infinity taking
    /// the first pixel).
    struct Sampling {
        /// Largest deviation of the linear interpolation from the homography, in units of the
        /// step between neighbouring output pixels (so a reduced overview may deviate further in
        /// source pixels than a band sampled at full resolution, and by as little in its own).
        static let maximumError = 1.0 / 256

        /// Along a row, u(x) = N(x)/W(x) with N and W linear, so u'' = −2 (m6/W) u': linear
        /// interpolation over L pixels is off by at most |m6/W|·L²/4 steps |u'|. W is linear, so
        /// |m6/W| is largest at a corner of the output, unless W changes sign inside (the output
        /// crosses the horizon), where spans of 1 are used.
        func span(width: Int, height: Int) -> Int {
            let ws = [
                m8, m6 * Double(width) + m8, m7 * Double(height) + m8, m6 * Double(width) + m7 * Double(height) + m8,
            ]
            guard ws.allSatisfy({ $0 != 0 && ($0 > 0) == (m8 > 0) }) else { return 1 }
            let curvature = ws.map { abs(m6 / $0) }.max() ?? 0
            for length in [16, 8, 4] where curvature * Double(length * length) / 4 <= Self.maximumError {
                return length
            }
            return 1
        }

        let m0, m1, m2, m3, m4, m5, m6, m7, m8: Double
        let sourceWidth: Int, sourceHeight: Int

        init(_ homography: Homography, sourceWidth: Int, sourceHeight: Int) {
            let m = homography.m
            (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
            self.sourceWidth = sourceWidth
            self.sourceHeight = sourceHeight
        }

        /// The source position (pixel centres at integers) of output pixel centre (x + ½, y + ½).
        @inline(__always)
        func source(_ x: Int, _ fy: Double) -> (x: Double, y: Double) {
            let fx = Double(x) + 0.5
            let w = m6 * fx + m7 * fy + m8
            return ((m0 * fx + m1 * fy + m2) / w - 0.5, (m3 * fx + m4 * fy + m5) / w - 0.5)
        }

        /// `v` in 16.16 fixed point, rounded (|v| < 2^20; the offset keeps the truncation positive).
        @inline(__always)
        static func fixed(_ v: Double) -> Int { Int(v * 65536 + (0x1p40 + 0.5)) &- (1 << 40) }

        @inline(__always)
        func walk(
            width: Int, height: Int, inside: (_ index: Int, _ offset: Int, _ fx: Int, _ fy: Int) -> Void,
            clamped: (_ index: Int, _ x: Double, _ y: Double) -> Void
        ) {
            let maxX = Double(sourceWidth - 1), maxY = Double(sourceHeight - 1)
            // Fixed-point limits: the upper-left neighbour must be at most one pixel short of the
            // last column and row; positions beyond ±2^20 pixels never take the fixed-point path.
            let limitX = (sourceWidth - 1) << 16, limitY = (sourceHeight - 1) << 16
            let far = Double(1 << 20)
            let span = self.span(width: width, height: height)
            for y in 0..<height {
                let fy = Double(y) + 0.5
                let base = y * width
                var start = source(0, fy)
                var x = 0
                while x < width {
                    let n = min(span, width - x)
                    let end = source(x + n, fy)
                    var fast = false
                    if abs(start.x) < far, abs(start.y) < far, abs(end.x) < far, abs(end.y) < far {
                        let px = Self.fixed(start.x), py = Self.fixed(start.y)
                        let dx = Self.fixed((end.x - start.x) / Double(n)),
                            dy = Self.fixed((end.y - start.y) / Double(n))
                        let lastX = px + dx * (n - 1), lastY = py + dy * (n - 1)
                        if min(px, lastX) >= 0, max(px, lastX) < limitX, min(py, lastY) >= 0, max(py, lastY) < limitY {
                            fast = true
                            var qx = px, qy = py
                            for k in 0..<n {
                                let offset = (qy &>> 16) &* sourceWidth &+ (qx &>> 16)
                                inside(base &+ x &+ k, offset, (qx &>> 4) & 4095, (qy &>> 4) & 4095)
                                qx &+= dx
                                qy &+= dy
                            }
                        }
                    }
                    if !fast {
                        for k in 0..<n {
                            let p = source(x + k, fy)
                            let sx = p.x > 0 ? (p.x < maxX ? p.x : maxX) : 0
                            let sy = p.y > 0 ? (p.y < maxY ? p.y : maxY) : 0
                            clamped(base + x + k, sx, sy)
                        }
                    }
                    start = end
                    x += n
                }
            }
        }
    }

    /// Bilinear RGBA sample with clamped edges.
    package static func bilinear(_ image: RGBAImage, x: Double, y: Double) -> RGBA {
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
