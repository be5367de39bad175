import CaptureCore
import Foundation
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

    @Test func aSecurityPatternInEveryRowDoesNotRunCaptionAndValueTogether() throws {
        var image = GrayImage(width: 900, height: 300, fill: 220)
        // A fine pattern across the right half of the cell: 1 px strokes every 20 columns, dark in
        // every row (six ink pixels a row, twice the three-stroke minimum), as a guilloche gives.
        for row in 110..<200 {
            for column in stride(from: 420 + (row % 20), to: 600, by: 20) { image.pixels[row * 900 + column] = 60 }
        }
        // A caption (14 px tall) at the top of the cell, the value (24 px) under it, 8 px apart.
        for row in 124..<138 {
            for letter in 0..<8 {
                for column in (250 + letter * 10)..<(250 + letter * 10 + 6) { image.pixels[row * 900 + column] = 40 }
            }
        }
        Self.word(&image, x: 250, y: 146, letters: 5)
        let lines = VizLineFinder().lines(in: image, cell: Self.cell, pixelsPerMillimetre: Self.s)
        #expect(lines.count == 2)
        let value = try #require(lines.last)
        #expect(abs(value.rect.y - 146) <= 1 && abs(value.rect.height - 24) <= 2)
    }

    @Test func aPatternsThinStrokesBesideTheValueAreLeftOutOfItsLine() throws {
        var image = GrayImage(width: 900, height: 300, fill: 220)
        Self.word(&image, x: 250, y: 150, letters: 5)
        // Beside the value, inside the cell, a wavy 2 px line (two ink pixels a column where a
        // letter's columns hold 24) 3 mm off the word's end.
        for column in 352..<520 {
            let row = 156 + Int((6 * sin(Double(column) / 9)).rounded())
            image.pixels[row * 900 + column] = 70
            image.pixels[(row + 1) * 900 + column] = 70
        }
        let line = try #require(VizLineFinder().lines(in: image, cell: Self.cell, pixelsPerMillimetre: Self.s).first)
        #expect(line.rect.x == 250 && line.rect.width == 4 * 14 + 10)
    }

    @Test func thePatternFloorIsZeroOnAPlainGround() {
        #expect(VizLineFinder.patternFloor([0, 0, 0, 0, 0, 0, 0, 40, 60, 50]) == 0)
        #expect(VizLineFinder.patternFloor([6, 7, 6, 8, 6, 40, 60, 50, 7, 6]) == 6)
    }

    /// A line of dark blocks of the given widths, 4 px apart, from column 20 of a 300 x 40 image.
    private static func glyphs(_ widths: [Int]) -> (GrayImage, PixelRect) {
        var image = GrayImage(width: 300, height: 40, fill: 210)
        var x = 20
        for width in widths {
            for row in 8..<32 { for column in x..<(x + width) { image.pixels[row * 300 + column] = 30 } }
            x += width + 4
        }
        return (image, PixelRect(x: 20, y: 8, width: x - 4 - 20, height: 24))
    }

    @Test(arguments: [
        // read, glyph widths, expected: a wide 0 is an O, a bare-stem 1 an I.
        ("708812", [10, 13, 10, 10, 3, 10], "7O88I2"),
        // A bold 0 one or two pixels wider than small digits (1.18): a digit.
        ("708812", [11, 13, 11, 11, 9, 11], "708812"),
        // Widths like the other digits: digits as read.
        ("708812", [10, 10, 10, 10, 8, 10], "708812"),
        // A monospaced face: every glyph as wide, nothing changed.
        ("X10330", [10, 10, 10, 10, 10, 10], "X10330"),
        // Glyph count differs from the code's length (two glyphs touching): as read.
        ("708812", [10, 13, 24, 3, 10], "708812"),
        // No digit from 2 to 9 to compare with: as read.
        ("K1001", [11, 3, 13, 13, 3], "K1001"),
    ])
    func documentNumberLettersAreToldFromDigitsByWidth(read: String, widths: [Int], expected: String) {
        let (image, line) = Self.glyphs(widths)
        #expect(VizReader.lettersByGlyphWidth(read, in: image, line: line, from: line.x) == expected)
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
