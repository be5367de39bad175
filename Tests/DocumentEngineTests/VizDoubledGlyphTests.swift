import CaptureCore
import Testing

@testable import DocumentEngine

/// A code read with two characters on one glyph is found by its symbols' boxes, and a name's last
/// short words read far beyond its end are dropped.
@Suite struct VizDoubledGlyphTests {
    /// Symbols of `text` with boxes `(x, width)`, 20 px high.
    private static func symbols(_ text: String, _ boxes: [[Int]]) -> [VizRecognizedSymbol] {
        zip(text, boxes).map { character, box in
            VizRecognizedSymbol(
                text: String(character), confidence: 0.9, box: PixelRect(x: box[0], y: 4, width: box[1], height: 20))
        }
    }

    /// One word of `text` standing at columns `x..<x + width`.
    private static func word(_ text: String, x: Int, width: Int) -> VizRecognizedWord {
        VizRecognizedWord(text: text, confidence: 0.9, box: PixelRect(x: x, y: 4, width: width, height: 20))
    }

    /// Codes as read, their symbols' boxes (x, width) and whether two stand on one glyph.
    private static let codes: [(text: String, boxes: [[Int]], doubled: Bool)] = [
        // Tuning reads: `G` and `6` on one glyph, `O` and `0`, `I` and `1`.
        (
            "963U76G64449",
            [
                [9, 18], [31, 18], [53, 18], [75, 19], [98, 18], [121, 18], [141, 11], [143, 18], [165, 19], [187, 19],
                [209, 19], [232, 18],
            ], true
        ),
        ("CNO0831", [[9, 21], [31, 22], [51, 10], [56, 17], [76, 18], [96, 18], [118, 14]], true),
        (
            "S8079869I1",
            [
                [9, 16], [26, 15], [43, 15], [60, 14], [76, 15], [93, 15], [109, 15], [126, 15], [135, 9], [142, 9],
            ], true
        ),
        // Glyphs side by side, a narrow `I` and `1` among them.
        ("KYI930", [[9, 18], [30, 18], [51, 5], [60, 16], [79, 16], [98, 16]], false),
        ("I1D6059", [[9, 5], [17, 9], [30, 18], [51, 16], [70, 16], [89, 16], [108, 16]], false),
        // A box reaching back over its neighbour (Tesseract): wide, so no doubled glyph.
        (
            "KR97222J8",
            [[9, 30], [9, 61], [72, 21], [97, 21], [122, 20], [147, 20], [172, 21], [191, 20], [213, 22]], false
        ),
        // Every box overlapping a wide one (a blurred `ST3011` read right).
        ("ST3011", [[9, 15], [23, 14], [9, 56], [51, 14], [68, 9], [82, 10]], false),
    ]

    @Test(arguments: 0..<codes.count)
    func twoSymbolsOnOneGlyphAreFound(index: Int) {
        let code = Self.codes[index]
        #expect(VizReader.hasDoubledGlyph(Self.symbols(code.text, code.boxes)) == code.doubled, "\(code.text)")
    }

    @Test func aShortWordFarBeyondTheNameIsDropped() throws {
        let silva = [Self.word("SILVA", x: 10, width: 80), Self.word("A", x: 548, width: 14)]
        let kept = try #require(VizReader.withoutDistantMarks(silva, lineHeight: 20))
        #expect(kept.map(\.text) == ["SILVA"])
        let marks = [
            Self.word("VAN", x: 10, width: 50), Self.word("DER", x: 70, width: 50),
            Self.word("BERG", x: 130, width: 70),
            Self.word("NI", x: 300, width: 30), Self.word("O", x: 400, width: 14),
        ]
        #expect(
            try #require(VizReader.withoutDistantMarks(marks, lineHeight: 20)).map(\.text) == ["VAN", "DER", "BERG"])
    }

    @Test func wordsOfANameAndLongDistantWordsAreKept() {
        // Name words half a height apart, an initial among them.
        let name = [Self.word("JOHN", x: 10, width: 60), Self.word("A", x: 80, width: 14)]
        #expect(VizReader.withoutDistantMarks(name, lineHeight: 20) == nil)
        // A distant word of three letters is not a mark (the name may go on there).
        let far = [Self.word("SILVA", x: 10, width: 80), Self.word("COSTA", x: 200, width: 80)]
        #expect(VizReader.withoutDistantMarks(far, lineHeight: 20) == nil)
        // The first word stays, however short.
        let short = [Self.word("LI", x: 10, width: 30), Self.word("J", x: 200, width: 14)]
        #expect(VizReader.withoutDistantMarks(short, lineHeight: 20).map { $0.map(\.text) } == ["LI"])
    }
}
