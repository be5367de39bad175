import CaptureCore
import Foundation

/// A frame held as three planes of `Float` (0...255 nominal, may overshoot until quantised), the
/// working form of the scene degradations: lighting, blur, noise. Loops run over flat buffers so
/// the compiler can vectorise them.
struct PlanarFrame {
    let width: Int
    let height: Int
    /// Red, green and blue planes, `width * height` each, row after row.
    var red: [Float]
    var green: [Float]
    var blue: [Float]

    /// A frame whose planes are allocated but not cleared: the caller must write every sample
    /// (saves clearing 24 MB per 1080p frame that is overwritten at once).
    init(unclearedWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        red = Self.uncleared(width * height)
        green = Self.uncleared(width * height)
        blue = Self.uncleared(width * height)
    }

    /// An array of `count` floats that the caller overwrites completely before reading.
    static func uncleared(_ count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Runs `body` on plane `channel` (0 red, 1 green, 2 blue).
    @inline(__always)
    mutating func withPlane<R>(_ channel: Int, _ body: (UnsafeMutableBufferPointer<Float>) -> R) -> R {
        switch channel {
        case 0: return red.withUnsafeMutableBufferPointer { body($0) }
        case 1: return green.withUnsafeMutableBufferPointer { body($0) }
        default: return blue.withUnsafeMutableBufferPointer { body($0) }
        }
    }

    /// Runs `body` on the three planes at once.
    @inline(__always)
    mutating func withPlanes<R>(
        _ body: (
            UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>
        ) -> R
    ) -> R {
        red.withUnsafeMutableBufferPointer { r in
            green.withUnsafeMutableBufferPointer { g in
                blue.withUnsafeMutableBufferPointer { b in body(r, g, b) }
            }
        }
    }

    /// The plane `channel` (0 red, 1 green, 2 blue).
    func plane(_ channel: Int) -> [Float] {
        switch channel {
        case 0: return red
        case 1: return green
        default: return blue
        }
    }

    /// Splits an RGBA image into planes (alpha ignored).
    init(_ image: RGBAImage) {
        self.init(unclearedWidth: image.width, height: image.height)
        let n = width * height
        image.pixels.withUnsafeBufferPointer { src in
            for c in 0..<3 {
                withPlane(c) { dst in
                    for i in 0..<n { dst[i] = Float(src[4 * i + c]) }
                }
            }
        }
    }

    /// Rounds and clamps to an opaque RGBA image.
    func rgba() -> RGBAImage {
        var out = RGBAImage(width: width, height: height, fill: RGBA(r: 0, g: 0, b: 0, a: 0))
        let n = width * height
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for i in 0..<n { dst[4 * i + 3] = 255 }
            for c in 0..<3 {
                plane(c).withUnsafeBufferPointer { src in
                    for i in 0..<n { dst[4 * i + c] = UInt8(truncatingIfNeeded: Self.byte(src[i])) }
                }
            }
        }
        return out
    }

    /// Separable Gaussian blur with standard deviation `sigma` pixels (edges clamp).
    mutating func gaussianBlur(sigma: Double) {
        guard sigma > 0.05 else { return }
        let radius = max(1, Int((2.7 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        let (w, h) = (width, height)
        var temporary = Self.uncleared(w * h)
        for c in 0..<3 {
            withPlane(c) { p in
                temporary.withUnsafeMutableBufferPointer { t in
                    Self.verticalPass(from: p, into: t, width: w, height: h, weights: weights, radius: radius)
                    Self.horizontalPass(from: t, into: p, width: w, height: h, weights: weights, radius: radius)
                }
            }
        }
    }

    /// Linear motion blur: the average along a segment of `length` pixels at `angle` radians.
    mutating func motionBlur(length: Double, angle: Double) {
        guard length > 0.5 else { return }
        // Splat the segment's samples into a small kernel, then convolve with its non-zero taps.
        let samples = max(2, Int((length * 2).rounded(.up)) + 1)
        var kernel: [Int: Float] = [:]
        let dx = cos(angle)
        let dy = sin(angle)
        for i in 0..<samples {
            let t = (Double(i) / Double(samples - 1) - 0.5) * length
            let x = t * dx
            let y = t * dy
            let x0 = Int(x.rounded(.down))
            let y0 = Int(y.rounded(.down))
            let fx = x - Double(x0)
            let fy = y - Double(y0)
            for (ox, oy, w) in [
                (0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy),
            ]
            where w > 1e-4 {
                kernel[(y0 + oy + 64) * 256 + (x0 + ox + 64), default: 0] += Float(w / Double(samples))
            }
        }
        let taps = kernel.keys.sorted().map { key in (dx: key % 256 - 64, dy: key / 256 - 64, w: kernel[key] ?? 0) }
        let (w, h) = (width, height)
        for c in 0..<3 { withPlane(c) { p in Self.convolve(p, width: w, height: h, taps: taps) } }
    }

    /// Adds zero-mean sensor noise and quantises to an opaque RGBA image in one pass: a luma
    /// component with standard deviation `sigma` at full brightness (half that in black, growing
    /// with the square root of the signal) plus a weaker per-channel component. The luma sample is
    /// the sum of four random bytes (Irwin-Hall, close to normal), the chroma samples single bytes,
    /// all from one 64-bit draw of `random` per pixel; eight pixels are processed at a time.
    func rgbaWithNoise(sigma: Double, using random: inout SeededGenerator) -> RGBAImage {
        var out = RGBAImage(width: width, height: height, fill: RGBA(r: 0, g: 0, b: 0, a: 0))
        let n = width * height
        // Four bytes sum to mean 510 with sd 147.8; one byte has mean 127.5 and sd 73.9.
        let base = SIMD8<Float>(repeating: Float(sigma / 147.8))
        let chromaFactor = SIMD8<Float>(repeating: 0.45 * 147.8 / 73.9)
        let zero = SIMD8<Float>(repeating: 0), top = SIMD8<Float>(repeating: 255)
        let byteMask = SIMD8<UInt64>(repeating: 0xFF)
        var local = random
        defer { random = local }
        red.withUnsafeBufferPointer { r in
            green.withUnsafeBufferPointer { g in
                blue.withUnsafeBufferPointer { b in
                    out.pixels.withUnsafeMutableBufferPointer { dst in
                        guard let rp = r.baseAddress, let gp = g.baseAddress, let bp = b.baseAddress,
                            let op = dst.baseAddress
                        else { return }
                        @inline(__always) func load(_ p: UnsafePointer<Float>, _ i: Int) -> SIMD8<Float> {
                            UnsafeRawPointer(p + i).loadUnaligned(as: SIMD8<Float>.self)
                        }
                        @inline(__always) func bytes(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
                            // Adding 1.5 x 2^23 leaves the rounded integer in the low mantissa bits.
                            let c = v.replacing(with: zero, where: v .< zero).replacing(with: top, where: v .> top)
                            return unsafeBitCast(c + 12_582_912, to: SIMD8<UInt32>.self) & 0xFF
                        }
                        @inline(__always) func float(_ v: SIMD8<UInt64>) -> SIMD8<Float> {
                            SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: v))
                        }
                        var i = 0
                        while i < n {
                            guard i + 8 <= n else { break }
                            var words = SIMD8<UInt64>()
                            for lane in 0..<8 { words[lane] = local.next() }
                            let rv = load(rp, i), gv = load(gp, i), bv = load(bp, i)
                            var luma = 0.299 * rv + 0.587 * gv + 0.114 * bv
                            luma = luma.replacing(with: zero, where: luma .< zero)
                                .replacing(with: top, where: luma .> top)
                            let sd = base * (0.25 + (0.75 / 255) * luma).squareRoot()
                            let sum =
                                (words & byteMask) &+ ((words &>> 8) & byteMask)
                                &+ ((words &>> 16) & byteMask) &+ ((words &>> 24) & byteMask)
                            let common = (float(sum) - 510) * sd
                            let chroma = sd * chromaFactor
                            let vr = rv + common + (float((words &>> 32) & byteMask) - 127.5) * chroma
                            let vg = gv + common + (float((words &>> 40) & byteMask) - 127.5) * chroma
                            let vb = bv + common + (float((words &>> 48) & byteMask) - 127.5) * chroma
                            // R, G, B, A bytes in memory order (little-endian, as on every supported platform).
                            let packed = bytes(vr) | (bytes(vg) &<< 8) | (bytes(vb) &<< 16) | 0xFF00_0000
                            UnsafeMutableRawPointer(op + 4 * i).storeBytes(of: packed, as: SIMD8<UInt32>.self)
                            i += 8
                        }
                        // Fewer than eight pixels left: one at a time.
                        while i < n {
                            let bits = local.next()
                            let luma = max(0, min(255, 0.299 * r[i] + 0.587 * g[i] + 0.114 * b[i]))
                            let sd = Float(sigma / 147.8) * (0.25 + 0.75 / 255 * luma).squareRoot()
                            let sum =
                                (bits & 0xFF) + ((bits >> 8) & 0xFF) + ((bits >> 16) & 0xFF) + ((bits >> 24) & 0xFF)
                            let common = (Float(Int(truncatingIfNeeded: sum)) - 510) * sd
                            let chroma = sd * chromaFactor[0]
                            let channels = [r[i], g[i], b[i]]
                            for c in 0..<3 {
                                let noise =
                                    Float(Int(truncatingIfNeeded: (bits >> (32 + 8 * UInt64(c))) & 0xFF)) - 127.5
                                dst[4 * i + c] = UInt8(
                                    truncatingIfNeeded: Self.byte(channels[c] + common + noise * chroma))
                            }
                            dst[4 * i + 3] = 255
                            i += 1
                        }
                    }
                }
            }
        }
        return out
    }

    /// `value` rounded to the nearest integer and clamped to 0...255, without the trapping checks of
    /// `Int(Float)`: adding 1.5 x 2^23 puts the rounded integer in the low mantissa bits.
    @inline(__always)
    static func byte(_ value: Float) -> Int {
        let clamped = max(0, min(255, value))
        return Int((clamped + 12_582_912).bitPattern & 0xFF)
    }

    /// `destination[i] += weight * source[i]` for `count` elements, eight at a time.
    @inline(__always)
    private static func accumulate(
        _ destination: UnsafeMutablePointer<Float>, _ source: UnsafePointer<Float>, _ weight: Float, _ count: Int
    ) {
        let w8 = SIMD8<Float>(repeating: weight)
        let d = UnsafeMutableRawPointer(destination)
        let s = UnsafeRawPointer(source)
        var i = 0
        while i + 8 <= count {
            let offset = i * MemoryLayout<Float>.stride
            let sum =
                d.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                + w8 * s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            d.storeBytes(of: sum, toByteOffset: offset, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            destination[i] += weight * source[i]
            i += 1
        }
    }

    /// Blurs the rows of `source` into `destination`.
    private static func horizontalPass(
        from source: UnsafeMutableBufferPointer<Float>, into destination: UnsafeMutableBufferPointer<Float>,
        width w: Int, height: Int, weights: [Float], radius: Int
    ) {
        var padded = [Float](repeating: 0, count: w + 2 * radius)
        padded.withUnsafeMutableBufferPointer { pad in
            weights.withUnsafeBufferPointer { k in
                guard let q = pad.baseAddress, let src = source.baseAddress, let dst = destination.baseAddress else {
                    return
                }
                for y in 0..<height {
                    let row = src + y * w
                    (q + radius).update(from: row, count: w)
                    (q).update(repeating: row[0], count: radius)
                    (q + radius + w).update(repeating: row[w - 1], count: radius)
                    let out = dst + y * w
                    out.update(repeating: 0, count: w)
                    for j in 0..<k.count { accumulate(out, q + j, k[j], w) }
                }
            }
        }
    }

    /// Blurs the columns of `source` into `destination`.
    private static func verticalPass(
        from source: UnsafeMutableBufferPointer<Float>, into destination: UnsafeMutableBufferPointer<Float>,
        width w: Int, height h: Int, weights: [Float], radius: Int
    ) {
        weights.withUnsafeBufferPointer { k in
            guard let src = source.baseAddress, let dst = destination.baseAddress else { return }
            for y in 0..<h {
                let row = dst + y * w
                row.update(repeating: 0, count: w)
                for j in 0..<k.count { accumulate(row, src + min(max(y + j - radius, 0), h - 1) * w, k[j], w) }
            }
        }
    }

    private static func convolve(
        _ p: UnsafeMutableBufferPointer<Float>, width: Int, height: Int, taps: [(dx: Int, dy: Int, w: Float)]
    ) {
        let w = width
        let h = height
        let reach = taps.map { abs($0.dx) }.max() ?? 0
        let pw = w + 2 * reach
        // A copy padded left and right with the edge values, so every tap reads a contiguous run.
        var padded = [Float](repeating: 0, count: pw * h)
        padded.withUnsafeMutableBufferPointer { pad in
            for y in 0..<h {
                for x in 0..<pw { pad[y * pw + x] = p[y * w + min(max(x - reach, 0), w - 1)] }
            }
        }
        do {
            padded.withUnsafeBufferPointer { pad in
                guard let dst = p.baseAddress, let from = pad.baseAddress else { return }
                for y in 0..<h {
                    let row = dst + y * w
                    row.update(repeating: 0, count: w)
                    for tap in taps {
                        Self.accumulate(row, from + min(max(y + tap.dy, 0), h - 1) * pw + reach + tap.dx, tap.w, w)
                    }
                }
            }
        }
    }
}
