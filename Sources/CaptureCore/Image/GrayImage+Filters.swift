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
        // Raw row pointers and 32-bit sums, with the taps as the outer loop, let the compiler
        // vectorise the row loops; the kernel is symmetric, so each weight multiplies the sum of
        // its two taps (the same integer sums, so the same values).
        var row = [UInt8](repeating: 0, count: w + 2 * radius)
        var acc = [Int32](repeating: 0, count: w)
        weights.withUnsafeBufferPointer { kb in
            pixels.withUnsafeBufferPointer { pb in
                temp.withUnsafeMutableBufferPointer { tb in
                    out.pixels.withUnsafeMutableBufferPointer { ob in
                        row.withUnsafeMutableBufferPointer { rb in
                            acc.withUnsafeMutableBufferPointer { ab in
                                let k = kb.baseAddress!, src = pb.baseAddress!, mid = tb.baseAddress!
                                let dst = ob.baseAddress!, r = rb.baseAddress!, a = ab.baseAddress!
                                // Horizontal pass, through a padded row so the inner loop never clamps.
                                for y in 0..<h {
                                    let s = src + y * w, d = mid + y * w
                                    (r + radius).update(from: s, count: w)
                                    r.update(repeating: s[0], count: radius)
                                    (r + radius + w).update(repeating: s[w - 1], count: radius)
                                    let centre = k[radius], middle = r + radius
                                    for x in 0..<w { a[x] = 32768 &+ Int32(middle[x]) &* centre }
                                    for t in 0..<radius {
                                        let wt = k[t], left = r + t, right = r + (taps - 1 - t)
                                        for x in 0..<w { a[x] &+= (Int32(left[x]) &+ Int32(right[x])) &* wt }
                                    }
                                    for x in 0..<w { d[x] = UInt8(clamping: a[x] >> 16) }
                                }
                                // Vertical pass, a row at a time so memory is read sequentially.
                                for y in 0..<h {
                                    func source(_ t: Int) -> UnsafeMutablePointer<UInt8> {
                                        mid + min(max(y + t - radius, 0), h - 1) * w
                                    }
                                    let centre = k[radius], middle = source(radius)
                                    for x in 0..<w { a[x] = 32768 &+ Int32(middle[x]) &* centre }
                                    for t in 0..<radius {
                                        let wt = k[t], above = source(t), below = source(taps - 1 - t)
                                        for x in 0..<w { a[x] &+= (Int32(above[x]) &+ Int32(below[x])) &* wt }
                                    }
                                    let d = dst + y * w
                                    for x in 0..<w { d[x] = UInt8(clamping: a[x] >> 16) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
