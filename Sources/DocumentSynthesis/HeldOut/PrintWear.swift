import CaptureCore
import Foundation

/// The held-out family's changes to a rendered document before it is placed: another colour
/// scheme for the paper and non-MRZ print, faint ink, worn print (faded patches and scratches),
/// and the surface (paper fibres for booklets and visas, a laminate's rainbow sheen for cards).
struct PrintWear {
    /// Hue turn of light colours (paper, tints), degrees; dark ink keeps its colour.
    var hueDegrees: Double
    /// Saturation factor of light colours.
    var saturation: Double
    /// Share of ink contrast kept against the paper (1 = as printed).
    var inkContrast: Double
    /// Whether patches of print are faded and the surface scratched.
    var worn: Bool
    /// Laminated card (rainbow sheen) or paper (fibres).
    var laminate: Bool
    let seed: UInt64

    static func draw(recipe: HeldOutRecipe, laminate: Bool, using random: inout SeededGenerator) -> PrintWear {
        PrintWear(
            hueDegrees: random.chance(0.7) ? random.uniform(-180, 180) : 0, saturation: random.uniform(0.6, 1.4),
            inkContrast: random.uniform(recipe.inkContrast.lowerBound, recipe.inkContrast.upperBound),
            worn: random.chance(recipe.wornProbability), laminate: laminate, seed: random.next())
    }

    /// Applies the changes to `image` (straight alpha; transparent pixels are left alone).
    func apply(to image: inout RGBAImage, pixelsPerMillimetre s: Double) {
        var random = SeededGenerator(seed: seed)
        let w = image.width, h = image.height
        // Hue rotation about the grey axis, with a saturation factor.
        let angle = hueDegrees * Double.pi / 180
        let (c, sn) = (cos(angle), sin(angle))
        let k = 1 / 3.0, q = (1 / 3.0).squareRoot()
        let rot = [
            c + (1 - c) * k, (1 - c) * k - q * sn, (1 - c) * k + q * sn,
            (1 - c) * k + q * sn, c + (1 - c) * k, (1 - c) * k - q * sn,
            (1 - c) * k - q * sn, (1 - c) * k + q * sn, c + (1 - c) * k,
        ].map { Float($0) }
        let sat = Float(saturation)
        // The paper level: the brightest common luma (90th percentile of a sample).
        var lumas: [Float] = []
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < w * h {
                if p[4 * i + 3] == 255 {
                    lumas.append(0.299 * Float(p[4 * i]) + 0.587 * Float(p[4 * i + 1]) + 0.114 * Float(p[4 * i + 2]))
                }
                i += 97
            }
        }
        lumas.sort()
        let paper = lumas.isEmpty ? 220 : lumas[Int(Double(lumas.count - 1) * 0.9)]
        let fade = ValueNoiseField(seed: random.next(), scale: 9 * s)
        let fibres = HeldOutSurfaces.ValueNoise(seed: random.next())
        let sheenAngle = random.uniform(0, Double.pi)
        let sheenPeriod = random.uniform(6, 14) * s
        let sheenStrength = Float(random.uniform(3, 9))
        let contrast = Float(inkContrast)
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    if p[i + 3] == 0 { continue }
                    var r = Float(p[i]), g = Float(p[i + 1]), b = Float(p[i + 2])
                    let luma = 0.299 * r + 0.587 * g + 0.114 * b
                    // Light colours take the new hue; ink (dark) keeps its own.
                    let light = max(0, min(1, (luma - 70) / 90))
                    if light > 0 {
                        var nr = rot[0] * r + rot[1] * g + rot[2] * b
                        var ng = rot[3] * r + rot[4] * g + rot[5] * b
                        var nb = rot[6] * r + rot[7] * g + rot[8] * b
                        let grey = 0.299 * nr + 0.587 * ng + 0.114 * nb
                        nr = grey + (nr - grey) * sat
                        ng = grey + (ng - grey) * sat
                        nb = grey + (nb - grey) * sat
                        r += (nr - r) * light
                        g += (ng - g) * light
                        b += (nb - b) * light
                    }
                    // Faint ink: pull everything darker than the paper towards it.
                    var keep = contrast
                    if worn {
                        let f = fade(Double(x), Double(y))
                        if f > 0.6 { keep *= Float(1 - min(0.55, (f - 0.6) * 1.6)) }
                    }
                    if luma < paper {
                        r = paper - (paper - r) * keep
                        g = paper - (paper - g) * keep
                        b = paper - (paper - b) * keep
                    }
                    // Surface.
                    if laminate {
                        let t = (Double(x) * cos(sheenAngle) + Double(y) * sin(sheenAngle)) / sheenPeriod
                        r += sheenStrength * Float(sin(2 * Double.pi * t))
                        g += sheenStrength * Float(sin(2 * Double.pi * (t + 0.33)))
                        b += sheenStrength * Float(sin(2 * Double.pi * (t + 0.67)))
                    } else {
                        let f = Float(fibres(Double(x) / (0.4 * s), Double(y) / (0.15 * s)) - 0.5) * 10
                        r += f
                        g += f
                        b += f
                    }
                    p[i] = UInt8(max(0, min(255, r.rounded())))
                    p[i + 1] = UInt8(max(0, min(255, g.rounded())))
                    p[i + 2] = UInt8(max(0, min(255, b.rounded())))
                }
            }
        }
        if worn { scratch(&image, pixelsPerMillimetre: s, using: &random) }
    }

    /// Light scratches across the surface: a few thin random polylines.
    private func scratch(_ image: inout RGBAImage, pixelsPerMillimetre s: Double, using random: inout SeededGenerator) {
        let w = image.width, h = image.height
        for _ in 0..<random.integer(in: 2...7) {
            var p = Point2D(x: random.uniform(0, Double(w)), y: random.uniform(0, Double(h)))
            var heading = random.uniform(0, 2 * Double.pi)
            let lift = Float(random.uniform(25, 70))
            for _ in 0..<Int(random.uniform(10, 60) * s) {
                heading += random.uniform(-0.05, 0.05)
                p = p + Point2D(x: cos(heading), y: sin(heading))
                let x = Int(p.x), y = Int(p.y)
                guard x >= 0, y >= 0, x < w, y < h else { break }
                let i = (y * w + x) * 4
                guard image.pixels[i + 3] > 0 else { continue }
                for c in 0..<3 { image.pixels[i + c] = UInt8(min(255, Float(image.pixels[i + c]) + lift)) }
            }
        }
    }
}

/// Value noise sampled at a fixed scale (pixels per lattice step), two octaves.
struct ValueNoiseField {
    let noise: HeldOutSurfaces.ValueNoise
    let scale: Double

    init(seed: UInt64, scale: Double) {
        noise = HeldOutSurfaces.ValueNoise(seed: seed)
        self.scale = max(1, scale)
    }

    func callAsFunction(_ x: Double, _ y: Double) -> Double { noise.fractal(x / scale, y / scale) }
}
