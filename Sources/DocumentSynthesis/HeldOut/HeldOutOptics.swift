import CaptureCore
import Foundation

/// The held-out family's light, optics and sensor, on a sensor-sized ``PlanarFrame``: white
/// balance casts and a pool of light, radial lens distortion with lateral chromatic aberration,
/// a defocus disc, a hand-shake path, a rolling shutter's skew and wobble, the camera's
/// sharpening, shot and read noise before the gain of low light, and resampling.
enum HeldOutOptics {
    /// Multiplies the frame by exposure, per-channel white-balance gains and a radial pool of light
    /// centred at `pool` (brightest there, falling to `1 - poolDepth` far away).
    static func light(
        _ frame: inout PlanarFrame, exposure: Double, cast: [Double], pool: Point2D, poolRadius: Double,
        poolDepth: Double
    ) {
        let w = frame.width, h = frame.height
        let gains = cast.map { Float($0 * exposure) }
        let inverse = 1 / (2 * poolRadius * poolRadius)
        frame.withPlanes { r, g, b in
            for y in 0..<h {
                let dy = Double(y) + 0.5 - pool.y
                for x in 0..<w {
                    let dx = Double(x) + 0.5 - pool.x
                    let k = Float(1 - poolDepth * (1 - exp(-(dx * dx + dy * dy) * inverse)))
                    let i = y * w + x
                    r[i] *= k * gains[0]
                    g[i] *= k * gains[1]
                    b[i] *= k * gains[2]
                }
            }
        }
    }

    /// Where the lens puts an ideal point: `centre + (q - centre)(1 + k1 ρ²)`, ρ the distance from
    /// the centre over the half diagonal.
    static func distorted(_ q: Point2D, k1: Double, width: Int, height: Int) -> Point2D {
        let c = Point2D(x: Double(width) / 2, y: Double(height) / 2)
        let half = (c.x * c.x + c.y * c.y).squareRoot()
        let d = q - c
        let rho2 = (d.x * d.x + d.y * d.y) / (half * half)
        return c + d * (1 + k1 * rho2)
    }

    /// Remaps the frame through the radial distortion `k1`; the red and blue channels are scaled
    /// about the centre by ± `aberration` pixels at the corner (lateral chromatic aberration).
    static func lens(_ frame: inout PlanarFrame, k1: Double, aberration: Double) {
        let w = frame.width, h = frame.height
        let c = Point2D(x: Double(w) / 2, y: Double(h) / 2)
        let half = (c.x * c.x + c.y * c.y).squareRoot()
        let source = frame
        let channelScale = [1 + aberration / half, 1, 1 - aberration / half]
        for channel in 0..<3 {
            let plane = source.plane(channel)
            let scale = channelScale[channel]
            frame.withPlane(channel) { out in
                plane.withUnsafeBufferPointer { src in
                    for y in 0..<h {
                        for x in 0..<w {
                            // The ideal point q whose distorted image is this pixel (fixed point).
                            let p = Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5) - c
                            var q = p
                            for _ in 0..<4 {
                                let rho2 = (q.x * q.x + q.y * q.y) / (half * half)
                                q = p * (1 / (1 + k1 * rho2))
                            }
                            q = q * scale
                            out[y * w + x] = bilinear(src, w, h, q.x + c.x - 0.5, q.y + c.y - 0.5)
                        }
                    }
                }
            }
        }
    }

    /// Convolves with a uniform disc of `radius` pixels (lens defocus).
    static func defocus(_ frame: inout PlanarFrame, radius: Double) {
        guard radius > 0.3 else { return }
        var taps: [(Int, Int, Float)] = []
        let reach = Int(radius.rounded(.up))
        for dy in -reach...reach {
            for dx in -reach...reach {
                // Coverage of the pixel by the disc, approximated by 4 x 4 sub-samples.
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let x = Double(dx) + (Double(sx) + 0.5) / 4 - 0.5, y = Double(dy) + (Double(sy) + 0.5) / 4 - 0.5
                        if x * x + y * y <= radius * radius { inside += 1 }
                    }
                }
                if inside > 0 { taps.append((dx, dy, Float(inside))) }
            }
        }
        convolve(&frame, taps: taps)
    }

    /// Convolves with the path of a shaking hand: a random walk of `length` pixels.
    static func shake(_ frame: inout PlanarFrame, length: Double, using random: inout SeededGenerator) {
        guard length > 0.5 else { return }
        var weights: [Int: Float] = [:]
        var p = Point2D(x: 0, y: 0)
        var heading = random.uniform(0, 2 * Double.pi)
        let steps = 24
        var points: [Point2D] = []
        for _ in 0..<steps {
            points.append(p)
            heading += random.uniform(-0.9, 0.9)
            p = p + Point2D(x: cos(heading), y: sin(heading)) * (length / Double(steps - 1))
        }
        let mean = points.reduce(Point2D(x: 0, y: 0), +) * (1 / Double(points.count))
        for point in points {
            let q = point - mean
            let key = (Int(q.y.rounded()) + 64) * 256 + Int(q.x.rounded()) + 64
            weights[key, default: 0] += 1
        }
        convolve(&frame, taps: weights.keys.sorted().map { ($0 % 256 - 64, $0 / 256 - 64, weights[$0] ?? 0) })
    }

    /// A rolling shutter: row y is shifted right by `skew · (y/h − ½) + wobble · sin(2π(y/h)·cycles + phase)`.
    static func rollingShutter(_ frame: inout PlanarFrame, skew: Double, wobble: Double, cycles: Double, phase: Double)
    {
        guard skew.magnitude > 0.05 || wobble.magnitude > 0.05 else { return }
        let w = frame.width, h = frame.height
        for channel in 0..<3 {
            let plane = frame.plane(channel)
            frame.withPlane(channel) { out in
                plane.withUnsafeBufferPointer { src in
                    for y in 0..<h {
                        let shift = rowShift(
                            y: Double(y) + 0.5, height: h, skew: skew, wobble: wobble, cycles: cycles,
                            phase: phase)
                        for x in 0..<w {
                            out[y * w + x] = bilinear(src, w, h, Double(x) - shift, Double(y))
                        }
                    }
                }
            }
        }
    }

    /// The horizontal shift of the rolling shutter at row position `y`.
    static func rowShift(y: Double, height: Int, skew: Double, wobble: Double, cycles: Double, phase: Double) -> Double
    {
        let t = y / Double(height)
        return skew * (t - 0.5) + wobble * sin(2 * Double.pi * t * cycles + phase)
    }

    /// The camera's sharpening: `x + amount · (x − blur(x))` with a 1-pixel Gaussian.
    static func sharpen(_ frame: inout PlanarFrame, amount: Double) {
        guard amount > 0.02 else { return }
        var blurred = frame
        blurred.gaussianBlur(sigma: 1)
        let n = frame.width * frame.height
        let a = Float(amount)
        for channel in 0..<3 {
            let soft = blurred.plane(channel)
            frame.withPlane(channel) { p in
                soft.withUnsafeBufferPointer { s in
                    for i in 0..<n { p[i] += a * (p[i] - s[i]) }
                }
            }
        }
    }

    /// Adds shot noise (σ at full scale, growing with the square root of the signal) and read
    /// noise (a quarter of σ), a weaker chroma part, multiplies by `gain` (low light) and quantises.
    static func sensor(
        _ frame: PlanarFrame, sigma: Double, gain: Double, using random: inout SeededGenerator
    ) -> RGBAImage {
        let w = frame.width, h = frame.height, n = w * h
        var out = RGBAImage(width: w, height: h, fill: RGBA(r: 0, g: 0, b: 0, a: 255))
        let g = Float(gain), s = Float(sigma)
        @inline(__always) func normal(_ bits: UInt64) -> Float {
            // Sum of four 16-bit uniforms: mean 2 x 65535, sd ≈ 37837.
            let sum = (bits & 0xFFFF) + ((bits >> 16) & 0xFFFF) + ((bits >> 32) & 0xFFFF) + (bits >> 48)
            return (Float(sum) - 131_070) / 37_837
        }
        frame.red.withUnsafeBufferPointer { r in
            frame.green.withUnsafeBufferPointer { gr in
                frame.blue.withUnsafeBufferPointer { b in
                    out.pixels.withUnsafeMutableBufferPointer { dst in
                        for i in 0..<n {
                            let luma = max(0, 0.299 * r[i] + 0.587 * gr[i] + 0.114 * b[i])
                            let sd = s * ((luma / 255).squareRoot() + 0.25)
                            let common = normal(random.next()) * sd
                            let chroma = random.next()
                            let cr = (Float(chroma & 0xFF) - 127.5) / 73.9 * sd * 0.35
                            let cb = (Float((chroma >> 8) & 0xFF) - 127.5) / 73.9 * sd * 0.35
                            dst[4 * i] = byte((r[i] + common + cr) * g)
                            dst[4 * i + 1] = byte((gr[i] + common) * g)
                            dst[4 * i + 2] = byte((b[i] + common + cb) * g)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Resamples `image` to `width` x `height` by bilinear interpolation at pixel centres, after a
    /// Gaussian prefilter of σ = 0.45 × the reduction when `prefilter` (a camera's good scaler;
    /// without it, a cheap one that aliases).
    static func resample(_ image: RGBAImage, width: Int, height: Int, prefilter: Bool) -> RGBAImage {
        guard image.width != width || image.height != height else { return image }
        var planes = PlanarFrame(image)
        let factor = Double(image.width) / Double(width)
        if prefilter, factor > 1.05 { planes.gaussianBlur(sigma: 0.45 * factor) }
        var out = RGBAImage(width: width, height: height, fill: RGBA(r: 0, g: 0, b: 0, a: 255))
        let fx = Double(image.width) / Double(width), fy = Double(image.height) / Double(height)
        for channel in 0..<3 {
            planes.plane(channel).withUnsafeBufferPointer { src in
                out.pixels.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<height {
                        for x in 0..<width {
                            let v = bilinear(
                                src, image.width, image.height, (Double(x) + 0.5) * fx - 0.5,
                                (Double(y) + 0.5) * fy - 0.5)
                            dst[4 * (y * width + x) + channel] = byte(v)
                        }
                    }
                }
            }
        }
        return out
    }

    // MARK: Helpers

    @inline(__always)
    static func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, v)).rounded()) }

    /// Bilinear sample at (`x`, `y`) in pixel-index coordinates, clamped at the borders.
    @inline(__always)
    static func bilinear(_ p: UnsafeBufferPointer<Float>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> Float {
        let cx = min(max(x, 0), Double(w - 1)), cy = min(max(y, 0), Double(h - 1))
        let x0 = min(Int(cx), max(0, w - 2)), y0 = min(Int(cy), max(0, h - 2))
        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
        let dx = Float(cx - Double(x0)), dy = Float(cy - Double(y0))
        let top = p[y0 * w + x0] * (1 - dx) + p[y0 * w + x1] * dx
        let bottom = p[y1 * w + x0] * (1 - dx) + p[y1 * w + x1] * dx
        return top * (1 - dy) + bottom * dy
    }

    /// Convolves every plane with `taps` (dx, dy, weight; normalised here), edges clamped.
    static func convolve(_ frame: inout PlanarFrame, taps: [(Int, Int, Float)]) {
        let total = taps.reduce(Float(0)) { $0 + $1.2 }
        guard total > 0 else { return }
        let w = frame.width, h = frame.height
        let reach = taps.map { abs($0.0) }.max() ?? 0
        let pw = w + 2 * reach
        for channel in 0..<3 {
            var padded = [Float](repeating: 0, count: pw * h)
            frame.withPlane(channel) { p in
                for y in 0..<h {
                    for x in 0..<pw { padded[y * pw + x] = p[y * w + min(max(x - reach, 0), w - 1)] }
                }
                padded.withUnsafeBufferPointer { pad in
                    for y in 0..<h {
                        for x in 0..<w { p[y * w + x] = 0 }
                        for (dx, dy, weight) in taps {
                            let row = min(max(y + dy, 0), h - 1) * pw + reach + dx
                            let k = weight / total
                            for x in 0..<w { p[y * w + x] += k * pad[row + x] }
                        }
                    }
                }
            }
        }
    }
}
