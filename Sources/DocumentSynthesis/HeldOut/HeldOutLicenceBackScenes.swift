package import CaptureCore
import DocumentEngine
import Foundation

/// The held-out licence-back family: frames of card backs with a PDF417 symbol, designed apart from
/// the tuning family (``LicenceBackSceneGenerator``) and never used to decide a threshold.
///
/// | | clean | phoneLike | hard |
/// | --- | --- | --- | --- |
/// | pixels per module at the symbol | 2.8–3.4 | 2.2–2.6 | 1.45–1.75 |
/// | frame | 1280 x 720 or 1920 x 1080 | same | same |
/// | in-plane rotation, tilt | ±6°, ≤ 8° | ±20° (5 % upside down), ≤ 20° | ±35° (10 % upside down), ≤ 28° |
/// | printer gain (modules), ink level | −0.1…0.15, 10–40 | −0.2…0.25, 15–80 | −0.25…0.3, 25–110 |
/// | fade patches, background through the symbol | 5 %, 0 % | 30 %, 15 % | 50 %, 30 % |
/// | glare patch aimed at the symbol (peak) | none | 45 %, 90–200 | 60 %, 120–240 |
/// | defocus disc radius (px), hand shake | 0–0.5, none | 0.3–1.0, 30 %: 1–2.5 px | 0.3–0.9, 40 %: 1–2 px |
/// | sensor noise σ, sharpening | 0.5–1.5, none | 1.5–3.5, 0–0.5 | 2–5, 0–0.6 |
/// | resampling (sensor over frame) | none | 30 %: 1.2–1.6 | 40 %: 1.2–1.6 |
/// | JPEG chain | none (lossless) | 80–92, 50 %: then 65–85 | 70–88, then 50–75 |
///
/// Payloads: ``AAMVAPayloadGenerator``'s files of versions 01–10, about one in three rewritten
/// with issuer quirks (``HeldOutAAMVAQuirk``). Backgrounds: a desk or table of its own (wood
/// grain, cloth or paper sheets under a light gradient). The card's design and payload come from
/// the card seed; a **video** is a sequence of frames of the same card whose pose, light, glare
/// and noise change from frame to frame. Same seed, same frames; seeds live in a namespace of
/// their own (``seedNamespace``).
package struct HeldOutLicenceBackScenes: Sendable {
    /// One frame with its ground truth.
    package struct Frame: Sendable {
        /// The frame as the camera delivers it (after the JPEG chain).
        package var image: RGBAImage
        /// The payload printed in the symbol (quirks included).
        package var payload: [UInt8]
        /// The payload's AAMVA version and the quirks written into it.
        package var version: Int
        package var quirks: [HeldOutAAMVAQuirk]
        /// The symbol's outline and the card's corners in the frame.
        package var barcode: Quadrilateral2D
        package var card: Quadrilateral2D
        /// Pixels per module at the symbol's centre, printer gain (modules) and quiet zone (modules).
        package var pixelsPerModule: Double
        package var gain: Double
        package var quietZone: Double
        /// Whether a glare patch was aimed at the symbol.
        package var glare: Bool
    }

    package let tier: SceneTier
    /// The frame sizes drawn from (equally likely); tests pass small ones.
    package let frameSizes: [PixelSize]
    package static let seedNamespace: UInt64 = 0x4844_4F55_5450_4446  // "HDOUTPDF"

    /// A frame size in pixels.
    package struct PixelSize: Sendable, Equatable {
        package var width: Int
        package var height: Int
        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    package init(
        tier: SceneTier,
        frameSizes: [PixelSize] = [PixelSize(width: 1280, height: 720), PixelSize(width: 1920, height: 1080)]
    ) {
        self.tier = tier
        self.frameSizes =
            frameSizes.filter { $0.width >= 64 && $0.height >= 64 }.isEmpty
            ? [PixelSize(width: 1280, height: 720)] : frameSizes.filter { $0.width >= 64 && $0.height >= 64 }
    }

    /// The card of `seed` seen in one frame.
    package func frame(seed: UInt64) throws(SceneCompositionError) -> Frame {
        try video(seed: seed, frames: 1)[0]
    }

    /// The card of `seed` seen in `frames` consecutive frames (the same card, design and payload; a
    /// hand that moves a little; light, glare and noise of their own per frame).
    package func video(seed: UInt64, frames: Int) throws(SceneCompositionError) -> [Frame] {
        var random = SeededGenerator(seed: SeededGenerator.derive(seed: Self.seedNamespace, index: seed))
        var payloadRandom = random.fork(1)
        var cardRandom = random.fork(2)
        var shotRandom = random.fork(3)
        let generated = AAMVAPayloadGenerator().generate(using: &payloadRandom)
        let quirks = HeldOutAAMVAQuirk.draw(version: generated.version, using: &payloadRandom)
        let payload = HeldOutAAMVAQuirk.rewrite(generated, quirks: quirks, using: &payloadRandom)
        let card: HeldOutLicenceBackRenderer.Card
        do throws(BarcodeError) {
            card = try HeldOutLicenceBackRenderer(quality: printQuality).render(payload: payload, using: &cardRandom)
        } catch {
            throw .sideRendering(reason: error.description)
        }
        let size = shotRandom.pick(frameSizes)
        let width = size.width, height = size.height
        let base = Shot.draw(tier: tier, card: card, width: width, height: height, using: &shotRandom)
        var result: [Frame] = []
        for index in 0..<max(1, frames) {
            var frameRandom = shotRandom.fork(UInt64(10 + index))
            let shot = index == 0 ? base : base.moved(tier: tier, using: &frameRandom)
            result.append(
                try render(
                    card, shot: shot, width: width, height: height, payload: payload,
                    version: generated.version, quirks: quirks, using: &frameRandom))
        }
        return result
    }

    var printQuality: HeldOutLicenceBackRenderer.PrintQuality {
        switch tier {
        case .clean: return .init(gain: -0.1...0.15, inkLevel: 10...40, fadeChance: 0.05, showThroughChance: 0)
        case .phoneLike: return .init(gain: -0.2...0.25, inkLevel: 15...80, fadeChance: 0.3, showThroughChance: 0.15)
        case .hard: return .init(gain: -0.25...0.3, inkLevel: 25...110, fadeChance: 0.5, showThroughChance: 0.3)
        }
    }

    // MARK: - Pose

    /// Where the camera sees the card: a pinhole camera over the tilted card plane.
    struct Shot {
        var pixelsPerModule: Double
        var roll: Double
        var tiltAxis: Double
        var tilt: Double
        var focal: Double
        /// The symbol centre's position in the frame.
        var centre: Point2D
        var moduleWidth: Double
        var symbolCentre: Point2D  // millimetres on the card

        static func draw(
            tier: SceneTier, card: HeldOutLicenceBackRenderer.Card, width: Int, height: Int,
            using random: inout SeededGenerator
        ) -> Shot {
            let ppm: Double, roll: Double, tilt: Double
            switch tier {
            case .clean:
                ppm = random.uniform(2.8, 3.4)
                roll = random.uniform(-6, 6)
                tilt = random.uniform(0, 8)
            case .phoneLike:
                ppm = random.uniform(2.2, 2.6)
                roll = random.uniform(-20, 20) + (random.chance(0.05) ? 180 : 0)
                tilt = random.uniform(0, 20)
            case .hard:
                ppm = random.uniform(1.45, 1.75)
                roll = random.uniform(-35, 35) + (random.chance(0.1) ? 180 : 0)
                tilt = random.uniform(0, 28)
            }
            let symbolWidthMM = Double(card.modules) * card.moduleWidth
            // Keep the symbol and its quiet zone inside the frame (module size shrinks if it must).
            let fitting = min(ppm, 0.86 * Double(width) / (Double(card.modules) + 8))
            let b = card.barcode
            let s = card.pixelsPerMillimetre
            let symbolCentre = Point2D(
                x: (b.corners[0].x + b.corners[2].x) / 2 / s, y: (b.corners[0].y + b.corners[2].y) / 2 / s)
            let r = roll * Double.pi / 180
            let halfX = 0.5 * symbolWidthMM * fitting / card.moduleWidth
            let halfY = 0.5 * (b.corners[2].y - b.corners[0].y) / s * fitting / card.moduleWidth
            let extentX = abs(cos(r)) * halfX + abs(sin(r)) * halfY + 12
            let extentY = abs(sin(r)) * halfX + abs(cos(r)) * halfY + 12
            let cx = Double(width) / 2 + random.uniform(-1, 1) * max(0, Double(width) / 2 - extentX)
            let cy = Double(height) / 2 + random.uniform(-1, 1) * max(0, Double(height) / 2 - extentY)
            return Shot(
                pixelsPerModule: fitting, roll: r, tiltAxis: random.uniform(0, Double.pi), tilt: tilt * Double.pi / 180,
                focal: Double(width) * random.uniform(0.75, 1.3), centre: Point2D(x: cx, y: cy),
                moduleWidth: card.moduleWidth, symbolCentre: symbolCentre)
        }

        /// The next frame's shot: the hand moves a few pixels and turns a little.
        func moved(tier: SceneTier, using random: inout SeededGenerator) -> Shot {
            var next = self
            next.centre = centre + Point2D(x: random.uniform(-6, 6), y: random.uniform(-6, 6))
            next.roll += random.uniform(-1.5, 1.5) * Double.pi / 180
            next.tilt = max(0, tilt + random.uniform(-2, 2) * Double.pi / 180)
            next.pixelsPerModule *= random.uniform(0.97, 1.03)
            return next
        }

        /// Frame position of a card point given in millimetres.
        func project(_ p: Point2D) -> Point2D {
            let d = p - symbolCentre
            // Card plane: rotate in plane, then tilt about an in-plane axis, then a pinhole at distance z.
            let (cr, sr) = (cos(roll), sin(roll))
            var x = d.x * cr - d.y * sr, y = d.x * sr + d.y * cr
            let (ca, sa) = (cos(tiltAxis), sin(tiltAxis))
            let along = x * ca + y * sa, across = -x * sa + y * ca
            let z0 = focal * moduleWidth / pixelsPerModule
            let depth = across * sin(tilt)
            let acrossTilted = across * cos(tilt)
            x = along * ca - acrossTilted * sa
            y = along * sa + acrossTilted * ca
            let k = focal / (z0 + depth)
            return centre + Point2D(x: x * k, y: y * k)
        }
    }

    // MARK: - Rendering a frame

    private func render(
        _ card: HeldOutLicenceBackRenderer.Card, shot: Shot, width: Int, height: Int, payload: [UInt8], version: Int,
        quirks: [HeldOutAAMVAQuirk], using random: inout SeededGenerator
    ) throws(SceneCompositionError) -> Frame {
        // Resampling: the sensor has more pixels than the frame.
        let resample: Double
        switch tier {
        case .clean: resample = 1
        case .phoneLike: resample = random.chance(0.3) ? random.uniform(1.2, 1.6) : 1
        case .hard: resample = random.chance(0.4) ? random.uniform(1.2, 1.6) : 1
        }
        let sw = Int((Double(width) * resample).rounded()), sh = Int((Double(height) * resample).rounded())
        let s = card.pixelsPerMillimetre
        func toSensor(_ p: Point2D) -> Point2D { shot.project(p * (1 / s)) * resample }
        let cardCorners = Quadrilateral2D(
            x: 0, y: 0, width: Double(card.image.width), height: Double(card.image.height)
        ).mapped(toSensor)
        guard
            let fromCard = Homography(
                from: Quadrilateral2D(x: 0, y: 0, width: Double(card.image.width), height: Double(card.image.height)),
                to: cardCorners), let toCard = fromCard.inverse
        else { throw .degeneratePose }

        var sensor = background(width: sw, height: sh, using: &random)
        composite(card.image, into: &sensor, toCard: toCard, corners: cardCorners)
        var planar = PlanarFrame(sensor)
        let symbol = card.barcode.mapped(fromCard.apply)

        // Light: a gradient across the frame, and a glare patch aimed at part of the symbol.
        let slope = tier == .clean ? 0.05 : 0.25
        let g0 = Float(random.uniform(1 - slope, 1)), g1 = Float(random.uniform(1 - slope, 1))
        let angle = random.uniform(0, 2 * Double.pi)
        let (gc, gs) = (Float(cos(angle)), Float(sin(angle)))
        planar.withPlanes { r, g, b in
            for y in 0..<sh {
                for x in 0..<sw {
                    let t = (Float(x) / Float(sw) - 0.5) * gc + (Float(y) / Float(sh) - 0.5) * gs + 0.5
                    let k = g0 + (g1 - g0) * t
                    let i = y * sw + x
                    r[i] *= k
                    g[i] *= k
                    b[i] *= k
                }
            }
        }
        let glareChance = tier == .clean ? 0 : (tier == .phoneLike ? 0.45 : 0.6)
        let glare = random.chance(glareChance)
        if glare {
            let c = symbol.corners
            let u = random.uniform(0.1, 0.9), v = random.uniform(0.15, 0.85)
            let top = c[0] + (c[1] - c[0]) * u, bottom = c[3] + (c[2] - c[3]) * u
            let centre = top + (bottom - top) * v
            let symbolWidth = c[0].distance(to: c[1])
            let rx = random.uniform(0.06, 0.2) * symbolWidth, ry = random.uniform(0.4, 1.0) * rx
            let peak = tier == .phoneLike ? random.uniform(90, 200) : random.uniform(120, 240)
            let a = random.uniform(0, Double.pi)
            addGlare(&planar, centre: centre, radii: (rx, ry), angle: a, peak: Float(peak))
        }

        // Optics.
        let defocus: Double, shake: Double, noise: Double, sharpen: Double
        switch tier {
        case .clean:
            defocus = random.uniform(0, 0.5)
            shake = 0
            noise = random.uniform(0.5, 1.5)
            sharpen = 0
        case .phoneLike:
            defocus = random.uniform(0.3, 1.0)
            shake = random.chance(0.3) ? random.uniform(1, 2.5) : 0
            noise = random.uniform(1.5, 3.5)
            sharpen = random.uniform(0, 0.5)
        case .hard:
            defocus = random.uniform(0.3, 0.9)
            shake = random.chance(0.4) ? random.uniform(1, 2) : 0
            noise = random.uniform(2, 5)
            sharpen = random.uniform(0, 0.6)
        }
        HeldOutOptics.defocus(&planar, radius: defocus * resample)
        HeldOutOptics.shake(&planar, length: shake * resample, using: &random)
        HeldOutOptics.sharpen(&planar, amount: sharpen)
        var image = planar.rgbaWithNoise(sigma: noise, using: &random)
        if resample != 1 { image = Self.resized(image, width: width, height: height) }

        // JPEG chain.
        var qualities: [Int] = []
        switch tier {
        case .clean: break
        case .phoneLike:
            qualities.append(random.integer(in: 80...92))
            if random.chance(0.5) { qualities.append(random.integer(in: 65...85)) }
        case .hard:
            qualities = [random.integer(in: 70...88), random.integer(in: 50...75)]
        }
        for quality in qualities {
            do throws(ImageError) {
                image = try ImageCodec.decode(try ImageCodec.encodeJPEG(image, quality: quality))
            } catch {
                throw .encoding(error)
            }
        }
        let back = 1 / resample
        return Frame(
            image: image, payload: payload, version: version, quirks: quirks,
            barcode: symbol.mapped { $0 * back }, card: cardCorners.mapped { $0 * back },
            pixelsPerModule: shot.pixelsPerModule, gain: card.gain, quietZone: card.quietZone, glare: glare)
    }

    /// A desk or table: wood grain, a woven cloth or paper sheets, under a soft gradient.
    private func background(width: Int, height: Int, using random: inout SeededGenerator) -> RGBAImage {
        let canvas = CairoCanvas(width: width, height: height)
        let w = Double(width), h = Double(height)
        let hue = random.uniform(0, 360)
        let base = DocumentPalette.hsl(hue, random.uniform(0.1, 0.5), random.uniform(0.2, 0.6))
        let other = DocumentPalette.hsl(
            hue + random.uniform(-20, 20), random.uniform(0.1, 0.5), random.uniform(0.2, 0.6))
        canvas.fillRectGradient(
            x: 0, y: 0, width: w, height: h, start: Point2D(x: 0, y: 0), end: Point2D(x: w, y: h),
            stops: [(0, base), (1, other)])
        switch random.integer(in: 0...2) {
        case 0:  // wood grain
            var lines: [[Point2D]] = []
            var y = -20.0
            while y < h + 20 {
                let amplitude = random.uniform(2, 12), period = random.uniform(200, 600), phase = random.uniform(0, 6)
                lines.append(
                    stride(from: 0.0, through: w, by: 16).map {
                        Point2D(x: $0, y: y + amplitude * sin($0 / period * 2 * Double.pi + phase))
                    })
                y += random.uniform(4, 18)
            }
            canvas.strokePaths(
                lines, lineWidth: random.uniform(1, 3), colour: DocumentPalette.hsl(hue, 0.4, 0.2, alpha: 0.3))
        case 1:  // woven cloth
            var lines: [[Point2D]] = []
            let pitch = random.uniform(3, 7)
            for x in stride(from: 0.0, through: w, by: pitch) {
                lines.append([Point2D(x: x, y: 0), Point2D(x: x, y: h)])
            }
            for y in stride(from: 0.0, through: h, by: pitch) {
                lines.append([Point2D(x: 0, y: y), Point2D(x: w, y: y)])
            }
            canvas.strokePaths(
                lines, lineWidth: pitch * 0.4, colour: DocumentPalette.hsl(hue + 30, 0.3, 0.7, alpha: 0.25))
        default:  // paper sheets with lines of print
            for _ in 0..<random.integer(in: 2...4) {
                let x = random.uniform(-0.2, 0.8) * w, y = random.uniform(-0.2, 0.8) * h
                let sheetW = random.uniform(0.3, 0.6) * w, sheetH = random.uniform(0.4, 0.8) * h
                canvas.fillRect(x: x, y: y, width: sheetW, height: sheetH, colour: RGBA(r: 236, g: 236, b: 230))
                var yy = y + 30
                while yy < y + sheetH - 20 {
                    canvas.fillRect(
                        x: x + 25, y: yy, width: random.uniform(0.4, 0.9) * (sheetW - 50), height: 3,
                        colour: RGBA(r: 70, g: 70, b: 80))
                    yy += random.uniform(12, 20)
                }
            }
        }
        return canvas.image()
    }

    /// Draws the card into `frame` through `toCard` (frame to card pixels), box-filtering the card
    /// with a grid of samples per frame pixel (as a sensor integrates light over its pixel).
    private func composite(_ card: RGBAImage, into frame: inout RGBAImage, toCard: Homography, corners: Quadrilateral2D)
    {
        let xs = corners.corners.map(\.x), ys = corners.corners.map(\.y)
        let x0 = max(0, Int(xs.min()!.rounded(.down))), x1 = min(frame.width - 1, Int(xs.max()!.rounded(.up)))
        let y0 = max(0, Int(ys.min()!.rounded(.down))), y1 = min(frame.height - 1, Int(ys.max()!.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        // Card pixels per frame pixel decides the number of samples per axis.
        let side = corners.corners[0].distance(to: corners.corners[1])
        let ratio = Double(card.width) / max(1, side)
        let n = min(4, max(2, Int((ratio / 1.2).rounded(.up))))
        let m = toCard.m
        let w = frame.width
        for y in y0...y1 {
            for x in x0...x1 {
                var acc = (0.0, 0.0, 0.0, 0.0)
                for sy in 0..<n {
                    let fy = Double(y) + (Double(sy) + 0.5) / Double(n)
                    for sx in 0..<n {
                        let fx = Double(x) + (Double(sx) + 0.5) / Double(n)
                        let d = m[6] * fx + m[7] * fy + m[8]
                        let u = (m[0] * fx + m[1] * fy + m[2]) / d - 0.5
                        let v = (m[3] * fx + m[4] * fy + m[5]) / d - 0.5
                        guard u >= -0.5, v >= -0.5, u < Double(card.width) - 0.5, v < Double(card.height) - 0.5 else {
                            continue
                        }
                        let p = PerspectiveWarp.bilinear(card, x: u, y: v)
                        let a = Double(p.a) / 255
                        acc.0 += Double(p.r) * a
                        acc.1 += Double(p.g) * a
                        acc.2 += Double(p.b) * a
                        acc.3 += a
                    }
                }
                let coverage = acc.3 / Double(n * n)
                guard coverage > 0 else { continue }
                let i = (y * w + x) * 4
                let scale = 1 / Double(n * n)
                for (c, value) in [acc.0, acc.1, acc.2].enumerated() {
                    let under = Double(frame.pixels[i + c])
                    frame.pixels[i + c] = UInt8(max(0, min(255, (value * scale + under * (1 - coverage)).rounded())))
                }
            }
        }
    }

    /// Adds an elliptical specular highlight of `peak` (0-255 units) centred at `centre`.
    private func addGlare(
        _ frame: inout PlanarFrame, centre: Point2D, radii: (Double, Double), angle: Double, peak: Float
    ) {
        let w = frame.width, h = frame.height
        let (c, s) = (cos(angle), sin(angle))
        let reach = 2.2 * max(radii.0, radii.1)
        let x0 = max(0, Int(centre.x - reach)), x1 = min(w - 1, Int(centre.x + reach))
        let y0 = max(0, Int(centre.y - reach)), y1 = min(h - 1, Int(centre.y + reach))
        guard x0 <= x1, y0 <= y1 else { return }
        let (a0, a1) = (1 / (radii.0 * radii.0), 1 / (radii.1 * radii.1))
        frame.withPlanes { r, g, b in
            for y in y0...y1 {
                for x in x0...x1 {
                    let u = Double(x) + 0.5 - centre.x, v = Double(y) + 0.5 - centre.y
                    let along = u * c + v * s, across = -u * s + v * c
                    let q = along * along * a0 + across * across * a1
                    if q > 4 { continue }
                    let k = Float(exp(-q * q * 0.6)) * peak
                    let i = y * w + x
                    r[i] += k
                    g[i] += k
                    b[i] += k
                }
            }
        }
    }

    /// `image` resampled to `width` x `height` by area averaging over the covered source pixels.
    static func resized(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let fx = Double(image.width) / Double(width), fy = Double(image.height) / Double(height)
        for y in 0..<height {
            let sy0 = Double(y) * fy, sy1 = sy0 + fy
            for x in 0..<width {
                let sx0 = Double(x) * fx, sx1 = sx0 + fx
                var acc = (0.0, 0.0, 0.0), total = 0.0
                var yy = Int(sy0)
                while Double(yy) < sy1, yy < image.height {
                    let wy = min(sy1, Double(yy + 1)) - max(sy0, Double(yy))
                    var xx = Int(sx0)
                    while Double(xx) < sx1, xx < image.width {
                        let wgt = wy * (min(sx1, Double(xx + 1)) - max(sx0, Double(xx)))
                        let i = (yy * image.width + xx) * 4
                        acc.0 += wgt * Double(image.pixels[i])
                        acc.1 += wgt * Double(image.pixels[i + 1])
                        acc.2 += wgt * Double(image.pixels[i + 2])
                        total += wgt
                        xx += 1
                    }
                    yy += 1
                }
                let o = (y * width + x) * 4
                out.pixels[o] = UInt8(min(255, (acc.0 / total).rounded()))
                out.pixels[o + 1] = UInt8(min(255, (acc.1 / total).rounded()))
                out.pixels[o + 2] = UInt8(min(255, (acc.2 / total).rounded()))
                out.pixels[o + 3] = 255
            }
        }
        return out
    }
}
