import CaptureCore

/// Sobel gradients of a gray image: components, magnitude, and per-pixel access for edge search.
struct GradientField: Sendable {
    let width: Int
    let height: Int
    /// Horizontal and vertical Sobel responses (bright to the right / below is positive).
    var gx: [Float]
    var gy: [Float]
    var magnitude: [Float]

    /// The field of `image`; with `keepingComponents` false only the magnitudes are kept (`gx` and
    /// `gy` are empty), for callers that need the components at a few pixels only
    /// (``components(of:x:y:)``).
    init(_ image: GrayImage, keepingComponents: Bool = true) {
        width = image.width
        height = image.height
        let w = width, h = height, n = w * h
        var gx = [Float](repeating: 0, count: keepingComponents ? n : 0)
        var gy = [Float](repeating: 0, count: keepingComponents ? n : 0)
        var mag = [Float](repeating: 0, count: n)
        if w >= 3, h >= 3 {
            // Raw row pointers and 32-bit sums let the compiler vectorise the row loop (the same
            // integer sums as per-pixel Int arithmetic, so the same values).
            image.pixels.withUnsafeBufferPointer { p in
                gx.withUnsafeMutableBufferPointer { gxOut in
                    gy.withUnsafeMutableBufferPointer { gyOut in
                        mag.withUnsafeMutableBufferPointer { magOut in
                            let src = p.baseAddress!, om = magOut.baseAddress!
                            for y in 1..<(h - 1) {
                                let above = src + (y - 1) * w, row = src + y * w, below = src + (y + 1) * w
                                let rm = om + y * w
                                if keepingComponents {
                                    let rx = gxOut.baseAddress! + y * w, ry = gyOut.baseAddress! + y * w
                                    for x in 1..<(w - 1) {
                                        let (sx, sy) = Self.sobel(above, row, below, x)
                                        rx[x] = sx
                                        ry[x] = sy
                                        rm[x] = (sx * sx + sy * sy).squareRoot()
                                    }
                                } else {
                                    for x in 1..<(w - 1) {
                                        let (sx, sy) = Self.sobel(above, row, below, x)
                                        rm[x] = (sx * sx + sy * sy).squareRoot()
                                    }
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

    /// Takes, at every pixel where `other` (of the same size) has the stronger gradient and one of
    /// at least `floor`, its components and magnitude: the gradient of a multi-channel image as its
    /// strongest channel's. Both fields must keep their components.
    mutating func takeStronger(of other: GradientField, above floor: Float = 0) {
        precondition(
            other.width == width && other.height == height && gx.count == magnitude.count
                && other.gx.count == other.magnitude.count, "fields of different sizes")
        other.magnitude.withUnsafeBufferPointer { om in
            other.gx.withUnsafeBufferPointer { ox in
                other.gy.withUnsafeBufferPointer { oy in
                    magnitude.withUnsafeMutableBufferPointer { m in
                        gx.withUnsafeMutableBufferPointer { x in
                            gy.withUnsafeMutableBufferPointer { y in
                                for i in 0..<m.count {
                                    let v = om[i]
                                    guard v > m[i], v >= floor else { continue }
                                    m[i] = v
                                    x[i] = ox[i]
                                    y[i] = oy[i]
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The horizontal and vertical Sobel responses at column `x` of `row` (1 ≤ x < width − 1).
    @inline(__always)
    static func sobel(
        _ above: UnsafePointer<UInt8>, _ row: UnsafePointer<UInt8>, _ below: UnsafePointer<UInt8>,
        _ x: Int
    ) -> (Float, Float) {
        let a = Int32(above[x - 1]), b = Int32(above[x]), c = Int32(above[x + 1])
        let d = Int32(row[x - 1]), f = Int32(row[x + 1])
        let g = Int32(below[x - 1]), hh = Int32(below[x]), i = Int32(below[x + 1])
        return (Float((c &+ 2 &* f &+ i) &- (a &+ 2 &* d &+ g)), Float((g &+ 2 &* hh &+ i) &- (a &+ 2 &* b &+ c)))
    }

    /// `gx` and `gy` at the interior pixel (`x`, `y`) of `image`, as the field of the image holds them.
    static func components(of image: GrayImage, x: Int, y: Int) -> (Float, Float) {
        image.pixels.withUnsafeBufferPointer { p in
            let row = p.baseAddress! + y * image.width
            return sobel(row - image.width, row, row + image.width, x)
        }
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
        for b in 0..<bins {
            histogram[b] = partial[b] + partial[bins + b] + partial[2 * bins + b] + partial[3 * bins + b]
        }
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
