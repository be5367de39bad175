import CaptureCore
import Foundation

/// The held-out family's surroundings, drawn with their own procedures (none shared with
/// ``SceneBackground``): a wooden table top, a woven cloth with folds, a desk with papers and
/// objects, a defocused room behind a hand, and skin-coloured fingers.
enum HeldOutSurfaces {
    /// Smooth value noise in [0, 1) on a unit lattice, from a seed.
    struct ValueNoise {
        let seed: UInt64

        private func lattice(_ x: Int, _ y: Int) -> Double {
            var h = seed &+ UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= h >> 31
            h &*= 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            return Double(h >> 11) / 9_007_199_254_740_992.0
        }

        func callAsFunction(_ x: Double, _ y: Double) -> Double {
            let fx = floor(x), fy = floor(y)
            let ix = Int(fx), iy = Int(fy)
            var tx = x - fx, ty = y - fy
            tx = tx * tx * (3 - 2 * tx)
            ty = ty * ty * (3 - 2 * ty)
            let a = lattice(ix, iy), b = lattice(ix + 1, iy), c = lattice(ix, iy + 1), d = lattice(ix + 1, iy + 1)
            return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty
        }

        /// Two octaves.
        func fractal(_ x: Double, _ y: Double) -> Double {
            (2 * self(x, y) + self(2.03 * x + 17.1, 2.03 * y - 5.3)) / 3
        }
    }

    typealias Colour = (Double, Double, Double)

    static func colour(_ hue: Double, _ saturation: Double, _ lightness: Double) -> Colour {
        let c = DocumentPalette.hsl(hue, saturation, lightness)
        return (Double(c.r), Double(c.g), Double(c.b))
    }

    /// A wooden table top: planks of one species at a random angle, grain lines bent by noise,
    /// dark seams, a varnish sheen.
    static func woodTable(width: Int, height: Int, using random: inout SeededGenerator) -> PlanarFrame {
        var frame = PlanarFrame(unclearedWidth: width, height: height)
        let angle = random.uniform(0, Double.pi)
        let (ca, sa) = (cos(angle), sin(angle))
        let plank = random.uniform(0.08, 0.25) * Double(min(width, height))
        let base = colour(random.uniform(18, 38), random.uniform(0.35, 0.6), random.uniform(0.22, 0.58))
        let grainPeriod = random.uniform(3, 9)
        let grainDepth = random.uniform(0.08, 0.22)
        let noise = ValueNoise(seed: random.next())
        let plankSeeds = ValueNoise(seed: random.next())
        let sheen = (
            Point2D(x: random.uniform(0, Double(width)), y: random.uniform(0, Double(height))),
            random.uniform(0.3, 0.8) * Double(max(width, height)), random.uniform(0, 0.25)
        )
        frame.withPlanes { r, g, b in
            for y in 0..<height {
                for x in 0..<width {
                    let s = Double(x) * ca + Double(y) * sa
                    let t = -Double(x) * sa + Double(y) * ca
                    let index = floor(t / plank)
                    let within = t - index * plank
                    let plankTone = 0.85 + 0.3 * plankSeeds(index * 7.3, 0.5)
                    let bend = noise.fractal(s / 160 + index * 13, t / 40) * 14
                    let grain = 1 - grainDepth * (0.5 + 0.5 * sin((t + bend) / grainPeriod * 2 * Double.pi))
                    let seam = min(within, plank - within) < 1.5 ? 0.45 : 1
                    let dx = Double(x) - sheen.0.x, dy = Double(y) - sheen.0.y
                    let shine = 1 + sheen.2 * exp(-(dx * dx + dy * dy) / (2 * sheen.1 * sheen.1))
                    let k = plankTone * grain * seam * shine
                    let i = y * width + x
                    r[i] = Float(base.0 * k)
                    g[i] = Float(base.1 * k)
                    b[i] = Float(base.2 * k)
                }
            }
        }
        return frame
    }

    /// A woven cloth: warp and weft threads of a few pixels, uneven threads, soft folds.
    static func fabric(width: Int, height: Int, using random: inout SeededGenerator) -> PlanarFrame {
        var frame = PlanarFrame(unclearedWidth: width, height: height)
        let base = colour(random.uniform(0, 360), random.uniform(0.15, 0.7), random.uniform(0.15, 0.6))
        let weft = colour(random.uniform(0, 360), random.uniform(0.1, 0.5), random.uniform(0.2, 0.6))
        let period = random.uniform(2.5, 7)
        let angle = random.uniform(-0.4, 0.4)
        let (ca, sa) = (cos(angle), sin(angle))
        let folds = ValueNoise(seed: random.next())
        let threads = ValueNoise(seed: random.next())
        let foldScale = random.uniform(80, 260)
        frame.withPlanes { r, g, b in
            for y in 0..<height {
                for x in 0..<width {
                    let u = Double(x) * ca + Double(y) * sa, v = -Double(x) * sa + Double(y) * ca
                    let over = sin(u / period * Double.pi) * sin(v / period * Double.pi) > 0
                    let thread = 0.85 + 0.3 * threads(over ? floor(u / period) : 0.5, over ? 0.5 : floor(v / period))
                    let fold = 0.7 + 0.45 * folds.fractal(Double(x) / foldScale, Double(y) / foldScale)
                    let c = over ? base : weft
                    let k = thread * fold
                    let i = y * width + x
                    r[i] = Float(c.0 * k)
                    g[i] = Float(c.1 * k)
                    b[i] = Float(c.2 * k)
                }
            }
        }
        return frame
    }

    /// A desk: a laminate or wooden top with papers of printed text, a keyboard, pens, sticky
    /// notes and a mug seen from above.
    static func desk(width: Int, height: Int, using random: inout SeededGenerator) -> PlanarFrame {
        let w = Double(width), h = Double(height)
        let top = colour(random.uniform(0, 360), random.uniform(0, 0.25), random.pick([0.15, 0.35, 0.55, 0.8]))
        let canvas = CairoCanvas(width: width, height: height, background: rgba(top))
        let unit = min(w, h)
        // Papers with text.
        for _ in 0..<random.integer(in: 1...4) {
            let centre = Point2D(x: random.uniform(0, w), y: random.uniform(0, h))
            let size = (random.uniform(0.35, 0.7) * unit, random.uniform(0.5, 0.9) * unit)
            let angle = random.uniform(-0.6, 0.6)
            let paper = colour(random.uniform(30, 60), random.uniform(0, 0.2), random.uniform(0.82, 0.95))
            canvas.fill(rotatedRect(centre, size, angle), colour: rgba(paper))
            let font = random.pick(HeldOutRecipe.printFonts)
            let lineHeight = random.uniform(0.022, 0.05) * unit
            var line = -size.1 / 2 + 2 * lineHeight
            while line < size.1 / 2 - lineHeight {
                let words = (0..<random.integer(in: 3...9)).map { _ in randomWord(&random) }.joined(separator: " ")
                let start = Point2D(x: -size.0 / 2 + lineHeight, y: line)
                let p = Point2D(
                    x: centre.x + start.x * cos(angle) - start.y * sin(angle),
                    y: centre.y + start.x * sin(angle) + start.y * cos(angle))
                canvas.drawText(
                    words, x: p.x, y: p.y, angle: angle, family: font, size: lineHeight * 0.7,
                    colour: RGBA(r: 40, g: 40, b: 50))
                line += lineHeight * random.uniform(1.2, 1.8)
            }
        }
        // A keyboard.
        if random.chance(0.4) {
            let centre = Point2D(x: random.uniform(0, w), y: random.uniform(0, h))
            let angle = random.uniform(-0.3, 0.3)
            let key = random.uniform(0.03, 0.06) * unit
            let body = random.chance(0.5) ? (30.0, 30.0, 34.0) : (200.0, 200.0, 204.0)
            canvas.fill(rotatedRect(centre, (16 * key, 6 * key), angle), colour: rgba(body))
            let keyColour = body.0 < 100 ? (55.0, 55.0, 60.0) : (235.0, 235.0, 238.0)
            for row in 0..<5 {
                for column in 0..<14 {
                    let local = Point2D(x: (Double(column) - 6.5) * key * 1.1, y: (Double(row) - 2) * key * 1.1)
                    let p = Point2D(
                        x: centre.x + local.x * cos(angle) - local.y * sin(angle),
                        y: centre.y + local.x * sin(angle) + local.y * cos(angle))
                    canvas.fill(rotatedRect(p, (key * 0.9, key * 0.9), angle), colour: rgba(keyColour))
                }
            }
        }
        // Pens.
        for _ in 0..<random.integer(in: 0...3) {
            let centre = Point2D(x: random.uniform(0, w), y: random.uniform(0, h))
            let pen = colour(random.uniform(0, 360), random.uniform(0.3, 0.9), random.uniform(0.15, 0.5))
            canvas.fill(
                rotatedRect(centre, (random.uniform(0.25, 0.45) * unit, 0.018 * unit), random.uniform(0, 3.14)),
                colour: rgba(pen))
        }
        // Sticky notes and a mug.
        for _ in 0..<random.integer(in: 0...2) {
            let note = colour(random.pick([55.0, 320, 190, 100]), 0.8, 0.7)
            canvas.fill(
                rotatedRect(
                    Point2D(x: random.uniform(0, w), y: random.uniform(0, h)),
                    (0.12 * unit, 0.12 * unit), random.uniform(-0.4, 0.4)), colour: rgba(note))
        }
        if random.chance(0.3) {
            let radius = random.uniform(0.08, 0.14) * unit
            let x = random.uniform(0, w), y = random.uniform(0, h)
            let mug = colour(random.uniform(0, 360), random.uniform(0, 0.6), random.uniform(0.3, 0.85))
            canvas.fillEllipse(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius, colour: rgba(mug))
            canvas.fillEllipse(
                x: x - 0.8 * radius, y: y - 0.8 * radius, width: 1.6 * radius, height: 1.6 * radius,
                colour: RGBA(r: 60, g: 35, b: 20))
        }
        return PlanarFrame(canvas.image())
    }

    /// A room seen past a hand-held card: wall, window light and furniture, far out of focus.
    static func defocusedRoom(width: Int, height: Int, using random: inout SeededGenerator) -> PlanarFrame {
        let w = Double(width), h = Double(height)
        let wall = colour(random.uniform(0, 360), random.uniform(0, 0.3), random.uniform(0.3, 0.75))
        let canvas = CairoCanvas(width: width, height: height, background: rgba(wall))
        canvas.fillRectGradient(
            x: 0, y: 0, width: w, height: h, start: Point2D(x: 0, y: 0), end: Point2D(x: w, y: h),
            stops: [(0, rgba(wall)), (1, rgba((wall.0 * 0.6, wall.1 * 0.6, wall.2 * 0.6)))])
        if random.chance(0.6) {
            let x = random.uniform(-0.2, 0.8) * w
            canvas.fillRect(
                x: x, y: random.uniform(-0.2, 0.3) * h, width: random.uniform(0.2, 0.5) * w,
                height: random.uniform(0.3, 0.7) * h, colour: RGBA(r: 245, g: 248, b: 255))
        }
        for _ in 0..<random.integer(in: 1...4) {
            let c = colour(random.uniform(0, 360), random.uniform(0, 0.5), random.uniform(0.05, 0.5))
            canvas.fillRect(
                x: random.uniform(-0.2, 0.9) * w, y: random.uniform(0.2, 0.9) * h,
                width: random.uniform(0.1, 0.5) * w, height: random.uniform(0.1, 0.6) * h, colour: rgba(c))
        }
        var frame = PlanarFrame(canvas.image())
        frame.gaussianBlur(sigma: random.uniform(0.006, 0.015) * max(w, h))
        return frame
    }

    /// A random skin tone (light to dark).
    static func skinTone(using random: inout SeededGenerator) -> Colour {
        colour(random.uniform(12, 32), random.uniform(0.3, 0.6), random.uniform(0.25, 0.75))
    }

    /// Draws a finger as a shaded capsule from `base` to `tip` of `radius` pixels, with a nail near
    /// the tip when `nail`, and a soft shadow on what lies below it.
    static func drawFinger(
        _ frame: inout PlanarFrame, base: Point2D, tip: Point2D, radius: Double, skin: Colour, nail: Bool
    ) {
        let w = frame.width, h = frame.height
        let axis = tip - base
        let length = max(axis.length, 1e-6)
        let dir = Point2D(x: axis.x / length, y: axis.y / length)
        let reach = radius * 1.6
        let x0 = max(0, Int(min(base.x, tip.x) - reach)), x1 = min(w, Int(max(base.x, tip.x) + reach) + 1)
        let y0 = max(0, Int(min(base.y, tip.y) - reach)), y1 = min(h, Int(max(base.y, tip.y) + reach) + 1)
        guard x0 < x1, y0 < y1 else { return }
        let shadowOffset = Point2D(x: radius * 0.25, y: radius * 0.35)
        func distance(_ p: Point2D) -> (Double, Double) {
            let d = p - base
            let t = min(max(d.x * dir.x + d.y * dir.y, 0), length)
            let q = base + dir * t
            return (p.distance(to: q), t)
        }
        frame.withPlanes { r, g, b in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let p = Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let i = y * w + x
                    // Shadow first (under the finger).
                    let (ds, _) = distance(p - shadowOffset)
                    if ds < radius * 1.3 {
                        let k = Float(1 - 0.35 * max(0, min(1, (radius * 1.3 - ds) / (radius * 0.6))))
                        r[i] *= k
                        g[i] *= k
                        b[i] *= k
                    }
                    let (d, t) = distance(p)
                    let coverage = Float(max(0, min(1, radius - d + 0.5)))
                    if coverage <= 0 { continue }
                    let across = d / radius
                    var shade = 1.05 - 0.45 * across * across
                    var c = skin
                    if nail, t > length - radius * 1.6, across < 0.65 {
                        c = (min(255, skin.0 * 1.15 + 25), min(255, skin.1 * 1.1 + 25), min(255, skin.2 * 1.1 + 30))
                        shade += 0.05
                    }
                    r[i] += (Float(c.0 * shade) - r[i]) * coverage
                    g[i] += (Float(c.1 * shade) - g[i]) * coverage
                    b[i] += (Float(c.2 * shade) - b[i]) * coverage
                }
            }
        }
    }

    // MARK: Helpers

    static func rgba(_ c: Colour) -> RGBA {
        RGBA(r: UInt8(max(0, min(255, c.0))), g: UInt8(max(0, min(255, c.1))), b: UInt8(max(0, min(255, c.2))))
    }

    static func rotatedRect(_ centre: Point2D, _ size: (Double, Double), _ angle: Double) -> [CairoCanvas.PathElement] {
        let (c, s) = (cos(angle), sin(angle))
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map { (u, v) in
            let x = u * size.0 / 2, y = v * size.1 / 2
            return Point2D(x: centre.x + x * c - y * s, y: centre.y + x * s + y * c)
        }
        return [.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close]
    }

    static func randomWord(_ random: inout SeededGenerator) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzeeaaiioo")
        let word = String((0..<random.integer(in: 2...9)).map { _ in random.pick(letters) })
        return random.chance(0.15) ? word.capitalized : word
    }
}
