import CaptureCore
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

@Suite struct DocumentRendererTests {
    private static let scale = 8.0

    @Test func mrzCharactersLandInTheirTruthBoxesAtTheICAOPitch() throws {
        for (kind, seed) in [(DocumentLayout.Kind.td3, UInt64(11)), (.td1Back, 12)] {
            let document = try DocumentRenderer(pixelsPerMillimetre: Self.scale).render(kind, seed: seed)
            let layout = DocumentLayout.of(kind)
            let gray = document.image.grayscale()
            #expect(document.mrzLines.count == layout.mrzLineCount)
            #expect(document.characterBoxes.count == layout.mrzLineCount * layout.mrzLineLength)

            // Every cell holds ink.
            for box in document.characterBoxes {
                #expect(
                    darkest(gray, x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height) < 110,
                    "no ink in \(kind) cell \(box.line):\(box.index)")
            }
            // Glyphs sit inside their cells: the cell boundaries are mostly free of ink.
            var clearBoundaries = 0
            var boundaries = 0
            for box in document.characterBoxes where box.index > 0 {
                boundaries += 1
                if darkest(gray, x0: box.x - 0.5, y0: box.y, x1: box.x + 0.5, y1: box.y + box.height) > 110 {
                    clearBoundaries += 1
                }
            }
            #expect(Double(clearBoundaries) / Double(boundaries) > 0.8)

            // Pitch 2.54 mm within 2 %, line centres within 0.6 mm of the layout.
            let pitch = DocumentLayout.mrzPitch * Self.scale
            for line in 0..<layout.mrzLineCount {
                let cells = document.characterBoxes.filter { $0.line == line }
                let measured = (cells[cells.count - 1].x - cells[0].x) / Double(cells.count - 1)
                #expect(abs(measured - pitch) / pitch < 0.02)
                let centre = cells[0].y + cells[0].height / 2
                let nominal = Double(document.image.height) - layout.mrzLineCentresFromBottom[line] * Self.scale
                #expect(abs(centre - nominal) <= 0.6 * Self.scale)
                #expect(abs(cells[0].x - layout.mrzLeftMargin * Self.scale) <= 0.6 * Self.scale)
                #expect(String(cells.map { Character($0.character) }) == document.mrzLines[line])
            }
            // Cap height about the nominal 2.3 mm.
            let capHeight = document.characterBoxes[0].height
            #expect(
                abs(capHeight - DocumentLayout.mrzCapHeight * Self.scale) <= 0.04 * DocumentLayout.mrzCapHeight
                    * Self.scale)
        }
    }

    @Test func thePortraitIsDrawnInsideTheFaceZone() throws {
        let document = try DocumentRenderer(pixelsPerMillimetre: Self.scale).render(.td1Front, seed: 3)
        let zone = try #require(DocumentLayout.of(.td1Front).face)
        let face = try #require(document.face)
        #expect(
            face
                == Quadrilateral2D(
                    x: zone.x * Self.scale, y: zone.y * Self.scale,
                    width: zone.width * Self.scale, height: zone.height * Self.scale))
        #expect(document.mrzLines.isEmpty && document.characterBoxes.isEmpty && document.mrzFormat == nil)
        // The head (skin: red well above blue) sits in the middle of the zone.
        let centre = document.image[
            Int((zone.x + zone.width / 2) * Self.scale), Int((zone.y + zone.height * 0.5) * Self.scale)]
        #expect(Int(centre.r) - Int(centre.b) > 25)
        // The zone is busy (a portrait), unlike a flat patch of card.
        let rect = face.boundingRect
        let patch = document.image.cropped(to: rect).grayscale().pixels.map(Double.init)
        let mean = patch.reduce(0, +) / Double(patch.count)
        let spread = (patch.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(patch.count)).squareRoot()
        #expect(spread > 20)
    }

    @Test func theSameSeedRendersTheSamePixels() throws {
        let renderer = DocumentRenderer(pixelsPerMillimetre: 4)
        let a = try renderer.render(.td2, seed: 8)
        let b = try renderer.render(.td2, seed: 8)
        #expect(a.image == b.image && a.mrzLines == b.mrzLines)
        let c = try renderer.render(.td2, seed: 9)
        #expect(a.image != c.image)
    }

    /// The widened VIZ style changes how a side is printed, not what: the same seed prints the same
    /// values in other pixels, and the wide style stays within its cells (caption, gap, value and
    /// descenders no taller than the lowest cell; a caption at most 70 % of its value).
    @Test func aWideVizStylePrintsTheSameValuesWithinTheCells() throws {
        for layoutID in ["icao-td1-front", "aamva-front"] {
            let narrow = try DocumentRenderer(pixelsPerMillimetre: 4, printsVizFromLayouts: true, vizLayoutID: layoutID)
                .render(.td1Front, seed: 12)
            let wide = try DocumentRenderer(
                pixelsPerMillimetre: 4, printsVizFromLayouts: true, vizLayoutID: layoutID, vizVariation: .wide
            )
            .render(.td1Front, seed: 12)
            #expect(narrow.viz?.values == wide.viz?.values && narrow.viz?.dates == wide.viz?.dates)
            #expect(narrow.image != wide.image)
        }
        for layout in try VizLayoutCatalogue.bundled().layouts {
            let lowest = try #require(layout.fields.map(\.zone.height).min())
            for seed in UInt64(0)..<40 {
                var random = SeededGenerator(seed: seed)
                let palette = DocumentPalette.random(using: &random)
                let style = VizPrintStyle.wide(
                    layout: layout, family: DocumentRenderer.textFontFamily, bold: false, palette: palette,
                    using: &random)
                let height =
                    layout.captionPlacement == .inline
                    ? style.valueSize * 1.1 + 0.6
                    : style.captionSize * 1.25 + style.captionGap + style.valueSize * 1.05 + 0.35
                #expect(height <= lowest + 1e-9, "\(layout.id) seed \(seed)")
                #expect(style.captionSize <= style.valueSize * 0.7 + 1e-9)
            }
        }
    }

    @Test func cornersOutsideTheRoundedCardAreTransparent() throws {
        let document = try DocumentRenderer(pixelsPerMillimetre: 6).render(.td1Back, seed: 4)
        #expect(document.image[0, 0].a == 0)
        #expect(document.image[document.image.width / 2, document.image.height / 2].a == 255)
    }

    private func darkest(_ image: GrayImage, x0: Double, y0: Double, x1: Double, y1: Double) -> Int {
        var darkest = 255
        let xa = max(0, Int(x0.rounded()))
        let xb = min(image.width, Int(x1.rounded()))
        let ya = max(0, Int(y0.rounded()))
        let yb = min(image.height, Int(y1.rounded()))
        for y in ya..<yb {
            for x in xa..<xb { darkest = min(darkest, Int(image[x, y])) }
        }
        return darkest
    }
}
