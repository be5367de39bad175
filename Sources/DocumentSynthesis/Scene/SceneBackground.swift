import CaptureCore
import Foundation

/// The surfaces a document lies on in a synthetic scene: plain and low-contrast colours (close to
/// the document's own), gradients, and busy textures (wood grain, fabric, tiles, desk clutter with
/// lines, shapes, paper sheets and text).
package enum SceneBackground {
    /// A background style.
    package enum Style: String, Sendable, Codable, CaseIterable {
        /// One colour with a faint large-scale variation, clearly darker or more saturated than paper.
        case plain
        /// A colour within a few percent of the document's paper colour.
        case lowContrast
        /// A linear gradient between two colours.
        case gradient
        /// Wooden planks: warped stripes and seams.
        case woodGrain
        /// Woven fabric with mottling.
        case fabric
        /// A desk: paper sheets, lines, round objects and text in several sizes and angles.
        case clutter
        /// Floor or wall tiles with grout lines.
        case tiles
    }

    /// Paints `style` into a new `width` x `height` frame. `paper` is the document's mean colour
    /// (0-255), used to keep low-contrast backgrounds close to it and other backgrounds away from it
    /// when `allowLight` is false.
    static func render(
        _ style: Style, width: Int, height: Int, paper: (Double, Double, Double), allowLight: Bool,
        using random: inout SeededGenerator
    ) -> PlanarFrame {
        switch style {
        case .plain:
            return gradient(
                width: width, height: height, from: contrasting(paper, allowLight, &random),
                to: nil, using: &random)
        case .lowContrast:
            let a = nearby(paper, &random)
            return gradient(
                width: width, height: height, from: a, to: random.chance(0.4) ? nearby(paper, &random) : nil,
                using: &random)
        case .gradient:
            return gradient(
                width: width, height: height, from: contrasting(paper, allowLight, &random),
                to: contrasting(paper, allowLight, &random), using: &random)
        case .woodGrain:
            return wood(width: width, height: height, allowLight: allowLight, using: &random)
        case .fabric:
            let base =
                random.chance(0.3) && allowLight ? nearby(paper, &random) : contrasting(paper, allowLight, &random)
            return fabric(width: width, height: height, base: base, using: &random)
        case .clutter:
            return clutter(width: width, height: height, paper: paper, allowLight: allowLight, using: &random)
        case .tiles:
            return tiles(width: width, height: height, paper: paper, allowLight: allowLight, using: &random)
        }
    }

    // MARK: Colours

    private typealias Colour = (Double, Double, Double)

    /// A colour well away from the paper: dark, or (when allowed) mid-tone and saturated.
    private static func contrasting(_ paper: Colour, _ allowLight: Bool, _ random: inout SeededGenerator) -> Colour {
        let lightness = allowLight && random.chance(0.35) ? random.uniform(0.35, 0.6) : random.uniform(0.06, 0.38)
        let c = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0.05, 0.6), lightness)
        return (Double(c.r), Double(c.g), Double(c.b))
    }

    /// A colour within 3-10 % of the paper's brightness, with a slight tint.
    private static func nearby(_ paper: Colour, _ random: inout SeededGenerator) -> Colour {
        let f = 1 + random.sign() * random.uniform(0.03, 0.1)
        return (
            min(255, paper.0 * f + random.uniform(-6, 6)), min(255, paper.1 * f + random.uniform(-6, 6)),
            min(255, paper.2 * f + random.uniform(-6, 6))
        )
    }

    // MARK: Per-pixel styles

    private static func gradient(
        width: Int, height: Int, from a: Colour, to b: Colour?, using random: inout SeededGenerator
    ) -> PlanarFrame {
        // Without a second colour, a faint (±3 %) variation of the first.
        let end =
            b
            ?? {
                let f = 1 + random.sign() * random.uniform(0.01, 0.03)
                return (a.0 * f, a.1 * f, a.2 * f)
            }()
        let angle = random.uniform(0, 2 * Double.pi)
        let dx = cos(angle)
        let dy = sin(angle)
        let span = abs(dx) * Double(width) + abs(dy) * Double(height)
        let offset = min(0, dx * Double(width)) + min(0, dy * Double(height))
        var frame = PlanarFrame(unclearedWidth: width, height: height)
        let start = [Float(a.0), Float(a.1), Float(a.2)]
        let delta = [Float(end.0 - a.0), Float(end.1 - a.1), Float(end.2 - a.2)]
        for c in 0..<3 {
            let s = start[c]
            let d = delta[c]
            frame.withPlane(c) { p in
                for y in 0..<height {
                    let rowT = (dy * Double(y) - offset) / span
                    let stepT = Float(dx / span)
                    var t = Float(rowT)
                    let base = y * width
                    for x in 0..<width {
                        p[base + x] = s + d * t
                        t += stepT
                    }
                }
            }
        }
        return frame
    }

    private static func wood(
        width: Int, height: Int, allowLight: Bool, using random: inout SeededGenerator
    ) -> PlanarFrame {
        let lightness = allowLight && random.chance(0.4) ? random.uniform(0.45, 0.72) : random.uniform(0.14, 0.42)
        let base = DocumentPalette.hsl(random.uniform(15, 42), random.uniform(0.3, 0.65), lightness)
        let angle = random.uniform(0, Double.pi)
        let ca = Float(cos(angle))
        let sa = Float(sin(angle))
        let period = Float(random.uniform(7, 18))
        let plank = Float(random.uniform(110, 300))
        // Tables: the slow warp of the grain along the planks, the narrow dark growth lines across
        // them, and thin random streaks (one value per pixel across the grain).
        let reach = width + height
        var warp = [Float](repeating: 0, count: 2 * reach + 2)
        let (a1, l1, a2, l2) = (
            random.uniform(3, 10), random.uniform(150, 500), random.uniform(0.5, 2.5), random.uniform(30, 90)
        )
        let p1 = random.uniform(0, 6.3)
        let p2 = random.uniform(0, 6.3)
        for i in 0..<warp.count {
            let s = Double(i - reach)
            warp[i] = Float(a1 * sin(s / l1 + p1) + a2 * sin(s / l2 + p2))
        }
        let sharpness = random.uniform(4, 10)
        let profile = (0..<1024).map { i -> Float in
            let u = Double(i) / 1024
            return Float(pow(0.5 + 0.5 * sin(2 * Double.pi * u), sharpness))
        }
        var streaks = [Float](repeating: 1, count: 2 * reach + 2)
        var level: Float = 1
        for i in 0..<streaks.count {
            level = 0.7 * level + 0.3 * Float(random.uniform(0.9, 1.1))
            streaks[i] = level
        }
        let plankShade = (0..<64).map { _ in Float(random.uniform(0.88, 1.1)) }
        let lineDepth = Float(random.uniform(0.12, 0.3))
        var frame = PlanarFrame(unclearedWidth: width, height: height)
        let colour = [Float(base.r), Float(base.g), Float(base.b)]
        var shade = PlanarFrame.uncleared(width * height)
        shade.withUnsafeMutableBufferPointer { out in
            warp.withUnsafeBufferPointer { wt in
                profile.withUnsafeBufferPointer { pt in
                    streaks.withUnsafeBufferPointer { st in
                        for y in 0..<height {
                            for x in 0..<width {
                                let fx = Float(x)
                                let fy = Float(y)
                                let across = fx * sa + fy * ca
                                let along = fx * ca - fy * sa
                                let plankIndex = Int((across / plank + 1000).rounded(.down))
                                let inPlank = across - (Float(plankIndex) - 1000) * plank
                                let w = wt[max(0, min(wt.count - 1, Int(along) + reach + plankIndex * 37 % 200))]
                                var u = (across + w) / period
                                u -= u.rounded(.down)
                                var v =
                                    (1 - lineDepth * pt[Int((u * 1023 + 12_582_912).bitPattern & 0x3FF)])
                                    * plankShade[plankIndex & 63]
                                    * st[max(0, min(st.count - 1, Int(across + w) + reach))]
                                if inPlank < 2.5 { v *= 0.55 }
                                out[y * width + x] = v
                            }
                        }
                    }
                }
            }
        }
        for c in 0..<3 {
            let k = colour[c]
            frame.withPlane(c) { p in
                shade.withUnsafeBufferPointer { s in
                    for i in 0..<(width * height) { p[i] = k * s[i] }
                }
            }
        }
        return frame
    }

    private static func fabric(
        width: Int, height: Int, base: Colour, using random: inout SeededGenerator
    ) -> PlanarFrame {
        let pitch = random.integer(in: 3...7)
        let depth = Float(random.uniform(0.08, 0.2))
        // Coarse mottling grid, bilinearly upsampled.
        let gw = 17
        let gh = 11
        let grid = (0..<(gw * gh)).map { _ in Float(random.uniform(0.9, 1.1)) }
        var shade = PlanarFrame.uncleared(width * height)
        let sx = Float(gw - 1) / Float(width)
        let sy = Float(gh - 1) / Float(height)
        shade.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let gy = Float(y) * sy
                let y0 = min(gh - 2, Int(gy))
                let fy = gy - Float(y0)
                let ty = (y / pitch) & 1
                let py = Float(y % pitch) / Float(pitch)
                for x in 0..<width {
                    let gx = Float(x) * sx
                    let x0 = min(gw - 2, Int(gx))
                    let fx = gx - Float(x0)
                    let m =
                        (grid[y0 * gw + x0] * (1 - fx) + grid[y0 * gw + x0 + 1] * fx) * (1 - fy)
                        + (grid[(y0 + 1) * gw + x0] * (1 - fx) + grid[(y0 + 1) * gw + x0 + 1] * fx) * fy
                    let over = ((x / pitch) & 1) ^ ty
                    let t = over == 0 ? Float(x % pitch) / Float(pitch) : py
                    let thread = 1 - depth * abs(2 * t - 1)
                    out[y * width + x] = m * thread
                }
            }
        }
        var frame = PlanarFrame(unclearedWidth: width, height: height)
        let colour = [Float(base.0), Float(base.1), Float(base.2)]
        for c in 0..<3 {
            let k = colour[c]
            frame.withPlane(c) { p in
                shade.withUnsafeBufferPointer { s in
                    for i in 0..<(width * height) { p[i] = k * s[i] }
                }
            }
        }
        return frame
    }

    // MARK: Cairo styles

    private static func rgba(_ c: Colour) -> RGBA {
        RGBA(r: UInt8(max(0, min(255, c.0))), g: UInt8(max(0, min(255, c.1))), b: UInt8(max(0, min(255, c.2))))
    }

    private static func clutter(
        width: Int, height: Int, paper: Colour, allowLight: Bool, using random: inout SeededGenerator
    ) -> PlanarFrame {
        let base = allowLight && random.chance(0.3) ? nearby(paper, &random) : contrasting(paper, allowLight, &random)
        let canvas = CairoCanvas(width: width, height: height, background: rgba(base))
        let w = Double(width)
        let h = Double(height)
        let unit = min(w, h)
        // Paper sheets and cards (light, some with text lines), partly outside the frame.
        for _ in 0..<random.integer(in: 2...6) {
            let sw = unit * random.uniform(0.25, 0.7)
            let sh = sw * random.uniform(0.6, 1.4)
            let cx = random.uniform(-0.1, 1.1) * w
            let cy = random.uniform(-0.1, 1.1) * h
            let angle = random.uniform(0, 2 * Double.pi)
            let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map { (sx, sy) in
                Point2D(
                    x: cx + cos(angle) * sx * sw / 2 - sin(angle) * sy * sh / 2,
                    y: cy + sin(angle) * sx * sw / 2 + cos(angle) * sy * sh / 2)
            }
            let sheet = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0, 0.3), random.uniform(0.75, 0.97))
            canvas.fill(
                [.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close], colour: sheet)
            if random.chance(0.6) {
                let lines = random.integer(in: 4...14)
                for i in 0..<lines {
                    let t = (Double(i) + 1) / Double(lines + 1)
                    let a = corners[0].interpolated(to: corners[3], t)
                    let b = corners[1].interpolated(to: corners[2], t)
                    let start = a.interpolated(to: b, 0.08)
                    let end = a.interpolated(to: b, random.uniform(0.4, 0.92))
                    canvas.strokePath([start, end], lineWidth: unit * 0.006, colour: RGBA(r: 60, g: 60, b: 70, a: 180))
                }
            }
        }
        // Round objects (cups, coins) with soft rims.
        for _ in 0..<random.integer(in: 0...3) {
            let r = unit * random.uniform(0.04, 0.2)
            let c = Point2D(x: random.uniform(0, w), y: random.uniform(0, h))
            let tone = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0, 0.5), random.uniform(0.2, 0.8))
            canvas.fillRadialGradient(
                centre: c, radius: r, inner: tone, outer: RGBA(r: tone.r / 2, g: tone.g / 2, b: tone.b / 2))
        }
        // Lines: cables, pens, edges.
        for _ in 0..<random.integer(in: 4...18) {
            let a = Point2D(x: random.uniform(-0.1, 1.1) * w, y: random.uniform(-0.1, 1.1) * h)
            let b = Point2D(x: random.uniform(-0.1, 1.1) * w, y: random.uniform(-0.1, 1.1) * h)
            let mid = Point2D(x: random.uniform(0, w), y: random.uniform(0, h))
            let tone = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0, 0.7), random.uniform(0.05, 0.9))
            canvas.stroke([.move(a), .curve(mid, mid, b)], lineWidth: random.uniform(1, unit * 0.012), colour: tone)
        }
        // Text in several sizes and angles (printed matter, labels).
        let words = [
            "INVOICE", "TOTAL", "Receipt", "Meeting 10:30", "Ticket", "No. 4471", "Lorem ipsum dolor",
            "SALE", "Tel. 555 0199", "Boarding", "GATE 12", "Notes", "Thank you", "EUR 24.90", "Seat 14C",
        ]
        for _ in 0..<random.integer(in: 3...14) {
            let tone = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0, 0.6), random.uniform(0.05, 0.85))
            canvas.drawText(
                random.pick(words), x: random.uniform(-0.05, 0.95) * w, y: random.uniform(0.02, 1.05) * h,
                angle: random.uniform(-Double.pi, Double.pi), family: "DejaVu Sans",
                size: unit * random.uniform(0.02, 0.08), colour: tone, bold: random.chance(0.4))
        }
        return PlanarFrame(canvas.image())
    }

    private static func tiles(
        width: Int, height: Int, paper: Colour, allowLight: Bool, using random: inout SeededGenerator
    ) -> PlanarFrame {
        let base = allowLight && random.chance(0.4) ? nearby(paper, &random) : contrasting(paper, allowLight, &random)
        let grout =
            random.chance(0.5)
            ? (base.0 * 0.6, base.1 * 0.6, base.2 * 0.6)
            : (min(255, base.0 * 1.3 + 30), min(255, base.1 * 1.3 + 30), min(255, base.2 * 1.3 + 30))
        let canvas = CairoCanvas(width: width, height: height, background: rgba(grout))
        let size = Double(min(width, height)) * random.uniform(0.12, 0.35)
        let gap = max(1.5, size * random.uniform(0.02, 0.05))
        let angle = random.uniform(-0.5, 0.5)
        let diag = Double(width + height)
        let origin = Point2D(x: random.uniform(0, size), y: random.uniform(0, size))
        var i = -Int(diag / size) - 1
        while Double(i) * size < diag {
            var j = -Int(diag / size) - 1
            while Double(j) * size < diag {
                let f = random.uniform(0.92, 1.08)
                let colour = rgba((base.0 * f, base.1 * f, base.2 * f))
                let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { (u, v) -> Point2D in
                    let x = Double(i) * size + gap / 2 + u * (size - gap)
                    let y = Double(j) * size + gap / 2 + v * (size - gap)
                    return Point2D(
                        x: origin.x + x * cos(angle) - y * sin(angle), y: origin.y + x * sin(angle) + y * cos(angle))
                }
                let inside = corners.contains {
                    $0.x > -size && $0.x < Double(width) + size && $0.y > -size && $0.y < Double(height) + size
                }
                if inside {
                    canvas.fill(
                        [.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close],
                        colour: colour)
                }
                j += 1
            }
            i += 1
        }
        return PlanarFrame(canvas.image())
    }
}
