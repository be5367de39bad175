package import CaptureCore
package import DocumentEngine
import Foundation

/// The held-out family's licence back, designed apart from ``LicenceBackRenderer`` (the tuning
/// family's): a colour-gradient card under a guilloche of hypotrochoid rosettes and a field of
/// fine parallel lines (0.3–0.7 mm apart, near the module size), small print above and below, and
/// the PDF417 symbol printed with **printer gain** (every bar fattened or thinned by a share of a
/// module), a **quiet zone of 1–2.5 modules** beyond which the background pattern resumes, a module
/// of 0.19–0.33 mm, rows 2–4 modules high, and **faded print** (lighter ink, paper-coloured fade
/// patches over the symbol, some of the background showing through the symbol's field).
package struct HeldOutLicenceBackRenderer: Sendable {
    /// How strongly the print departs from a perfect one.
    package struct PrintQuality: Sendable, Equatable {
        /// Bar widening, modules (negative: thinner bars), range drawn from.
        package var gain: ClosedRange<Double>
        /// Ink gray level (0 black), range drawn from.
        package var inkLevel: ClosedRange<Double>
        /// Chance of paper-coloured fade patches over the symbol.
        package var fadeChance: Double
        /// Chance that the background shows through the symbol's white field.
        package var showThroughChance: Double
    }

    /// What a rendering drew, in card pixels (origin at the card's upper-left corner).
    package struct Card: Sendable {
        /// The card, straight-alpha RGBA (transparent outside the rounded corners).
        package var image: RGBAImage
        /// Pixels per millimetre of ``image``.
        package var pixelsPerMillimetre: Double
        /// The symbol's outline without its quiet zone.
        package var barcode: Quadrilateral2D
        /// Module width, millimetres; symbol width in modules.
        package var moduleWidth: Double
        package var modules: Int
        /// The printer gain drawn (modules) and the quiet zone (modules).
        package var gain: Double
        package var quietZone: Double
    }

    /// Pixels per module of the rendering (the scene samples it down to the frame).
    package var renderPixelsPerModule = 5.0
    package var quality: PrintQuality

    package init(quality: PrintQuality) {
        self.quality = quality
    }

    package static let cardWidth = 85.6
    package static let cardHeight = 53.98

    /// Renders a back whose symbol holds `payload`.
    package func render(payload: [UInt8], using random: inout SeededGenerator) throws(BarcodeError) -> Card {
        let level = random.integer(in: 2...5)
        let matrix = try PDF417Encoder(margin: 0, errorCorrectionLevel: level).encode(bytes: payload)
        let modules = matrix.width
        let rows = matrix.height / 4
        var module = random.uniform(0.19, 0.33)
        module = min(module, 80 / Double(modules))
        var rowModules = Double(random.integer(in: 2...4))
        if Double(rows) * rowModules * module > 30 { rowModules = max(2, 30 / (Double(rows) * module)) }
        if Double(rows) * rowModules * module > 30 { module = 30 / (Double(rows) * rowModules) }
        let s = renderPixelsPerModule / module
        let w = Self.cardWidth * s, h = Self.cardHeight * s
        let canvas = CairoCanvas(
            width: Int(w.rounded()), height: Int(h.rounded()), background: RGBA(r: 0, g: 0, b: 0, a: 0))
        canvas.clip(x: 0, y: 0, width: w, height: h, radius: 3.18 * s)

        // Colour gradient, guilloche rosettes, fine lines.
        let hue = random.uniform(0, 360)
        let a = DocumentPalette.hsl(hue, random.uniform(0.2, 0.7), random.uniform(0.72, 0.9))
        let b = DocumentPalette.hsl(hue + random.uniform(60, 200), random.uniform(0.2, 0.7), random.uniform(0.7, 0.9))
        if random.chance(0.5) {
            canvas.fillRectGradient(
                x: 0, y: 0, width: w, height: h, start: Point2D(x: 0, y: random.uniform(0, h)),
                end: Point2D(x: w, y: random.uniform(0, h)), stops: [(0, a), (random.uniform(0.3, 0.7), b), (1, a)])
        } else {
            canvas.fillRect(x: 0, y: 0, width: w, height: h, colour: b)
            canvas.fillRadialGradient(
                centre: Point2D(x: random.uniform(0.2, 0.8) * w, y: random.uniform(0.2, 0.8) * h),
                radius: random.uniform(0.5, 1.0) * w, inner: a, outer: b)
        }
        drawGuilloche(on: canvas, scale: s, hue: hue, using: &random)
        if random.chance(0.7) { drawFineLines(on: canvas, scale: s, hue: hue, using: &random) }
        let inkLevel = random.uniform(quality.inkLevel.lowerBound, quality.inkLevel.upperBound)
        let ink = DocumentPalette.hsl(random.uniform(200, 250), random.uniform(0, 0.3), inkLevel / 255)
        drawSmallPrint(on: canvas, scale: s, ink: ink, using: &random)

        // The symbol's field and quiet zone.
        let symbolWidth = Double(modules) * module, symbolHeight = Double(rows) * rowModules * module
        let left = (Self.cardWidth - symbolWidth) / 2 + random.uniform(-1.5, 1.5)
        let top = random.uniform(12, max(12.5, Self.cardHeight - symbolHeight - 9))
        let quiet = random.uniform(1, 2.5)
        let field = RGBA(
            r: UInt8(random.integer(in: 236...255)), g: UInt8(random.integer(in: 236...255)),
            b: UInt8(random.integer(in: 230...255)),
            a: random.chance(quality.showThroughChance) ? UInt8(random.integer(in: 200...235)) : 255)
        canvas.fillRect(
            x: (left - quiet * module) * s, y: (top - quiet * module) * s,
            width: (symbolWidth + 2 * quiet * module) * s,
            height: (symbolHeight + 2 * quiet * module) * s, colour: field)

        // Bars with printer gain: each dark run widened by `gain` modules, about its centre.
        let gain = random.uniform(quality.gain.lowerBound, quality.gain.upperBound)
        let unitX = module * s, unitY = rowModules * module * s
        for row in 0..<rows {
            var x = 0
            let y = row * 4 + 1
            while x < modules {
                guard matrix[x, y] == 0 else {
                    x += 1
                    continue
                }
                let start = x
                while x < modules, matrix[x, y] == 0 { x += 1 }
                let runWidth = max(0.35, Double(x - start) + gain) * unitX
                let centre = (left * s) + (Double(start) + Double(x - start) / 2) * unitX
                canvas.fillRect(
                    x: centre - runWidth / 2, y: top * s + Double(row) * unitY, width: runWidth, height: unitY,
                    colour: ink)
            }
        }
        if random.chance(quality.fadeChance) {
            for _ in 0..<random.integer(in: 1...3) {
                let cx = (left + random.uniform(0, symbolWidth)) * s, cy = (top + random.uniform(0, symbolHeight)) * s
                let rw = random.uniform(0.1, 0.3) * symbolWidth * s, rh = random.uniform(0.3, 0.9) * symbolHeight * s
                var paper = field
                paper.a = UInt8(random.integer(in: 50...120))
                canvas.fillEllipse(x: cx - rw / 2, y: cy - rh / 2, width: rw, height: rh, colour: paper)
            }
        }
        canvas.resetClip()
        return Card(
            image: canvas.image(), pixelsPerMillimetre: s,
            barcode: Quadrilateral2D(x: left * s, y: top * s, width: symbolWidth * s, height: symbolHeight * s),
            moduleWidth: module, modules: modules, gain: gain, quietZone: quiet)
    }

    /// Hypotrochoid rosettes centred near the card, thin strokes in two hues.
    private func drawGuilloche(
        on canvas: CairoCanvas, scale s: Double, hue: Double, using random: inout SeededGenerator
    ) {
        for rosette in 0..<random.integer(in: 1...3) {
            let centre = Point2D(
                x: random.uniform(-0.1, 1.1) * Self.cardWidth * s, y: random.uniform(-0.1, 1.1) * Self.cardHeight * s)
            let big = random.uniform(20, 45), small = random.uniform(2, 9), pen = random.uniform(6, 20)
            let loops = random.integer(in: 3...8)
            var lines: [[Point2D]] = []
            for k in 0..<loops {
                let phase = Double(k) * 2 * Double.pi / Double(loops) / random.uniform(6, 12)
                var points: [Point2D] = []
                let steps = 900
                for i in 0...steps {
                    let t = Double(i) / Double(steps) * 2 * Double.pi * small
                    let x = (big - small) * cos(t + phase) + pen * cos((big - small) / small * t)
                    let y = (big - small) * sin(t + phase) - pen * sin((big - small) / small * t)
                    points.append(centre + Point2D(x: x * s, y: y * s))
                }
                lines.append(points)
            }
            let colour = DocumentPalette.hsl(
                hue + Double(rosette) * random.uniform(40, 140), random.uniform(0.3, 0.8), random.uniform(0.35, 0.6),
                alpha: random.uniform(0.25, 0.6))
            canvas.strokePaths(lines, lineWidth: random.uniform(0.05, 0.12) * s, colour: colour)
        }
    }

    /// A field of fine parallel lines at an angle, spaced near the module size.
    private func drawFineLines(
        on canvas: CairoCanvas, scale s: Double, hue: Double, using random: inout SeededGenerator
    ) {
        let angle = random.uniform(0, Double.pi)
        let spacing = random.uniform(0.3, 0.7)
        let direction = Point2D(x: cos(angle), y: sin(angle)), normal = Point2D(x: -sin(angle), y: cos(angle))
        let centre = Point2D(x: Self.cardWidth / 2, y: Self.cardHeight / 2)
        let reach = 55.0
        var lines: [[Point2D]] = []
        var offset = -reach
        while offset <= reach {
            let middle = centre + normal * offset
            lines.append([(middle - direction * reach) * s, (middle + direction * reach) * s])
            offset += spacing
        }
        let colour = DocumentPalette.hsl(
            hue + random.uniform(-30, 30), random.uniform(0.2, 0.6), random.uniform(0.4, 0.65),
            alpha: random.uniform(0.15, 0.4))
        canvas.strokePaths(lines, lineWidth: random.uniform(0.05, 0.1) * s, colour: colour)
    }

    private func drawSmallPrint(on canvas: CairoCanvas, scale s: Double, ink: RGBA, using random: inout SeededGenerator)
    {
        let phrases = [
            "ISSUED UNDER THE MOTOR VEHICLE ACT", "NOT VALID FOR FEDERAL IDENTIFICATION", "CLASS C  ENDORSE NONE",
            "MINISTRY OF TRANSPORTATION", "DONOR", "RETURN POSTAGE GUARANTEED", "RESTR B CORRECTIVE LENSES",
        ]
        for k in 0..<random.integer(in: 1...3) {
            canvas.drawText(
                random.pick(phrases), x: random.uniform(3, 10) * s, y: (3.5 + Double(k) * 2.4) * s,
                family: DocumentRenderer.textFontFamily, size: random.uniform(1.4, 2.0) * s, colour: ink,
                bold: random.chance(0.4))
        }
        canvas.drawText(
            String((0..<random.integer(in: 10...18)).map { _ in Character(String(random.integer(in: 0...9))) }),
            x: random.uniform(4, 30) * s, y: (Self.cardHeight - random.uniform(2, 4)) * s,
            family: DocumentRenderer.textFontFamily, size: random.uniform(1.6, 2.2) * s, colour: ink)
    }
}
