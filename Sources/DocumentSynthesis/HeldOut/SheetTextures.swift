import CaptureCore
import Foundation

/// The sheets the held-out family places: an open passport booklet around a TD3 data page, and a
/// screen showing a document. Each is a texture with the data page's place in it, in millimetres.
struct SheetTexture {
    /// The texture, straight-alpha RGBA at `pixelsPerMillimetre`.
    var image: RGBAImage
    var pixelsPerMillimetre: Double
    /// The document's upper-left corner in the texture, millimetres.
    var documentOrigin: Point2D

    /// The document alone.
    init(document: RGBAImage, pixelsPerMillimetre: Double) {
        image = document
        self.pixelsPerMillimetre = pixelsPerMillimetre
        documentOrigin = Point2D(x: 0, y: 0)
    }

    init(image: RGBAImage, pixelsPerMillimetre: Double, documentOrigin: Point2D) {
        self.image = image
        self.pixelsPerMillimetre = pixelsPerMillimetre
        self.documentOrigin = documentOrigin
    }

    /// An open passport: the data page below, the facing page above with its own print (text in
    /// another font, lines, sometimes a stamp), the spine between them and the cover's edge around.
    static func booklet(
        dataPage: RGBAImage, pixelsPerMillimetre t: Double, width: Double, height: Double, spine: Double,
        cover: Double, font: String, using random: inout SeededGenerator
    ) -> SheetTexture {
        let totalWidth = width + 2 * cover, totalHeight = 2 * height + spine + 2 * cover
        let canvas = CairoCanvas(
            width: max(1, Int((totalWidth * t).rounded())), height: max(1, Int((totalHeight * t).rounded())),
            background: RGBA(r: 0, g: 0, b: 0, a: 0))
        let coverColour = random.pick([
            RGBA(r: 110, g: 20, b: 30), RGBA(r: 20, g: 30, b: 70), RGBA(r: 25, g: 60, b: 40), RGBA(r: 25, g: 25, b: 28),
            RGBA(r: 80, g: 25, b: 50),
        ])
        canvas.fillRoundedRect(
            x: 0, y: 0, width: totalWidth * t, height: totalHeight * t, radius: 4 * t,
            colour: coverColour)
        // Facing page.
        let paper = DocumentPalette.hsl(random.uniform(0, 360), random.uniform(0.1, 0.4), random.uniform(0.86, 0.94))
        let top = cover
        canvas.fillRoundedRect(
            x: cover * t, y: top * t, width: width * t, height: height * t, radius: 2 * t, colour: paper)
        let pattern = DocumentPalette.hsl(random.uniform(0, 360), 0.4, 0.6, alpha: 0.35)
        for k in 0..<random.integer(in: 8...20) {
            let y0 = top + Double(k) * height / 20
            let amplitude = random.uniform(1, 4), period = random.uniform(15, 40)
            let points = stride(from: 0.0, through: width, by: 1.5).map { x in
                Point2D(x: (cover + x) * t, y: (y0 + amplitude * sin(x / period * 2 * Double.pi)) * t)
            }
            canvas.strokePath(points, lineWidth: 0.12 * t, colour: pattern)
        }
        let ink = DocumentPalette.hsl(random.uniform(200, 250), 0.3, random.uniform(0.15, 0.3))
        canvas.drawText(
            HeldOutSurfaces.randomWord(&random).uppercased(), x: (cover + 8) * t, y: (top + 12) * t,
            family: font, size: 4.5 * t, colour: ink, bold: true)
        var line = top + 22
        while line < top + height - 10 {
            let words = (0..<random.integer(in: 2...6)).map { _ in HeldOutSurfaces.randomWord(&random) }
            canvas.drawText(
                words.joined(separator: " "), x: (cover + 8) * t, y: line * t, family: font,
                size: random.uniform(2.2, 3.2) * t, colour: ink)
            line += random.uniform(5, 9)
        }
        if random.chance(0.6) {
            let stamp = DocumentPalette.hsl(random.pick([270.0, 350, 220]), 0.6, 0.4, alpha: 0.75)
            let c = Point2D(x: (cover + random.uniform(30, 95)) * t, y: (top + random.uniform(25, 60)) * t)
            let radius = random.uniform(12, 20) * t
            let ring = stride(from: 0.0, through: 2 * Double.pi + 0.01, by: 0.05).map {
                Point2D(x: c.x + radius * cos($0), y: c.y + radius * sin($0))
            }
            canvas.strokePath(ring, lineWidth: 0.6 * t, colour: stamp)
            canvas.drawText(
                HeldOutSurfaces.randomWord(&random).uppercased(), x: c.x - radius * 0.6, y: c.y,
                angle: random.uniform(-0.4, 0.4), family: font, size: 3.5 * t, colour: stamp, bold: true)
        }
        // Spine: the gutter between the pages.
        canvas.fillRect(
            x: 0, y: (top + height) * t, width: totalWidth * t, height: spine * t,
            colour: RGBA(r: 35, g: 30, b: 30))
        var image = canvas.image()
        let origin = Point2D(x: cover, y: top + height + spine)
        paste(dataPage, into: &image, at: Point2D(x: origin.x * t, y: origin.y * t))
        return SheetTexture(image: image, pixelsPerMillimetre: t, documentOrigin: origin)
    }

    /// A phone or monitor screen showing the document: bezel, the viewer's background, the document
    /// with the screen's raised black level and cool white.
    static func screen(
        document: RGBAImage, pixelsPerMillimetre t: Double, margin: (Double, Double), bezel: Double,
        darkViewer: Bool
    ) -> SheetTexture {
        let docWidth = Double(document.width) / t, docHeight = Double(document.height) / t
        let totalWidth = docWidth + 2 * (margin.0 + bezel), totalHeight = docHeight + 2 * (margin.1 + bezel)
        let canvas = CairoCanvas(
            width: max(1, Int((totalWidth * t).rounded())), height: max(1, Int((totalHeight * t).rounded())),
            background: RGBA(r: 0, g: 0, b: 0, a: 0))
        canvas.fillRoundedRect(
            x: 0, y: 0, width: totalWidth * t, height: totalHeight * t, radius: 3 * bezel * t,
            colour: RGBA(r: 14, g: 14, b: 16))
        let viewer = darkViewer ? RGBA(r: 28, g: 28, b: 32) : RGBA(r: 242, g: 244, b: 248)
        canvas.fillRect(
            x: bezel * t, y: bezel * t, width: (totalWidth - 2 * bezel) * t,
            height: (totalHeight - 2 * bezel) * t, colour: viewer)
        var image = canvas.image()
        var shown = document
        shown.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                p[i] = UInt8(14 + Double(p[i]) * 0.9)
                p[i + 1] = UInt8(14 + Double(p[i + 1]) * 0.92)
                p[i + 2] = UInt8(min(255, 18 + Double(p[i + 2]) * 0.95))
            }
        }
        let origin = Point2D(x: bezel + margin.0, y: bezel + margin.1)
        paste(shown, into: &image, at: Point2D(x: origin.x * t, y: origin.y * t))
        return SheetTexture(image: image, pixelsPerMillimetre: t, documentOrigin: origin)
    }

    /// Alpha-blends `source` over `destination` with its upper-left corner at the nearest pixel to `at`.
    static func paste(_ source: RGBAImage, into destination: inout RGBAImage, at: Point2D) {
        let ox = Int(at.x.rounded()), oy = Int(at.y.rounded())
        let dw = destination.width, dh = destination.height
        for y in 0..<source.height where oy + y >= 0 && oy + y < dh {
            for x in 0..<source.width where ox + x >= 0 && ox + x < dw {
                let s = (y * source.width + x) * 4
                let a = Int(source.pixels[s + 3])
                if a == 0 { continue }
                let d = ((oy + y) * dw + ox + x) * 4
                let da = Int(destination.pixels[d + 3])
                for c in 0..<3 {
                    let under = da > 0 ? Int(destination.pixels[d + c]) : Int(source.pixels[s + c])
                    destination.pixels[d + c] = UInt8((Int(source.pixels[s + c]) * a + under * (255 - a) + 127) / 255)
                }
                destination.pixels[d + 3] = UInt8(max(a, da))
            }
        }
    }
}
