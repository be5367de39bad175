import CaptureCore
import Foundation

/// Conditions of documents and cameras beyond the scene generator's tiers, drawn for some training
/// blocks so that the recogniser learns glyphs it will meet in the wild: tiny print, faint ink, worn
/// print, defocus, chromatic fringes, moiré from photographed screens, low light, and JPEG chains
/// with resampling between them.
///
/// The ranges come from what phones and documents do (issue 21's list of conditions), decided before
/// any measurement and never fitted to an evaluation family: the held-out family is only measured.
struct MRZWildConditions {
    /// Source resolution below the usual range: an MRZ a few pixels high (cap height about 4.5–7 px).
    var tinyPrint = false
    /// Ink this much darker than the paper (0–255), or nil for the usual near-black ink.
    var faintInkContrast: Int?
    /// Worn print: fraction of the text area whose ink is rubbed towards the paper.
    var wear = 0.0
    /// Radius of a defocus disk, source pixels (0: none).
    var defocusRadius = 0.0
    /// Offset of the chromatic fringes (red one way, blue the other), source pixels (0: none).
    var chromaticOffset = 0.0
    /// Amplitude of a moiré pattern, 0–255 (0: none), and its period in source pixels.
    var moireAmplitude = 0.0
    var moirePeriod = 3.0
    /// Exposure of a dim frame (1: normal) and the extra noise that comes with it.
    var lowLightGain = 1.0
    var lowLightNoise = 0.0
    /// A first JPEG at this quality, then a resampling by ``resampleFactor`` and back, before the
    /// last JPEG (nil: one JPEG only).
    var firstJPEGQuality: Int?
    var resampleFactor = 1.0

    /// Chance that a block of degradation `strength` (0...1) gets wild conditions at all.
    static func probability(strength: Double) -> Double { 0.15 + 0.4 * strength }

    /// No wild condition.
    static let none = MRZWildConditions()

    /// Draws the conditions of one block: each one independently, so that they combine as they do
    /// on real captures.
    static func draw(using rng: inout SplitMix64) -> MRZWildConditions {
        var c = MRZWildConditions()
        c.tinyPrint = rng.chance(0.25)
        if rng.chance(0.25) { c.faintInkContrast = rng.int(70, 140) }
        if rng.chance(0.3) { c.wear = rng.uniform(0.04, 0.18) }
        if rng.chance(0.3) { c.defocusRadius = rng.uniform(0.8, 2.2) }
        if rng.chance(0.3) { c.chromaticOffset = rng.uniform(0.6, 2.2) }
        if rng.chance(0.15) {
            c.moireAmplitude = rng.uniform(6, 22)
            c.moirePeriod = rng.uniform(2.2, 4.5)
        }
        if rng.chance(0.2) {
            c.lowLightGain = rng.uniform(0.28, 0.55)
            c.lowLightNoise = rng.uniform(3, 9)
        }
        if rng.chance(0.3) {
            c.firstJPEGQuality = rng.int(55, 90)
            c.resampleFactor = rng.chance(0.5) ? rng.uniform(0.6, 0.9) : rng.uniform(1.2, 1.8)
        }
        return c
    }
}

extension MRZLineRenderer {
    /// Rubs ink off: blobs of 0.1–0.35 mm where the print is pulled 40–90% towards the paper,
    /// covering about `conditions.wear` of the image.
    mutating func wear(_ image: inout GrayImage, paper: UInt8, pixelsPerMillimetre s: Double, fraction: Double) {
        guard fraction > 0 else { return }
        let w = image.width, h = image.height
        let meanRadius = 0.22 * s
        let blobs = Int(fraction * Double(w * h) / (Double.pi * meanRadius * meanRadius))
        for _ in 0..<blobs {
            let cx = rng.uniform(0, Double(w)), cy = rng.uniform(0, Double(h))
            let r = rng.uniform(0.1, 0.35) * s
            let lift = rng.uniform(0.4, 0.9)
            let x0 = max(0, Int(cx - r)), x1 = min(w - 1, Int(cx + r))
            let y0 = max(0, Int(cy - r)), y1 = min(h - 1, Int(cy + r))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 {
                    let dx = Double(x) - cx, dy = Double(y) - cy
                    guard dx * dx + dy * dy <= r * r else { continue }
                    let v = Double(image.pixels[y * w + x])
                    image.pixels[y * w + x] = UInt8(clamping: Int((v + (Double(paper) - v) * lift).rounded()))
                }
            }
        }
    }

    /// Defocus (a uniform disk), chromatic fringes and moiré, in that order, as the lens and the
    /// sensor would add them.
    static func applyOptics(_ image: inout GrayImage, _ c: MRZWildConditions, phase: Double, angle: Double) {
        if c.defocusRadius > 0 { image = disked(image, radius: c.defocusRadius) }
        if c.chromaticOffset > 0 { image = fringed(image, offset: c.chromaticOffset, angle: angle) }
        if c.moireAmplitude > 0 {
            let w = image.width
            let fx = cos(angle) / c.moirePeriod, fy = sin(angle) / c.moirePeriod
            // A slow beat modulates the fine pattern, as two near-equal grids do.
            let beat = 1 / (c.moirePeriod * 23)
            for y in 0..<image.height {
                for x in 0..<w {
                    let t = 2 * Double.pi * (fx * Double(x) + fy * Double(y)) + phase
                    let envelope = 0.5 + 0.5 * cos(2 * Double.pi * beat * Double(x + y))
                    let v = Double(image.pixels[y * w + x]) + c.moireAmplitude * envelope * sin(t)
                    image.pixels[y * w + x] = UInt8(clamping: Int(v.rounded()))
                }
            }
        }
    }

    /// Mean over a disk of `radius` pixels (edge pixels repeated).
    static func disked(_ image: GrayImage, radius: Double) -> GrayImage {
        let r = Int(radius.rounded(.up))
        var taps: [(Int, Int)] = []
        for dy in -r...r {
            for dx in -r...r where Double(dx * dx + dy * dy) <= radius * radius + 0.25 { taps.append((dx, dy)) }
        }
        var out = image
        let w = image.width, h = image.height
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for (dx, dy) in taps {
                    sum += Int(image.pixels[min(h - 1, max(0, y + dy)) * w + min(w - 1, max(0, x + dx))])
                }
                out.pixels[y * w + x] = UInt8(sum / taps.count)
            }
        }
        return out
    }

    /// The gray of an image whose red and blue planes are shifted `offset` pixels either way along
    /// `angle`: luma weights 0.3 / 0.59 / 0.11 (bilinear sampling of the shifted planes).
    static func fringed(_ image: GrayImage, offset: Double, angle: Double) -> GrayImage {
        let w = image.width, h = image.height
        let dx = cos(angle) * offset, dy = sin(angle) * offset
        func sample(_ x: Double, _ y: Double) -> Double {
            let cx = min(Double(w - 1), max(0, x)), cy = min(Double(h - 1), max(0, y))
            let x0 = Int(cx), y0 = Int(cy), x1 = min(w - 1, x0 + 1), y1 = min(h - 1, y0 + 1)
            let fx = cx - Double(x0), fy = cy - Double(y0)
            let top = Double(image.pixels[y0 * w + x0]) * (1 - fx) + Double(image.pixels[y0 * w + x1]) * fx
            let bottom = Double(image.pixels[y1 * w + x0]) * (1 - fx) + Double(image.pixels[y1 * w + x1]) * fx
            return top * (1 - fy) + bottom * fy
        }
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                let red = sample(Double(x) + dx, Double(y) + dy)
                let blue = sample(Double(x) - dx, Double(y) - dy)
                let v = 0.3 * red + 0.59 * Double(image.pixels[y * w + x]) + 0.11 * blue
                out.pixels[y * w + x] = UInt8(clamping: Int(v.rounded()))
            }
        }
        return out
    }

    /// A first JPEG, then a resampling by `factor` and back (an app that scales and re-encodes).
    static func jpegChain(_ image: inout GrayImage, quality: Int, factor: Double) {
        if let data = try? ImageCodec.encodeJPEG(image, quality: quality), let decoded = try? ImageCodec.decode(data) {
            image = decoded.grayscale()
        }
        let w = image.width, h = image.height
        let sw = max(8, Int((Double(w) * factor).rounded())), sh = max(8, Int((Double(h) * factor).rounded()))
        image = image.resized(width: sw, height: sh).resized(width: w, height: h)
    }
}
