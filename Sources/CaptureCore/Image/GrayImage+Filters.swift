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
        let weights = kernel.map { Int(($0 * 65536).rounded()) }
        var temp = [UInt8](repeating: 0, count: pixels.count)
        var out = GrayImage(width: width, height: height)
        let w = width, h = height
        pixels.withUnsafeBufferPointer { src in
            temp.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w {
                        var acc = 32768
                        for k in -radius...radius {
                            let sx = min(max(x + k, 0), w - 1)
                            acc += Int(src[row + sx]) * weights[k + radius]
                        }
                        dst[row + x] = UInt8(clamping: acc >> 16)
                    }
                }
            }
        }
        temp.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        var acc = 32768
                        for k in -radius...radius {
                            let sy = min(max(y + k, 0), h - 1)
                            acc += Int(src[sy * w + x]) * weights[k + radius]
                        }
                        dst[y * w + x] = UInt8(clamping: acc >> 16)
                    }
                }
            }
        }
        return out
    }
}
