import CaptureCore

/// Sobel gradients of a gray image: components, magnitude, and per-pixel access for edge search.
struct GradientField: Sendable {
    let width: Int
    let height: Int
    /// Horizontal and vertical Sobel responses (bright to the right / below is positive).
    var gx: [Float]
    var gy: [Float]
    var magnitude: [Float]

    init(_ image: GrayImage) {
        width = image.width
        height = image.height
        let w = width, h = height, n = w * h
        var gx = [Float](repeating: 0, count: n), gy = [Float](repeating: 0, count: n)
        var mag = [Float](repeating: 0, count: n)
        if w >= 3, h >= 3 {
            // Raw row pointers and 32-bit sums let the compiler vectorise the row loop (the same
            // integer sums as per-pixel Int arithmetic, so the same values).
            image.pixels.withUnsafeBufferPointer { p in
                gx.withUnsafeMutableBufferPointer { gxOut in
                    gy.withUnsafeMutableBufferPointer { gyOut in
                        mag.withUnsafeMutableBufferPointer { magOut in
                            let src = p.baseAddress!, ox = gxOut.baseAddress!, oy = gyOut.baseAddress!
                            let om = magOut.baseAddress!
                            for y in 1..<(h - 1) {
                                let above = src + (y - 1) * w, row = src + y * w, below = src + (y + 1) * w
                                let rx = ox + y * w, ry = oy + y * w, rm = om + y * w
                                for x in 1..<(w - 1) {
                                    let a = Int32(above[x - 1]), b = Int32(above[x]), c = Int32(above[x + 1])
                                    let d = Int32(row[x - 1]), f = Int32(row[x + 1])
                                    let g = Int32(below[x - 1]), hh = Int32(below[x]), i = Int32(below[x + 1])
                                    let sx = Float((c &+ 2 &* f &+ i) &- (a &+ 2 &* d &+ g))
                                    let sy = Float((g &+ 2 &* hh &+ i) &- (a &+ 2 &* b &+ c))
                                    rx[x] = sx
                                    ry[x] = sy
                                    rm[x] = (sx * sx + sy * sy).squareRoot()
                                }
                            }
                        }
                    }
                }
            }
        }
        self.gx = gx
        self.gy = gy
        self.magnitude = mag
    }

    /// Counts of `values` truncated to whole units, the last bin taking everything above it.
    /// Four interleaved partial histograms keep runs of equal values (flat image regions) from
    /// waiting on each other's increments; their sum is the histogram.
    static func histogram(_ values: [Float], bins: Int, skippingZeros: Bool = false) -> [Int] {
        var partial = [Int](repeating: 0, count: 4 * bins)
        let last = Float(bins - 1)
        values.withUnsafeBufferPointer { v in
            partial.withUnsafeMutableBufferPointer { p in
                let counts = p.baseAddress!, n = v.count
                var i = 0
                // Gradient magnitudes are at most 1020·√2, so min(last, m) converts safely; a
                // skipped zero goes to bin 0 of its partial histogram and is removed below.
                while i + 4 <= n {
                    for lane in 0..<4 {
                        counts[lane &* bins &+ Int(min(last, v[i &+ lane]))] &+= 1
                    }
                    i &+= 4
                }
                while i < n {
                    counts[Int(min(last, v[i]))] &+= 1
                    i &+= 1
                }
            }
        }
        var histogram = [Int](repeating: 0, count: bins)
        for b in 0..<bins { histogram[b] = partial[b] + partial[bins + b] + partial[2 * bins + b] + partial[3 * bins + b] }
        if skippingZeros { histogram[0] -= values.count(where: { $0 == 0 }) }
        return histogram
    }

    /// The median magnitude over the interior (a noise-level estimate).
    func medianMagnitude() -> Float {
        let histogram = Self.histogram(magnitude, bins: 1024, skippingZeros: true)
        let count = histogram.reduce(0, +)
        var seen = 0
        for (v, c) in histogram.enumerated() {
            seen += c
            if seen * 2 >= count { return Float(v) }
        }
        return 0
    }
}
