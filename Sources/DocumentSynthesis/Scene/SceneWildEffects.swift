import CaptureCore
import DocumentEngine
import Foundation

/// The drawing steps of the ``SceneWild`` conditions: on the rendered document (worn print, the
/// booklet's pages), on the frame (fingers, colour cast, moiré) and the optics' geometric mapping
/// (lens, rolling shutter, chromatic aberration) with its forward map for the truth.
enum SceneWildEffects {
    // MARK: Document texture

    /// The paper's colour: the mean of the opaque pixels brighter than the mean.
    static func paperColour(_ image: RGBAImage) -> (Float, Float, Float) {
        var all = (0.0, 0.0, 0.0, 0.0)
        var bright = (0.0, 0.0, 0.0, 0.0)
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            let n = image.width * image.height
            while i < n {
                if p[4 * i + 3] == 255 {
                    all.0 += Double(p[4 * i])
                    all.1 += Double(p[4 * i + 1])
                    all.2 += Double(p[4 * i + 2])
                    all.3 += 1
                }
                i += 5
            }
            let meanLuma = all.3 > 0 ? (all.0 + all.1 + all.2) / (3 * all.3) : 200
            i = 0
            while i < n {
                let r = Double(p[4 * i]), g = Double(p[4 * i + 1]), b = Double(p[4 * i + 2])
                if p[4 * i + 3] == 255, (r + g + b) / 3 >= meanLuma {
                    bright.0 += r
                    bright.1 += g
                    bright.2 += b
                    bright.3 += 1
                }
                i += 5
            }
        }
        guard bright.3 > 0 else { return (225, 222, 215) }
        return (Float(bright.0 / bright.3), Float(bright.1 / bright.3), Float(bright.2 / bright.3))
    }

    /// Faint ink, worn patches and a laminate texture (``SceneWild/wornPrint``).
    static func wear(_ image: inout RGBAImage, using random: inout SeededGenerator) {
        let paper = paperColour(image)
        let w = image.width, h = image.height
        let keep = Float(random.uniform(SceneWild.faintInk.lowerBound, SceneWild.faintInk.upperBound))
        // Worn patches: soft ellipses where the ink keeps down to 30 %.
        let patches = (0..<random.integer(in: 4...12)).map { _ in
            (
                x: random.uniform(0, Double(w)), y: random.uniform(0, Double(h)),
                r: random.uniform(0.02, 0.08) * Double(w), depth: Float(random.uniform(0.3, 0.7))
            )
        }
        let amplitude = Float(random.uniform(2, 6))
        let period1 = random.uniform(5, 14), period2 = random.uniform(9, 25)
        let angle1 = random.uniform(0, Double.pi), angle2 = random.uniform(0, Double.pi)
        let (c1, s1, c2, s2) = (cos(angle1), sin(angle1), cos(angle2), sin(angle2))
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let i = 4 * (y * w + x)
                    if p[i + 3] == 0 { continue }
                    var k = keep
                    for patch in patches {
                        let dx = Double(x) - patch.x, dy = Double(y) - patch.y
                        let q = (dx * dx + dy * dy) / (patch.r * patch.r)
                        if q < 4 { k *= 1 - (1 - patch.depth) * Float(exp(-q)) }
                    }
                    let fx = Double(x), fy = Double(y)
                    let texture =
                        amplitude
                        * Float(
                            0.6 * sin(2 * Double.pi * (fx * c1 + fy * s1) / period1) + 0.4
                                * sin(2 * Double.pi * (fx * c2 + fy * s2) / period2))
                    for (c, base) in [(0, paper.0), (1, paper.1), (2, paper.2)] {
                        let v = Float(p[i + c])
                        let faded = v < base ? base + (v - base) * k : v
                        p[i + c] = UInt8(max(0, min(255, (faded + texture).rounded())))
                    }
                }
            }
        }
    }

    /// Darkens the rows of `image` nearest its top (`top` true) or bottom edge, as a booklet's
    /// spine shades the pages on either side of it.
    static func shadeSpine(_ image: inout RGBAImage, top: Bool, depth: Double, strength: Double) {
        let w = image.width, h = image.height
        let rows = max(1, Int(depth * Double(h)))
        image.pixels.withUnsafeMutableBufferPointer { p in
            for r in 0..<min(rows, h) {
                let t = 1 - Double(r) / Double(rows)
                let factor = Float(1 - strength * t * t)
                let y = top ? r : h - 1 - r
                for x in 0..<w {
                    let i = 4 * (y * w + x)
                    for c in 0..<3 { p[i + c] = UInt8(Float(p[i + c]) * factor) }
                }
            }
        }
    }

    /// The facing page of an open booklet, as large as the data page: paper a little off the data
    /// page's, lines of print, a round stamp, the spine's shading along its bottom edge.
    static func facingPage(
        width w: Int, height h: Int, paper: (Float, Float, Float), using random: inout SeededGenerator
    ) -> RGBAImage {
        let tint = (Float(random.uniform(-10, 6)), Float(random.uniform(-10, 6)), Float(random.uniform(-14, 4)))
        let base = RGBA(
            r: UInt8(max(0, min(255, paper.0 + tint.0))), g: UInt8(max(0, min(255, paper.1 + tint.1))),
            b: UInt8(max(0, min(255, paper.2 + tint.2))), a: 255)
        var page = RGBAImage(width: w, height: h, fill: base)
        let ink = UInt8(random.uniform(40, 120))
        let lineHeight = max(2, Int(Double(h) * random.uniform(0.025, 0.045)))
        var y = Int(Double(h) * random.uniform(0.06, 0.2))
        let lines = random.integer(in: 3...9)
        page.pixels.withUnsafeMutableBufferPointer { p in
            func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) {
                for yy in max(0, y0)..<min(h, y1) {
                    for xx in max(0, x0)..<min(w, x1) {
                        let i = 4 * (yy * w + xx)
                        p[i] = v
                        p[i + 1] = v
                        p[i + 2] = UInt8(min(255, Int(v) + 20))
                    }
                }
            }
            for _ in 0..<lines where y < h * 3 / 4 {
                // Words: dark blocks with gaps, as text seen from afar.
                var x = Int(Double(w) * random.uniform(0.05, 0.15))
                let end = Int(Double(w) * random.uniform(0.5, 0.95))
                while x < end {
                    let word = Int(Double(lineHeight) * random.uniform(1.5, 6))
                    fill(x, y, min(end, x + word), y + lineHeight * 2 / 3, ink)
                    x += word + lineHeight / 2
                }
                y += lineHeight * 2
            }
            if random.chance(0.6) {
                // A round stamp ring.
                let cx = random.uniform(0.3, 0.8) * Double(w), cy = random.uniform(0.3, 0.7) * Double(h)
                let radius = random.uniform(0.12, 0.25) * Double(h)
                let thickness = max(1.5, radius * 0.08)
                let stampInk = UInt8(random.uniform(60, 140))
                for yy in max(0, Int(cy - radius - 2))..<min(h, Int(cy + radius + 2)) {
                    for xx in max(0, Int(cx - radius - 2))..<min(w, Int(cx + radius + 2)) {
                        let d = abs((pow(Double(xx) - cx, 2) + pow(Double(yy) - cy, 2)).squareRoot() - radius)
                        if d < thickness {
                            let i = 4 * (yy * w + xx)
                            p[i] = stampInk / 2
                            p[i + 1] = stampInk / 2
                            p[i + 2] = stampInk
                        }
                    }
                }
            }
        }
        shadeSpine(&page, top: false, depth: random.uniform(0.04, 0.1), strength: random.uniform(0.15, 0.4))
        return page
    }

    // MARK: Frame

    /// One or two fingers over an edge or a top corner of the document (``SceneWild/heldInHand``),
    /// kept off the MRZ band: capsules in a skin tone, shaded as cylinders, with a soft rim.
    static func fingers(
        _ frame: inout PlanarFrame, documentToFrame toFrame: Homography, documentWidth dw: Double,
        documentHeight dh: Double, mrzTop: Double?, using random: inout SeededGenerator
    ) {
        let skins: [(Float, Float, Float)] = [
            (232, 190, 160), (214, 160, 125), (180, 120, 88), (130, 84, 60), (88, 58, 42),
        ]
        let skin = random.pick(skins)
        let limit = (mrzTop ?? dh) * 0.85
        // The grip point on the document and the direction the finger comes from (document pixels).
        var grip: Point2D
        var outward: Point2D
        switch random.integer(in: 0...3) {
        case 0:  // left edge
            grip = Point2D(x: random.uniform(0.04, 0.12) * dw, y: random.uniform(0.1, 0.6) * limit)
            outward = Point2D(x: -1, y: random.uniform(-0.5, 0.5))
        case 1:  // right edge
            grip = Point2D(x: dw - random.uniform(0.04, 0.12) * dw, y: random.uniform(0.1, 0.6) * limit)
            outward = Point2D(x: 1, y: random.uniform(-0.5, 0.5))
        case 2:  // top edge
            grip = Point2D(x: random.uniform(0.15, 0.85) * dw, y: random.uniform(0.06, 0.2) * dh)
            outward = Point2D(x: random.uniform(-0.5, 0.5), y: -1)
        default:  // a top corner
            let left = random.chance(0.5)
            grip = Point2D(
                x: left ? random.uniform(0.04, 0.1) * dw : dw - random.uniform(0.04, 0.1) * dw,
                y: random.uniform(0.06, 0.16) * dh)
            outward = Point2D(x: left ? -1 : 1, y: -random.uniform(0.6, 1.4))
        }
        grip.y = min(grip.y, limit)
        let norm = (outward.x * outward.x + outward.y * outward.y).squareRoot()
        outward = Point2D(x: outward.x / norm, y: outward.y / norm)
        let tip = toFrame.apply(grip)
        let far = toFrame.apply(grip + outward * (3 * dw))
        let docHeightInFrame = toFrame.apply(Point2D(x: 0, y: 0)).distance(to: toFrame.apply(Point2D(x: 0, y: dh)))
        let radius = random.uniform(0.06, 0.1) * docHeightInFrame
        var segments = [(tip, far)]
        if random.chance(0.5) {
            // A second finger beside the first, a little shorter.
            let along = Point2D(x: far.x - tip.x, y: far.y - tip.y)
            let length = (along.x * along.x + along.y * along.y).squareRoot()
            let side = Point2D(x: -along.y / length, y: along.x / length) * (2.05 * radius * random.sign())
            let back = Point2D(x: along.x / length, y: along.y / length) * (random.uniform(0.3, 1.2) * radius)
            segments.append((tip + side + back, far + side))
        }
        for (a, b) in segments { capsule(&frame, from: a, to: b, radius: radius, skin: skin) }
    }

    private static func capsule(
        _ frame: inout PlanarFrame, from a: Point2D, to b: Point2D, radius: Double, skin: (Float, Float, Float)
    ) {
        let w = frame.width, h = frame.height
        let x0 = max(0, Int(min(a.x, b.x) - radius - 2)), x1 = min(w, Int(max(a.x, b.x) + radius + 2))
        let y0 = max(0, Int(min(a.y, b.y) - radius - 2)), y1 = min(h, Int(max(a.y, b.y) + radius + 2))
        guard x0 < x1, y0 < y1 else { return }
        let abx = b.x - a.x, aby = b.y - a.y
        let ab2 = max(1e-9, abx * abx + aby * aby)
        frame.withPlanes { r, g, bl in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let px = Double(x) + 0.5 - a.x, py = Double(y) + 0.5 - a.y
                    let t = max(0, min(1, (px * abx + py * aby) / ab2))
                    let dx = px - t * abx, dy = py - t * aby
                    let d = (dx * dx + dy * dy).squareRoot()
                    let coverage = Float(max(0, min(1, radius - d + 0.5)))
                    if coverage <= 0 { continue }
                    // Cylinder shading: brighter along the middle, darker at the rim.
                    let across = min(1, d / radius)
                    let shade = Float(0.72 + 0.3 * (1 - across * across).squareRoot())
                    let i = y * w + x
                    r[i] += (skin.0 * shade - r[i]) * coverage
                    g[i] += (skin.1 * shade - g[i]) * coverage
                    bl[i] += (skin.2 * shade - bl[i]) * coverage
                }
            }
        }
    }

    /// White balance off (``SceneWild/colourCast``): warm, cool or green gains per channel.
    static func colourCast(_ frame: inout PlanarFrame, using random: inout SeededGenerator) {
        let gains: (Float, Float, Float)
        switch random.integer(in: 0...2) {
        case 0: gains = (Float(random.uniform(1.08, 1.25)), 1, Float(random.uniform(0.7, 0.88)))
        case 1:
            gains = (Float(random.uniform(0.75, 0.9)), Float(random.uniform(0.95, 1)), Float(random.uniform(1.1, 1.25)))
        default: gains = (1, Float(random.uniform(1.08, 1.18)), Float(random.uniform(0.92, 1)))
        }
        let n = frame.width * frame.height
        frame.withPlanes { r, g, b in
            for i in 0..<n {
                r[i] *= gains.0
                g[i] *= gains.1
                b[i] *= gains.2
            }
        }
    }

    /// A photo of a screen (``SceneWild/screenMoire``): moiré bands shifted per colour over the
    /// screen's subpixel grid.
    static func moire(_ frame: inout PlanarFrame, using random: inout SeededGenerator) {
        let period = random.uniform(14, 60)
        let angle = random.uniform(0, Double.pi)
        let amplitude = random.uniform(0.06, 0.14)
        let gridPeriod = random.uniform(2.4, 3.6)
        let gridAngle = random.uniform(-0.3, 0.3)
        let gridAmplitude = random.uniform(0.03, 0.07)
        let (c, s, gc, gs) = (cos(angle), sin(angle), cos(gridAngle), sin(gridAngle))
        let w = frame.width, h = frame.height
        frame.withPlanes { r, g, b in
            for y in 0..<h {
                for x in 0..<w {
                    let fx = Double(x), fy = Double(y)
                    let phase = 2 * Double.pi * (fx * c + fy * s) / period
                    let grid = 1 - gridAmplitude * (0.5 + 0.5 * sin(2 * Double.pi * (fx * gc + fy * gs) / gridPeriod))
                    let i = y * w + x
                    r[i] *= Float((1 + amplitude * sin(phase)) * grid)
                    g[i] *= Float((1 + amplitude * sin(phase + 2.1)) * grid)
                    b[i] *= Float((1 + amplitude * sin(phase + 4.2)) * grid)
                }
            }
        }
    }

    // MARK: Optics

    /// Lens (barrel) distortion, rolling-shutter skew and chromatic aberration
    /// (``SceneWild/lensAndShutter``) of a `width` x `height` frame.
    struct Optics {
        let width: Double
        let height: Double
        /// Radial coefficient (r normalised to 1 at the frame corner): a frame pixel at r shows the
        /// undistorted scene at r (1 + k r²).
        let k: Double
        /// Horizontal shift per row, as a share of the row's distance from the middle row.
        let skew: Double
        /// Relative scale of the red (+) and blue (-) channels against green.
        let chromatic: Double

        static func draw(width: Int, height: Int, using random: inout SeededGenerator) -> Optics {
            Optics(
                width: Double(width), height: Double(height),
                k: random.uniform(SceneWild.barrelAtCorner.lowerBound, SceneWild.barrelAtCorner.upperBound),
                skew: random.uniform(SceneWild.shutterSkew.lowerBound, SceneWild.shutterSkew.upperBound)
                    * random.sign(),
                chromatic: random.uniform(
                    SceneWild.chromaticScale.lowerBound, SceneWild.chromaticScale.upperBound))
        }

        /// Where the undistorted scene point shown at frame pixel `p` lies, for a channel scaled by
        /// `scale`.
        func source(of p: Point2D, scale: Double = 0) -> Point2D {
            let cx = width / 2, cy = height / 2
            let x = p.x - skew * (p.y - cy)
            let dx = x - cx, dy = p.y - cy
            let r2 = (dx * dx + dy * dy) / (cx * cx + cy * cy)
            let f = (1 + k * r2) * (1 + scale)
            return Point2D(x: cx + dx * f, y: cy + dy * f)
        }

        /// Where an undistorted scene point `q` appears in the frame (the green channel's mapping,
        /// inverted by fixed-point steps).
        func image(of q: Point2D) -> Point2D {
            let cx = width / 2, cy = height / 2
            var dx = q.x - cx, dy = q.y - cy
            for _ in 0..<20 {
                let r2 = (dx * dx + dy * dy) / (cx * cx + cy * cy)
                let f = 1 + k * r2
                dx = (q.x - cx) / f
                dy = (q.y - cy) / f
            }
            let y = cy + dy
            return Point2D(x: cx + dx + skew * (y - cy), y: y)
        }

        /// The frame seen through these optics (bilinear sampling, borders clamped).
        func apply(to frame: PlanarFrame) -> PlanarFrame {
            var out = PlanarFrame(unclearedWidth: frame.width, height: frame.height)
            let w = frame.width, h = frame.height
            for (channel, scale) in [(0, chromatic), (1, 0.0), (2, -chromatic)] {
                let src = frame.plane(channel)
                src.withUnsafeBufferPointer { s in
                    out.withPlane(channel) { d in
                        for y in 0..<h {
                            for x in 0..<w {
                                let q = source(of: Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5), scale: scale)
                                let u = min(max(q.x - 0.5, 0), Double(w - 1))
                                let v = min(max(q.y - 0.5, 0), Double(h - 1))
                                let u0 = min(Int(u), max(0, w - 2)), v0 = min(Int(v), max(0, h - 2))
                                let fu = Float(u - Double(u0)), fv = Float(v - Double(v0))
                                let i = v0 * w + u0
                                let right = w > 1 ? 1 : 0, down = h > 1 ? w : 0
                                let top = s[i] + (s[i + right] - s[i]) * fu
                                let bottom = s[i + down] + (s[i + down + right] - s[i + down]) * fu
                                d[y * w + x] = top + (bottom - top) * fv
                            }
                        }
                    }
                }
            }
            return out
        }
    }
}
