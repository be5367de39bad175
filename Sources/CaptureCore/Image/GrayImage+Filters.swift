import Foundation

extension GrayImage {
    /// A separable Gaussian blur with standard deviation `sigma` pixels (edges clamp).
    /// `sigma <= 0` returns the image unchanged.
    public func gaussianBlurred(sigma: Double) -> GrayImage {
        guard sigma > 0, width > 0, height > 0 else { return self }
        let radius = max(1, Int((sigma * 3).rounded(.up)))
        var kernel = (-radius...radius).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        // Fixed-point weights (16 bits) keep the inner loops in integers.
        let weights = kernel.map { Int32(($0 * 65536).rounded()) }
        let w = width, h = height, taps = 2 * radius + 1
        var temp = [UInt8](repeating: 0, count: pixels.count)
        var out = GrayImage(width: w, height: h)
        weights.withUnsafeBufferPointer { k in
            // Horizontal pass, with a padded row so the inner loop never clamps.
            var row = [UInt8](repeating: 0, count: w + 2 * radius)
            pixels.withUnsafeBufferPointer { src in
                temp.withUnsafeMutableBufferPointer { dst in
                    row.withUnsafeMutableBufferPointer { r in
                        for y in 0..<h {
                            let base = y * w
                            for x in 0..<w { r[x + radius] = src[base + x] }
                            for x in 0..<radius {
                                r[x] = src[base]
                                r[w + radius + x] = src[base + w - 1]
                            }
                            for x in 0..<w {
                                var acc: Int32 = 32768
                                for t in 0..<taps { acc &+= Int32(r[x + t]) &* k[t] }
                                dst[base + x] = UInt8(clamping: acc >> 16)
                            }
                        }
                    }
                }
            }
            // Vertical pass, a row at a time so memory is read sequentially.
            var acc = [Int32](repeating: 0, count: w)
            temp.withUnsafeBufferPointer { src in
                out.pixels.withUnsafeMutableBufferPointer { dst in
                    acc.withUnsafeMutableBufferPointer { a in
                        for y in 0..<h {
                            for x in 0..<w { a[x] = 32768 }
                            for t in 0..<taps {
                                let sy = min(max(y + t - radius, 0), h - 1)
                                let wt = k[t], base = sy * w
                                for x in 0..<w { a[x] &+= Int32(src[base + x]) &* wt }
                            }
                            let base = y * w
                            for x in 0..<w { dst[base + x] = UInt8(clamping: a[x] >> 16) }
                        }
                    }
                }
            }
        }
        return out
    }
}
