import CaptureCore
import Testing

@testable import DocumentEngine

/// A name is re-spaced where its print has a word gap the recogniser read through, and not taken
/// where the recogniser weighed another character close to one it read.
@Suite struct VizNameDoubtTests {
    private static let s = 12.0
    private static let today = MRZDate(year: 2026, month: 11, day: 26)

    /// A line image 24 px letters high: `letters` dark blocks 10 px wide, each `advance` px after the
    /// one before, with extra blank `gaps[i]` px before letter i; a hyphen (a 10 x 3 px bar at
    /// mid-height) where `hyphens` holds the letter index it stands before.
    private static func line(
        letters: Int, gaps: [Int: Int] = [:], hyphens: Set<Int> = []
    ) -> (
        GrayImage, [PixelRect]
    ) {
        var image = GrayImage(width: 400, height: 40, fill: 230)
        var boxes: [PixelRect] = []
        var x = 8
        for index in 0..<letters {
            if let gap = gaps[index] {
                if hyphens.contains(index) {
                    for row in 19..<22 {
                        for column in (x + gap / 2 - 5)..<(x + gap / 2 + 5) { image[column, row] = 20 }
                    }
                }
                x += gap
            }
            for row in 8..<32 { for column in x..<(x + 10) { image[column, row] = 20 } }
            boxes.append(PixelRect(x: x, y: 8, width: 10, height: 24))
            x += 13
        }
        return (image, boxes)
    }

    /// One recognised word of `text` whose symbols have `boxes`.
    private static func word(_ text: String, _ boxes: [PixelRect]) -> VizRecognizedWord {
        let symbols = zip(text, boxes).map { VizRecognizedSymbol(text: String($0), confidence: 0.9, box: $1) }
        let first = boxes[0], last = boxes[boxes.count - 1]
        return VizRecognizedWord(
            text: text, confidence: 0.9,
            box: PixelRect(x: first.x, y: first.y, width: last.x + last.width - first.x, height: first.height),
            symbols: symbols)
    }

    @Test func aWordGapReadThroughBecomesASpace() {
        // `VANDER`: a 12 px gap (half the height) before the fourth letter.
        let (image, boxes) = Self.line(letters: 6, gaps: [3: 12])
        let spaced = VizReader.spacedByInkGaps(
            [Self.word("VANDER", boxes)], in: image, lineHeight: 24, gapShare: 0.4)
        #expect(spaced == "VAN DER")
    }

    @Test func aHyphenReadInABlankGapIsASpace() {
        // `VAN-DER` where the print has only a gap: the `-` has a box in the middle of it.
        let (image, letters) = Self.line(letters: 6, gaps: [3: 12])
        var boxes = Array(letters.prefix(3))
        boxes.append(PixelRect(x: letters[2].x + 14, y: 18, width: 6, height: 3))
        boxes += letters.suffix(3)
        let spaced = VizReader.spacedByInkGaps(
            [Self.word("VAN-DER", boxes)], in: image, lineHeight: 24, gapShare: 0.4)
        #expect(spaced == "VAN DER")
    }

    @Test func aPrintedHyphenAndLetterSpacingAreLeftAsRead() {
        // `JI-WOO` with the hyphen printed in its gap: the run of blank columns is broken.
        let (image, letters) = Self.line(letters: 5, gaps: [2: 14], hyphens: [2])
        var boxes = Array(letters.prefix(2))
        boxes.append(PixelRect(x: letters[1].x + 15, y: 19, width: 10, height: 3))
        boxes += letters.suffix(3)
        #expect(
            VizReader.spacedByInkGaps([Self.word("JI-WOO", boxes)], in: image, lineHeight: 24, gapShare: 0.4)
                == nil)
        // Letters 3 px apart only, and two words already apart.
        let (plain, plainBoxes) = Self.line(letters: 7, gaps: [3: 12])
        #expect(
            VizReader.spacedByInkGaps(
                [Self.word("VAN", Array(plainBoxes.prefix(3))), Self.word("BERG", Array(plainBoxes.suffix(4)))],
                in: plain, lineHeight: 24, gapShare: 0.4) == nil)
        // A lone letter is not split off (`M AHMOUD`: a wide glyph's own gap).
        let (lone, loneBoxes) = Self.line(letters: 7, gaps: [1: 12])
        #expect(
            VizReader.spacedByInkGaps([Self.word("MAHMOUD", loneBoxes)], in: lone, lineHeight: 24, gapShare: 0.4)
                == nil)
        // Words without symbol boxes cannot be re-spaced.
        #expect(
            VizReader.spacedByInkGaps(
                [VizRecognizedWord(text: "VANDER", confidence: 0.9, box: PixelRect(x: 8, y: 8, width: 90, height: 24))],
                in: plain, lineHeight: 24, gapShare: 0.4) == nil)
    }

    /// The highest weight of another character than the one read, case ignored.
    @Test(
        arguments: [
            ([("R", [("R", 0.96), ("B", 0.65), ("L", 0.15)])], 0.65),
            ([("Ł", [("Ł", 0.94), ("L", 0.44)])], 0.44), ([("Þ", [("P", 0.92)])], 0.92),
            ([("L", [("L", 0.9), ("l", 0.8)])], 0.0),
            // Accents alone are no doubt; a plain letter beside a stroked one is.
            ([("Ã", [("Ã", 0.9), ("Ä", 0.94)]), ("O", [("Ó", 0.81)]), ("L", [("Ł", 0.92)])], 0.0),
            ([("Ł", [("Ł", 0.93), ("L", 0.65), ("Ľ", 0.38)])], 0.65),
            ([("S", [("S", 0.9), ("ẞ", 0.3)])], 0.3),
            ([("A", []), ("B", [("B", 0.99)])], 0.0),
            ([("J", [("-", 0.95), ("J", 0.85)]), ("U", [("Ü", 0.18)])], 0.95),
        ] as [([(String, [(String, Double)])], Double)])
    func theDoubtOfARead(symbols: [(String, [(String, Double)])], doubt: Double) {
        let read = symbols.map { text, alternatives in
            VizRecognizedSymbol(
                text: text, confidence: 0.9, box: PixelRect(x: 0, y: 0, width: 1, height: 1),
                alternatives: alternatives.map { VizSymbolAlternative(text: $0.0, confidence: $0.1) })
        }
        #expect(abs(VizReader.ambiguity(read) - doubt) < 1e-9)
    }

    /// A recogniser that reads every line as `text`, one symbol per character with `alternatives`
    /// at the last one.
    final class DoubtfulRecognizer: VizTextRecognizer {
        let text: String
        let alternatives: [VizSymbolAlternative]

        init(text: String, alternatives: [VizSymbolAlternative]) {
            self.text = text
            self.alternatives = alternatives
        }

        func readLine(
            _ image: GrayImage, languages: [String], characters: String?
        ) throws(VizRecognitionError) -> VizRecognizedText {
            let symbols = text.enumerated().map { index, character in
                VizRecognizedSymbol(
                    text: String(character), confidence: 0.95,
                    box: PixelRect(x: index * 14, y: 0, width: 10, height: 24),
                    alternatives: index == text.count - 1 ? alternatives : [])
            }
            let word = VizRecognizedWord(
                text: text, confidence: 0.95, box: PixelRect(x: 0, y: 0, width: text.count * 14, height: 24),
                symbols: symbols)
            return VizRecognizedText(text: text, confidence: 0.95, words: [word])
        }
    }

    @Test func aNameWithALetterInDoubtIsNotRead() throws {
        var document = GrayImage(width: 800, height: 300, fill: 220)
        for letter in 0..<4 {
            for row in 150..<174 {
                for column in (130 + letter * 14)..<(140 + letter * 14) { document[column, row] = 20 }
            }
        }
        let layout = VizLayout(
            id: "test-name", documentLayout: .td1Front, languages: ["eng"], dateOrder: .dayMonthYear,
            captionPlacement: nil,
            fields: [
                .init(field: .primaryName, zone: .init(x: 10, y: 10, width: 40, height: 6), captions: [:], lines: nil)
            ]
        )
        let doubtful = VizReader(
            recognizer: DoubtfulRecognizer(
                text: "WEIR", alternatives: [.init(text: "R", confidence: 0.96), .init(text: "B", confidence: 0.65)]))
        let reading = try doubtful.read(
            document: document, pixelsPerMillimetre: Self.s, layout: layout, today: Self.today)
        #expect(reading[.primaryName] == nil)
        #expect(reading.declined[.primaryName]?.contains("another character weighed at 65 %") == true)
        // The same read without the doubt, or with the check off, is taken.
        let sure = VizReader(
            recognizer: DoubtfulRecognizer(text: "WEIR", alternatives: [.init(text: "R", confidence: 0.96)]))
        #expect(
            try sure.read(document: document, pixelsPerMillimetre: Self.s, layout: layout, today: Self.today)[
                .primaryName]?.value == "WEIR")
        // The declined read is kept for the MRZ, which spells the B the recogniser weighed as `SS`.
        #expect(reading.nameReads[.primaryName]?.first?.value == "WEIR")
        let checked = reading.confirmingNames(primary: "WEISS", secondary: "")
        #expect(checked[.primaryName]?.value == "WEISS")
        #expect(checked.notRead.isEmpty)
        #expect(reading.confirmingNames(primary: "WEIR", secondary: "")[.primaryName] == nil)
        var off = doubtful
        off.maximumNameAmbiguity = 1
        #expect(
            try off.read(document: document, pixelsPerMillimetre: Self.s, layout: layout, today: Self.today)[
                .primaryName]?.value == "WEIR")
    }
}
