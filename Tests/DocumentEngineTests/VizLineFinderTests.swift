import CaptureCore
import Testing

@testable import DocumentEngine

/// Where the line finder puts a value line's ends when the print is set off the design's cell.
@Suite struct VizLineFinderTests {
    /// 12 px/mm, a 30 x 6 mm cell at (20, 10) mm on a light ground.
    private static let s = 12.0
    private static let cell = PixelRect(x: 240, y: 120, width: 360, height: 72)

    /// Dark blocks of glyph height (24 px) standing for letters, 10 px wide with 4 px gaps, from `x`.
    private static func word(_ image: inout GrayImage, x: Int, y: Int, letters: Int) {
        for letter in 0..<letters {
            for row in y..<(y + 24) {
                for column in (x + letter * 14)..<(x + letter * 14 + 10) {
                    image.pixels[row * image.width + column] = 20
                }
            }
        }
    }

    @Test func aValuePrintedPastTheCellsLeftEdgeIsFoundWhole() throws {
        var image = GrayImage(width: 900, height: 300, fill: 220)
        // The value starts 1 mm left of the cell (printer registration).
        Self.word(&image, x: 228, y: 150, letters: 6)
        let lines = VizLineFinder().lines(in: image, cell: Self.cell, pixelsPerMillimetre: Self.s)
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        #expect(line.rect.x == 228 && line.rect.width == 5 * 14 + 10)
    }

    @Test func aNeighboursPrintReachingIntoTheCellIsLeftOut() throws {
        var image = GrayImage(width: 900, height: 300, fill: 220)
        Self.word(&image, x: 250, y: 150, letters: 5)
        // The next field's value starts 1 mm before this cell's right edge, on the same baseline.
        Self.word(&image, x: 588, y: 150, letters: 6)
        let line = try #require(VizLineFinder().lines(in: image, cell: Self.cell, pixelsPerMillimetre: Self.s).first)
        #expect(line.rect.x == 250 && line.rect.width == 4 * 14 + 10)
    }

    @Test func aLineCutByTheCellsBottomIsFollowedBelowIt() throws {
        var image = GrayImage(width: 900, height: 300, fill: 220)
        // The value's last rows lie 0.5 mm below the cell.
        Self.word(&image, x: 250, y: 174, letters: 4)
        let line = try #require(VizLineFinder().lines(in: image, cell: Self.cell, pixelsPerMillimetre: Self.s).first)
        #expect(line.rect.y == 174 && line.rect.height == 24)
    }

    @Test func aLoneGlyphIsPaddedWithItsGround() throws {
        var glyph = GrayImage(width: 10, height: 20, fill: 200)
        for row in 4..<16 { for column in 3..<7 { glyph.pixels[row * 10 + column] = 30 } }
        let padded = VizReader.padded(glyph, by: 6)
        #expect(padded.width == 22 && padded.height == 20)
        #expect(padded.pixels[0] == 200 && padded.pixels[21] == 200)
        #expect(padded.pixels[10 * 22 + 6 + 4] == 30)
    }
}
