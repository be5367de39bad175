import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// Renders blocks of MRZ text in Debian's OCR-B with the degradations of a phone capture, then
/// warps them into a band as the engine's rectification would (with its small errors), so that
/// the recogniser trains on what it will see.
///
/// Augmentation per block: source resolution 2.8–10 px/mm, cap height 2.1–2.6 mm, stroke weight
/// (outline stroked in ink or background colour), shear, rotation, ink and paper tones, a
/// guilloche-like background, lighting gradient, soft glare, Gaussian or motion blur, sensor noise,
/// JPEG quality 35–95, and a rectification with ±8% scale, ±1.5° rotation and corner jitter.
struct MRZLineRenderer {
    /// Band scale the engine rectifies to.
    static let bandPixelsPerMillimetre = MRZZoneReader.bandPixelsPerMillimetre

    struct Block {
        /// The rectified band, as the engine would see it.
        var band: GrayImage
        /// The text of each line.
        var lines: [String]
    }

    var rng: SplitMix64

    /// One block of `lineCount` lines of `lineLength` characters; `strength` 0...1 scales the
    /// degradations (0: clean print, 1: the hardest captures).
    mutating func render(lineCount: Int, lineLength: Int, strength: Double) -> Block {
        let lines = (0..<lineCount).map { i in randomLine(length: lineLength, index: i) }
        let source = renderSource(lines, strength: strength)
        let band = rectify(source.image, sourceScale: source.scale, strength: strength)
        return Block(band: band, lines: lines)
    }

    // MARK: - Text

    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let digits = Array("0123456789")

    /// MRZ-like content: runs of letters, digits and fillers, sometimes uniformly random.
    mutating func randomLine(length: Int, index: Int) -> String {
        var out: [Character] = []
        if rng.chance(0.3) {
            let alphabet = MRZCharacterClassifier.alphabet
            while out.count < length { out.append(alphabet[rng.int(alphabet.count)]) }
            return String(out)
        }
        while out.count < length {
            switch rng.int(10) {
            case 0...3: for _ in 0..<rng.int(1, 9) { out.append(Self.letters[rng.int(26)]) }
            case 4...6: for _ in 0..<rng.int(1, 9) { out.append(Self.digits[rng.int(10)]) }
            case 7, 8: for _ in 0..<rng.int(1, 4) { out.append("<") }
            default: for _ in 0..<rng.int(5, 20) { out.append("<") }
            }
        }
        return String(out.prefix(length))
    }

    // MARK: - Source image

    mutating func renderSource(_ lines: [String], strength: Double) -> (image: GrayImage, scale: Double) {
        let s = rng.logUniform(2.8, 10)  // source px/mm
        let capHeight = rng.uniform(2.1, 2.6)
        let lineSpacing = rng.uniform(3.9, 4.6)
        let length = Double(lines[0].count)
        let marginX = 6.0, marginY = 5.0
        let widthMM = length * DocumentLayout.mrzPitch + 2 * marginX
        let heightMM = Double(lines.count - 1) * lineSpacing + 2 * marginY + capHeight
        let w = Int(widthMM * s), h = Int(heightMM * s)
        let paper = UInt8(rng.int(185, 252))
        let canvas = CairoCanvas(width: w, height: h, background: RGBA(r: paper, g: paper, b: paper))
        // Guilloche-like background lines.
        if rng.chance(0.7) {
            let tone = UInt8(max(0, Int(paper) - rng.int(5, 30)))
            let lineWidth = rng.uniform(0.08, 0.25) * s
            let waves = rng.int(3, 12)
            for i in 0..<waves {
                let amplitude = rng.uniform(1, 6) * s, period = rng.uniform(8, 40) * s
                let phase = rng.uniform(0, 6.28), y0 = Double(h) * Double(i) / Double(waves)
                var points = [Point2D(x: 0, y: y0)]
                var x = 0.0
                while x <= Double(w) {
                    points.append(Point2D(x: x, y: y0 + amplitude * sin(x / period * 6.283 + phase)))
                    x += 2
                }
                canvas.strokePath(points, lineWidth: lineWidth, colour: RGBA(r: tone, g: tone, b: tone))
            }
        }
        // The text, glyph by glyph at the MRZ pitch, as outlines so the stroke weight can vary.
        let ink = UInt8(rng.int(0, 75))
        let em = capHeight / 0.70 * s
        canvas.selectFont(family: "OCR B", size: em)
        let shear = rng.uniform(-0.08, 0.08) * strength
        let weight = rng.uniform(-0.05, 0.07) * s  // outline stroke in px: + bolder, - thinner
        for (row, text) in lines.enumerated() {
            let baseline = (marginY + capHeight + Double(row) * lineSpacing) * s
            for (i, ch) in text.enumerated() {
                let x = (marginX + Double(i) * DocumentLayout.mrzPitch) * s + rng.gaussian() * 0.03 * s * strength
                canvas.addTextOutline(String(ch), x: x, baseline: baseline, shear: shear)
            }
        }
        canvas.fillOutlines(
            ink: RGBA(r: ink, g: ink, b: ink), weight: weight, paper: RGBA(r: paper, g: paper, b: paper))
        var gray = canvas.image().grayscale()
        degrade(&gray, strength: strength, pixelsPerMillimetre: s)
        return (gray, s)
    }

    /// Lighting, glare, blur, noise and JPEG at the source resolution.
    mutating func degrade(_ image: inout GrayImage, strength: Double, pixelsPerMillimetre s: Double) {
        let w = image.width, h = image.height
        // Lighting gradient and exposure.
        let gain = 1 - rng.uniform(0, 0.45) * strength
        let gx = rng.uniform(-0.3, 0.3) * strength, gy = rng.uniform(-0.2, 0.2) * strength
        let glare = rng.chance(0.35 * strength)
        let gcx = rng.uniform(0, Double(w)), gcy = rng.uniform(0, Double(h))
        let gr = rng.uniform(4, 15) * s, gpeak = rng.uniform(0.15, 0.5) * 255
        for y in 0..<h {
            for x in 0..<w {
                var v = Double(image.pixels[y * w + x]) * gain
                v *= 1 + gx * (Double(x) / Double(w) - 0.5) + gy * (Double(y) / Double(h) - 0.5)
                if glare {
                    let d2 = ((Double(x) - gcx) * (Double(x) - gcx) + (Double(y) - gcy) * (Double(y) - gcy)) / (gr * gr)
                    v += gpeak * exp(-d2)
                }
                image.pixels[y * w + x] = UInt8(clamping: Int(v.rounded()))
            }
        }
        // Blur: Gaussian (focus) or horizontal-ish motion.
        let sigma = rng.uniform(0, 0.35) + rng.uniform(0, 1.5) * strength
        image = image.gaussianBlurred(sigma: sigma)
        if rng.chance(0.25 * strength) { image = Self.motionBlurred(image, length: rng.int(2, 5)) }
        // Sensor noise.
        let noise = rng.uniform(0, 1.5) + rng.uniform(0, 8) * strength
        if noise > 0.3 {
            for i in 0..<image.pixels.count {
                image.pixels[i] = UInt8(clamping: Int((Double(image.pixels[i]) + rng.gaussian() * noise).rounded()))
            }
        }
        // JPEG.
        let quality = Int(95 - rng.uniform(0, 60) * strength)
        if let data = try? ImageCodec.encodeJPEG(image, quality: quality),
            let decoded = try? ImageCodec.decode(data)
        {
            image = decoded.grayscale()
        }
    }

    static func motionBlurred(_ image: GrayImage, length: Int) -> GrayImage {
        var out = image
        let w = image.width
        for y in 0..<image.height {
            for x in 0..<w {
                var acc = 0
                for k in 0..<length { acc += Int(image.pixels[y * w + min(w - 1, x + k)]) }
                out.pixels[y * w + x] = UInt8(acc / length)
            }
        }
        return out
    }

    // MARK: - Rectification

    /// Warps the source into a band at the engine's scale, with the small scale, rotation and
    /// perspective errors a real rectification leaves.
    mutating func rectify(_ source: GrayImage, sourceScale s: Double, strength: Double) -> GrayImage {
        let b = Self.bandPixelsPerMillimetre
        let scaleError = 1 + rng.uniform(-0.08, 0.08)
        let angle = rng.uniform(-1.5, 1.5) * Double.pi / 180
        let outW = Int(Double(source.width) / s * b * scaleError)
        let outH = Int(Double(source.height) / s * b * scaleError)
        let cx = Double(source.width) / 2, cy = Double(source.height) / 2
        let jitter = 0.006 * Double(source.width) * strength
        let corners = [
            Point2D(x: 0, y: 0), Point2D(x: Double(source.width), y: 0),
            Point2D(x: Double(source.width), y: Double(source.height)),
            Point2D(x: 0, y: Double(source.height)),
        ]
        .map { p -> Point2D in
            let dx = p.x - cx, dy = p.y - cy
            let r = Point2D(x: cx + dx * cos(angle) - dy * sin(angle), y: cy + dx * sin(angle) + dy * cos(angle))
            return Point2D(x: r.x + rng.gaussian() * jitter, y: r.y + rng.gaussian() * jitter)
        }
        return PerspectiveWarp.rectify(
            source, quad: Quadrilateral2D(corners: corners),
            width: max(8, outW), height: max(8, outH)) ?? source
    }
}
