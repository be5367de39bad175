import CaptureCore
import Foundation

/// Paints a frame's front and temple textures from its ``EyewearFrame`` description: lens
/// outlines (``LensOutline``), rims with the frame's finish, tinted lenses with a soft
/// reflection, the bridge (a double bridge for aviators), hinge blocks and temples. Everything is
/// computed per pixel with anti-aliased coverage; no image files are involved.
package enum EyewearPainter {
    /// The front at `pixelsPerMillimetre` (level 0 of the texture).
    package static func front(of frame: EyewearFrame, pixelsPerMillimetre ppmm: Double) -> EyewearTexture {
        let outline = LensOutline(shape: frame.shape, width: frame.lensWidth, height: frame.lensHeight)
        let halfWidth = frame.totalWidth / 2 + 1
        let halfHeight = frame.lensHeight * 0.62 + frame.rimWidth + 2
        let origin = Point2D(x: -halfWidth, y: -halfHeight)
        let width = Int((2 * halfWidth * ppmm).rounded(.up)), height = Int((2 * halfHeight * ppmm).rounded(.up))
        let pixel = 1 / ppmm
        let lensOffset = frame.lensCentreDistance / 2
        let a = frame.lensWidth / 2, b = frame.lensHeight / 2
        let noise = TortoiseNoise(seed: frame.sku)
        let accent = frame.accentColor ?? frame.frameColor
        let bridgeRim = frame.finish == .metal ? max(0.9, frame.rimWidth) : frame.rimWidth * 1.2

        // Bridge and end-piece strokes, in front millimetres.
        var strokes: [Stroke] = []
        let bridgeY = frame.shape == .aviator ? -0.25 * b : -0.45 * b
        let inner = lensOffset - a + frame.rimWidth * 0.3
        strokes.append(
            Stroke(
                points: arc(
                    from: Point2D(x: -inner, y: bridgeY), to: Point2D(x: inner, y: bridgeY),
                    sag: -0.12 * frame.bridgeWidth), width: bridgeRim, accent: false))
        if frame.shape == .aviator {
            strokes.append(
                Stroke(
                    points: [
                        Point2D(x: -lensOffset + 0.2 * a, y: -0.78 * b),
                        Point2D(x: lensOffset - 0.2 * a, y: -0.78 * b),
                    ],
                    width: max(0.8, frame.rimWidth * 0.8), accent: frame.accentColor != nil))
        }
        for side in [-1.0, 1.0] {
            let x0 = side * (lensOffset + a - frame.rimWidth)
            let x1 = side * (frame.totalWidth / 2 - 0.5)
            strokes.append(
                Stroke(
                    points: [Point2D(x: x0, y: -0.55 * b), Point2D(x: x1, y: -0.55 * b)],
                    width: frame.finish == .metal ? 2.0 : max(3, 0.35 * b), accent: false))
        }

        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for j in 0..<height {
            let y = origin.y + (Double(j) + 0.5) * pixel
            for i in 0..<width {
                let x = origin.x + (Double(i) + 0.5) * pixel
                var out = Premultiplied.clear
                for side in [-1.0, 1.0] {
                    let lx = (x - side * lensOffset) * side, ly = y
                    guard abs(lx) < a * 1.6 + 3, abs(ly) < b * 1.7 + 3 else { continue }
                    let d = outline.signedDistance(x: lx, y: ly)
                    // The brow of a browline frame is thick and in the accent colour.
                    let brow = frame.shape == .browline ? min(1, max(0, (-ly / b - 0.05) / 0.3)) : 0
                    let rim = frame.rimWidth + brow * (3.6 - frame.rimWidth)
                    let lens = coverage(d + rim * 0.5, pixel)
                    if lens > 0 {
                        out = out.overlaid(with: lensColour(frame, lx: lx, ly: ly, a: a, b: b).scaled(by: lens))
                    }
                    let band = coverage(d, pixel) - coverage(d + rim, pixel)
                    if band > 0 {
                        let across = min(1, max(0, -d / rim))
                        var colour = rimColour(frame, x: x, y: y, across: across, noise: noise)
                        if brow > 0.5, let accentColour = frame.accentColor {
                            colour = shaded(accentColour, by: 1.05 - 0.15 * across)
                        }
                        out = out.overlaid(with: colour.scaled(by: band))
                    }
                }
                for stroke in strokes {
                    let d = stroke.distance(to: Point2D(x: x, y: y)) - stroke.width / 2
                    let c = coverage(d, pixel)
                    guard c > 0 else { continue }
                    let across = min(1, max(0, 0.5 + d / stroke.width))
                    let colour =
                        stroke.accent
                        ? shaded(accent, by: 1.05 - 0.2 * across)
                        : rimColour(frame, x: x, y: y, across: across, noise: noise)
                    out = out.overlaid(with: colour.scaled(by: c))
                }
                out.store(into: &pixels, at: (j * width + i) * 4)
            }
        }
        return EyewearTexture(
            base: .init(width: width, height: height, pixels: pixels, pixelsPerMillimetre: ppmm),
            origin: origin)
    }

    /// One temple, hinge at x = 0 to the tip at x = ``EyewearFrame/templeLength``, at `pixelsPerMillimetre`.
    package static func temple(of frame: EyewearFrame, pixelsPerMillimetre ppmm: Double) -> EyewearTexture {
        let half = 3.0
        let origin = Point2D(x: -1, y: -half)
        let width = Int(((frame.templeLength + 2) * ppmm).rounded(.up)), height = Int((2 * half * ppmm).rounded(.up))
        let pixel = 1 / ppmm
        let noise = TortoiseNoise(seed: frame.sku + "/temple")
        let thick = frame.finish == .metal ? 1.8 : 4.2
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for j in 0..<height {
            let y = origin.y + (Double(j) + 0.5) * pixel
            for i in 0..<width {
                let x = origin.x + (Double(i) + 0.5) * pixel
                let t = min(1, max(0, x / frame.templeLength))
                let halfThickness = thick * (1 - 0.3 * t) / 2
                // A bar with rounded ends.
                let along = max(0, max(-x, x - frame.templeLength))
                // Beyond either end the bar ends in a half disc.
                let d = along > 0 ? (along * along + y * y).squareRoot() - halfThickness : abs(y) - halfThickness
                let c = coverage(d, pixel)
                guard c > 0 else { continue }
                let across = min(1, max(0, 0.5 + y / (2 * halfThickness)))
                rimColour(frame, x: x, y: y, across: across, noise: noise).scaled(by: c)
                    .store(into: &pixels, at: (j * width + i) * 4)
            }
        }
        return EyewearTexture(
            base: .init(width: width, height: height, pixels: pixels, pixelsPerMillimetre: ppmm),
            origin: origin)
    }

    // MARK: - Colours

    /// The rim colour at front position (x, y); `across` runs 0...1 across the rim or wire.
    private static func rimColour(
        _ frame: EyewearFrame, x: Double, y: Double, across: Double,
        noise: TortoiseNoise
    ) -> Premultiplied {
        switch frame.finish {
        case .solid:
            return shaded(frame.frameColor, by: 1.1 - 0.25 * across)
        case .metal:
            // A bright line along the top of the wire, darker underneath.
            let sheen = exp(-pow((across - 0.3) / 0.22, 2))
            return shaded(frame.frameColor, by: 0.7 + 0.6 * sheen)
        case .tortoise:
            let n = noise.value(x: x, y: y)
            let dark = min(1, max(0, (n - 0.45) / 0.2))
            let amber = min(1, max(0, (0.3 - n) / 0.15))
            var c = shaded(frame.frameColor, by: 1.05 - 0.15 * across)
            c = c.mixed(with: shaded(frame.frameColor, by: 0.3), amount: dark * 0.85)
            return c.mixed(with: shaded(frame.frameColor, by: 1.45), amount: amber * 0.6)
        }
    }

    /// The lens tint with a soft diagonal reflection in its upper-outer part.
    private static func lensColour(
        _ frame: EyewearFrame, lx: Double, ly: Double, a: Double, b: Double
    )
        -> Premultiplied
    {
        let tint = Premultiplied(frame.lensTint)
        let band = (lx / a) * 0.55 - (ly / b) * 0.8 - 0.45
        let highlight = 0.16 * exp(-band * band / 0.02)
        return tint.overlaid(with: Premultiplied(r: highlight, g: highlight, b: highlight, a: highlight))
    }

    private static func shaded(_ colour: EyewearColor, by factor: Double) -> Premultiplied {
        let a = Double(colour.alpha) / 255
        return Premultiplied(
            r: min(1, Double(colour.red) / 255 * factor) * a,
            g: min(1, Double(colour.green) / 255 * factor) * a,
            b: min(1, Double(colour.blue) / 255 * factor) * a, a: a)
    }

    /// Fraction of a pixel of size `pixel` covered by the inside (d < 0) of a distance field.
    private static func coverage(_ d: Double, _ pixel: Double) -> Double {
        min(1, max(0, 0.5 - d / pixel))
    }

    /// Points along a shallow arc from `a` to `b` whose middle is `sag` mm below the chord.
    private static func arc(from a: Point2D, to b: Point2D, sag: Double) -> [Point2D] {
        (0...8).map { k in
            let t = Double(k) / 8
            let p = a.interpolated(to: b, t)
            return Point2D(x: p.x, y: p.y + sag * 4 * t * (1 - t))
        }
    }
}

/// A polyline drawn with round caps.
private struct Stroke {
    var points: [Point2D]
    var width: Double
    var accent: Bool

    func distance(to p: Point2D) -> Double {
        var best = Double.infinity
        for k in 0..<(points.count - 1) {
            let a = points[k], b = points[k + 1]
            let ab = b - a, ap = p - a
            let t = min(1, max(0, (ap.x * ab.x + ap.y * ab.y) / max(1e-12, ab.x * ab.x + ab.y * ab.y)))
            best = min(best, p.distance(to: a + ab * t))
        }
        return best
    }
}

/// A premultiplied RGBA colour with components in 0...1.
private struct Premultiplied {
    var r, g, b, a: Double

    static let clear = Premultiplied(r: 0, g: 0, b: 0, a: 0)

    init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(_ c: EyewearColor) {
        let a = Double(c.alpha) / 255
        self.init(r: Double(c.red) / 255 * a, g: Double(c.green) / 255 * a, b: Double(c.blue) / 255 * a, a: a)
    }

    /// `above` drawn over `self` (source-over).
    func overlaid(with above: Premultiplied) -> Premultiplied {
        Premultiplied(
            r: above.r + r * (1 - above.a), g: above.g + g * (1 - above.a), b: above.b + b * (1 - above.a),
            a: above.a + a * (1 - above.a))
    }

    func scaled(by k: Double) -> Premultiplied { Premultiplied(r: r * k, g: g * k, b: b * k, a: a * k) }

    func mixed(with other: Premultiplied, amount t: Double) -> Premultiplied {
        Premultiplied(
            r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t,
            a: a + (other.a - a) * t)
    }

    func store(into pixels: inout [UInt8], at i: Int) {
        pixels[i] = UInt8(min(255, max(0, r * 255 + 0.5)))
        pixels[i + 1] = UInt8(min(255, max(0, g * 255 + 0.5)))
        pixels[i + 2] = UInt8(min(255, max(0, b * 255 + 0.5)))
        pixels[i + 3] = UInt8(min(255, max(0, a * 255 + 0.5)))
    }
}

/// Smooth value noise for tortoiseshell mottling, seeded from a string (the SKU).
private struct TortoiseNoise {
    let seed: UInt64

    init(seed: String) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        self.seed = h
    }

    /// 0...1, two octaves, features about 5 mm across.
    func value(x: Double, y: Double) -> Double {
        0.65 * octave(x / 5, y / 3.5) + 0.35 * octave(x / 2, y / 1.6 + 17)
    }

    private func octave(_ x: Double, _ y: Double) -> Double {
        let x0 = x.rounded(.down), y0 = y.rounded(.down)
        let fx = x - x0, fy = y - y0
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
        let a = lattice(Int(x0), Int(y0)), b = lattice(Int(x0) + 1, Int(y0))
        let c = lattice(Int(x0), Int(y0) + 1), d = lattice(Int(x0) + 1, Int(y0) + 1)
        return (a + (b - a) * sx) * (1 - sy) + (c + (d - c) * sx) * sy
    }

    private func lattice(_ i: Int, _ j: Int) -> Double {
        var z =
            seed &+ UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15
            &+ UInt64(bitPattern: Int64(j)) &* 0xC2B2_AE3D_27D4_EB4F
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / 9_007_199_254_740_992.0
    }
}
