import CaptureCore
package import DocumentEngine
import Foundation

/// Renders the back of an ID-1 driver licence or ID card (85.6 x 53.98 mm) carrying a PDF417 symbol,
/// as AAMVA cards do, with the payload as ground truth.
///
/// Layout (millimetres): a tinted card with a fine wave pattern and rounded corners (3.18 mm); two
/// to four lines of small print at the top; the PDF417 symbol written by zxing-cpp
/// (``PDF417Encoder``, error-correction level 3 to 5) on a white quiet zone, about 70 mm wide with
/// rows 3 to 4 modules high (the symbol is narrowed when its rows would make it taller than 25 mm),
/// its top 13 to 17 mm from the card's top; below it a strip of one-dimensional bars or a line of
/// print. Bars are filled with Cairo's area-coverage antialiasing, so any scale is a faithful print.
/// Everything random comes from the generator passed in.
package struct LicenceBackRenderer: Sendable {
    /// Output scale (pixels per millimetre).
    package var pixelsPerMillimetre: Double
    /// Nominal symbol width, millimetres.
    package var nominalBarcodeWidth = 70.0
    /// Largest symbol height, millimetres.
    package var maximumBarcodeHeight = 25.0
    /// Rows this many modules high, when set (the symbol is narrowed when its rows would make it
    /// taller than ``maximumBarcodeHeight``); nil: four modules, three to four for tall symbols.
    package var rowModules: Double?

    /// The card size (ID-1).
    package static let cardWidth = 85.6
    package static let cardHeight = 53.98

    package init(pixelsPerMillimetre: Double = 10) {
        self.pixelsPerMillimetre = max(1, pixelsPerMillimetre)
    }

    /// Renders a card back whose symbol holds `payload`, its design drawn from `seed`.
    package func render(payload: [UInt8], seed: UInt64) throws(BarcodeError) -> RenderedLicenceBack {
        var random = SeededGenerator(seed: seed)
        return try render(payload: payload, using: &random)
    }

    /// Renders a card back whose symbol holds `payload`.
    package func render(
        payload: [UInt8], using random: inout SeededGenerator
    ) throws(BarcodeError) -> RenderedLicenceBack {
        let level = random.integer(in: 3...5)
        let matrix = try PDF417Encoder(margin: 0, errorCorrectionLevel: level).encode(bytes: payload)
        let s = pixelsPerMillimetre
        let w = Self.cardWidth * s, h = Self.cardHeight * s
        let canvas = CairoCanvas(
            width: Int(w.rounded()), height: Int(h.rounded()), background: RGBA(r: 0, g: 0, b: 0, a: 0))
        canvas.clip(x: 0, y: 0, width: w, height: h, radius: 3.18 * s)
        var paletteRandom = random.fork(1)
        let palette = DocumentPalette.random(using: &paletteRandom)
        canvas.fillRectGradient(
            x: 0, y: 0, width: w, height: h, start: Point2D(x: 0, y: 0), end: Point2D(x: w, y: h),
            stops: [(0, palette.paper), (1, palette.paperGradient)])
        drawWaves(on: canvas, colour: palette.pattern, using: &random)
        drawSmallPrint(on: canvas, ink: palette.ink, using: &random)

        // The symbol: the matrix draws each PDF417 row 4 pixels high.
        let rows = Double(matrix.height) / 4
        var moduleWidth = nominalBarcodeWidth / Double(matrix.width)
        var rowHeight = 4 * moduleWidth
        if let rowModules, rowModules > 0 {
            rowHeight = rowModules * moduleWidth
            if rows * rowHeight > maximumBarcodeHeight {
                rowHeight = maximumBarcodeHeight / rows
                moduleWidth = rowHeight / rowModules
            }
        } else if rows * rowHeight > maximumBarcodeHeight {
            rowHeight = max(3 * moduleWidth, maximumBarcodeHeight / rows)
            if rows * rowHeight > maximumBarcodeHeight {
                rowHeight = maximumBarcodeHeight / rows
                moduleWidth = rowHeight / 3
            }
        }
        let barcodeWidth = moduleWidth * Double(matrix.width), barcodeHeight = rowHeight * rows
        let left = (Self.cardWidth - barcodeWidth) / 2 + random.uniform(-1, 1)
        let top = random.uniform(13, 17)
        let quiet = 2.0
        let white = RGBA(
            r: UInt8(random.integer(in: 242...255)), g: UInt8(random.integer(in: 242...255)),
            b: UInt8(random.integer(in: 238...255)))
        canvas.fillRect(
            x: (left - quiet) * s, y: (top - quiet) * s, width: (barcodeWidth + 2 * quiet) * s,
            height: (barcodeHeight + 2 * quiet) * s, colour: white)
        let shade = UInt8(random.integer(in: 8...45))
        let ink = RGBA(r: shade, g: shade, b: UInt8(min(255, Int(shade) + random.integer(in: 0...12))))
        let unitX = moduleWidth * s, unitY = rowHeight / 4 * s
        for row in 0..<matrix.height {
            var x = 0
            while x < matrix.width {
                guard matrix[x, row] == 0 else {
                    x += 1
                    continue
                }
                let start = x
                while x < matrix.width, matrix[x, row] == 0 { x += 1 }
                canvas.fillRect(
                    x: left * s + Double(start) * unitX, y: top * s + Double(row) * unitY,
                    width: Double(x - start) * unitX, height: unitY, colour: ink)
            }
        }
        drawLowerStrip(on: canvas, below: top + barcodeHeight + quiet, ink: palette.ink, using: &random)
        canvas.resetClip()
        let outline = Quadrilateral2D(x: left * s, y: top * s, width: barcodeWidth * s, height: barcodeHeight * s)
        return RenderedLicenceBack(
            image: canvas.image(), payload: payload, barcode: outline, pixelsPerMillimetre: s,
            moduleWidth: moduleWidth, rowHeight: rowHeight)
    }

    /// The back as a ``RenderedDocument`` of ID-1 size without an MRZ, for ``SceneComposer``.
    package static func document(_ back: RenderedLicenceBack, identity: SyntheticIdentity) -> RenderedDocument {
        RenderedDocument(
            image: back.image, kind: .td1Front, pixelsPerMillimetre: back.pixelsPerMillimetre,
            identity: identity, mrzFormat: nil, mrzLines: [], characterBoxes: [], mrzPitch: 0,
            mrzCapHeight: 0, face: nil, signature: nil)
    }

    // MARK: - Decoration

    private func drawWaves(on canvas: CairoCanvas, colour: RGBA, using random: inout SeededGenerator) {
        let s = pixelsPerMillimetre
        let count = random.integer(in: 14...26)
        let amplitude = random.uniform(1, 4), wavelength = random.uniform(15, 40), phase = random.uniform(0, 6.28)
        var lines: [[Point2D]] = []
        for k in 0...count {
            let y0 = Self.cardHeight * Double(k) / Double(count)
            var points: [Point2D] = []
            var x = -1.0
            while x <= Self.cardWidth + 1 {
                points.append(
                    Point2D(x: x * s, y: (y0 + amplitude * sin(2 * .pi * x / wavelength + phase + Double(k) * 0.2)) * s)
                )
                x += 1.5
            }
            lines.append(points)
        }
        var faded = colour
        faded.a = UInt8(random.integer(in: 50...110))
        canvas.strokePaths(lines, lineWidth: random.uniform(0.06, 0.12) * s, colour: faded)
    }

    private func drawSmallPrint(on canvas: CairoCanvas, ink: RGBA, using random: inout SeededGenerator) {
        let s = pixelsPerMillimetre
        let phrases = [
            "RESTRICTIONS: NONE", "ENDORSEMENTS: NONE", "CLASS D - ANY VEHICLE UNDER 26,001 LBS",
            "DEPARTMENT OF MOTOR VEHICLES", "ORGAN DONOR", "IF FOUND, RETURN TO ANY LICENSING OFFICE",
            "THIS CARD IS THE PROPERTY OF THE ISSUING JURISDICTION", "VETERAN",
        ]
        let lineCount = random.integer(in: 2...4)
        let size = random.uniform(1.6, 2.2) * s
        for k in 0..<lineCount {
            let text = random.pick(phrases)
            canvas.drawText(
                text, x: random.uniform(4, 8) * s, y: (4 + Double(k) * 2.6) * s,
                family: DocumentRenderer.textFontFamily, size: size, colour: ink, bold: random.chance(0.3))
        }
    }

    private func drawLowerStrip(on canvas: CairoCanvas, below y: Double, ink: RGBA, using random: inout SeededGenerator)
    {
        let s = pixelsPerMillimetre
        let top = y + random.uniform(1.5, 3)
        guard top + 4 < Self.cardHeight - 1.5 else { return }
        if random.chance(0.6) {
            // A one-dimensional barcode-like strip.
            var x = random.uniform(8, 20)
            let end = min(Self.cardWidth - 8, x + random.uniform(30, 50))
            let height = min(6, Self.cardHeight - 2 - top)
            while x < end {
                let bar = Double(random.integer(in: 1...3)) * 0.25
                canvas.fillRect(x: x * s, y: top * s, width: bar * s, height: height * s, colour: ink)
                x += bar + Double(random.integer(in: 1...3)) * 0.25
            }
        } else {
            canvas.drawText(
                "DD " + String((0..<16).map { _ in Character(String(random.integer(in: 0...9))) }),
                x: random.uniform(5, 15) * s, y: (top + 2.5) * s, family: DocumentRenderer.textFontFamily,
                size: 2.0 * s, colour: ink)
        }
    }
}
