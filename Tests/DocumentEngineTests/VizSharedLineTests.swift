import CaptureCore
import Testing

@testable import DocumentEngine

/// Fields printed side by side on one line are read with one recogniser call, and the words read
/// go to the field whose value they stand on.
@Suite struct VizSharedLineTests {
    private static let s = 12.0
    private static let today = MRZDate(year: 2026, month: 11, day: 26)

    /// A recogniser that finds the words of a line image itself (runs of ink columns, letters 4 px
    /// apart, words further) and reads each by its letter count from `texts`, with word boxes.
    final class WordCountingRecognizer: VizTextRecognizer {
        let texts: [Int: String]
        let gives: Bool
        private let count = Locked(0)

        /// `gives` false: no word boxes, as an engine that cannot give them.
        init(texts: [Int: String], givesWords gives: Bool = true) {
            self.texts = texts
            self.gives = gives
        }

        /// Calls so far.
        var calls: Int { count.withLock { $0 } }

        func readLine(
            _ image: GrayImage, languages: [String], characters: String?
        ) throws(VizRecognitionError) -> VizRecognizedText {
            count.withLock { $0 += 1 }
            var letters: [(start: Int, end: Int)] = []
            var open = false
            for x in 0..<image.width {
                let ink = (0..<image.height).contains { image.pixels[$0 * image.width + x] < 128 }
                if ink, open, let last = letters.last {
                    letters[letters.count - 1] = (last.start, x + 1)
                } else if ink {
                    letters.append((x, x + 1))
                }
                open = ink
            }
            var words: [[(start: Int, end: Int)]] = []
            for letter in letters {
                if let last = words.last?.last, letter.start - last.end <= 6 {
                    words[words.count - 1].append(letter)
                } else {
                    words.append([letter])
                }
            }
            let read = words.map { word in
                VizRecognizedWord(
                    text: texts[word.count] ?? "?", confidence: 0.9,
                    box: PixelRect(
                        x: word[0].start, y: 0, width: word[word.count - 1].end - word[0].start, height: image.height))
            }
            return VizRecognizedText(
                text: read.map(\.text).joined(separator: " "), confidence: read.isEmpty ? 0 : 0.9,
                words: gives ? read : [])
        }
    }

    /// Dark blocks `height` px tall standing for letters, 10 px wide with 4 px gaps, from `x`, their
    /// feet on row `baseline`.
    private static func word(_ image: inout GrayImage, x: Int, baseline: Int, letters: Int, height: Int = 24) {
        for letter in 0..<letters {
            for row in (baseline - height)..<baseline {
                for column in (x + letter * 14)..<(x + letter * 14 + 10) {
                    image.pixels[row * image.width + column] = 20
                }
            }
        }
    }

    /// A date cell and a sex cell side by side on one row (10 and 41 mm from the left, 10 mm down).
    private static func layout(_ placement: VizLayout.CaptionPlacement?) -> VizLayout {
        VizLayout(
            id: "test-row", documentLayout: .td1Front, languages: ["eng"], dateOrder: .dayMonthYear,
            captionPlacement: placement,
            fields: [
                .init(
                    field: .dateOfBirth, zone: .init(x: 10, y: 10, width: 30, height: 6),
                    captions: ["eng": ["DOB"]], lines: nil),
                .init(
                    field: .sex, zone: .init(x: 41, y: 10, width: 14, height: 6), captions: ["eng": ["SEX"]],
                    lines: nil),
            ])
    }

    /// A reader that shares lines (off by default).
    private static func sharing(_ recognizer: any VizTextRecognizer) -> VizReader {
        var reader = VizReader(recognizer: recognizer)
        reader.sharesLines = true
        return reader
    }

    @Test func theRowsOfTheBundledLayoutsThatShareALine() throws {
        let catalogue = try VizLayoutCatalogue.bundled()
        let aamva = try #require(catalogue.layout(id: "aamva-front"))
        let groups = VizReader.sharedLineGroups(aamva, candidates: VizReader.defaultCandidates)
        #expect(
            groups == [
                [.dateOfExpiry, .dateOfIssue], [.dateOfBirth, .sex], [.licenceClass, .restrictions, .endorsements],
            ])
        // TD3: the place of birth and the authority are free text, read with another model.
        let td3 = try #require(catalogue.layout(id: "icao-td3"))
        #expect(
            VizReader.sharedLineGroups(td3, candidates: VizReader.defaultCandidates) == [
                [.dateOfBirth, .sex], [.dateOfIssue, .dateOfExpiry],
            ])
        // Unrestricted first reads share nothing.
        #expect(
            VizReader.sharedLineGroups(aamva, candidates: [.init(.asRectified, restrictsCharacters: false)]).isEmpty)
    }

    @Test func wordsOnOneLineGoToTheFieldTheyStandOn() throws {
        var document = GrayImage(width: 800, height: 300, fill: 220)
        // The date (10 letters) in the first cell, the sex (1 letter) in the second, one baseline.
        Self.word(&document, x: 130, baseline: 174, letters: 10)
        Self.word(&document, x: 500, baseline: 174, letters: 1)
        let recognizer = WordCountingRecognizer(texts: [10: "12.08.1974", 1: "F"])
        let reading = try Self.sharing(recognizer).read(
            document: document, pixelsPerMillimetre: Self.s, layout: Self.layout(nil), today: Self.today)
        #expect(reading[.dateOfBirth]?.date?.isoString == "1974-08-12")
        #expect(reading[.sex]?.value == "F")
        #expect(recognizer.calls == 1)
    }

    @Test func anInlineCaptionBetweenTwoValuesGoesToNeither() throws {
        var document = GrayImage(width: 800, height: 300, fill: 220)
        Self.word(&document, x: 130, baseline: 174, letters: 10)
        // The sex cell's inline caption (two small letters) before its value.
        Self.word(&document, x: 496, baseline: 174, letters: 2, height: 14)
        Self.word(&document, x: 540, baseline: 174, letters: 1)
        let recognizer = WordCountingRecognizer(texts: [10: "12.08.1974", 2: "QQ", 1: "F"])
        let reading = try Self.sharing(recognizer).read(
            document: document, pixelsPerMillimetre: Self.s, layout: Self.layout(.inline), today: Self.today)
        #expect(reading[.dateOfBirth]?.date?.isoString == "1974-08-12")
        #expect(reading[.sex]?.value == "F")
        #expect(recognizer.calls == 1)
    }

    @Test func withoutWordBoxesEachFieldIsReadAlone() throws {
        var document = GrayImage(width: 800, height: 300, fill: 220)
        Self.word(&document, x: 130, baseline: 174, letters: 10)
        Self.word(&document, x: 500, baseline: 174, letters: 1)
        let recognizer = WordCountingRecognizer(texts: [10: "12.08.1974", 1: "F"], givesWords: false)
        let reading = try Self.sharing(recognizer).read(
            document: document, pixelsPerMillimetre: Self.s, layout: Self.layout(nil), today: Self.today)
        #expect(reading[.dateOfBirth]?.date?.isoString == "1974-08-12")
        #expect(reading[.sex]?.value == "F")
        // The shared read, then one read per field.
        #expect(recognizer.calls == 3)
    }

    /// One free-text cell of `lines` lines, 10 mm from the left, 10 mm down.
    private static func textLayout(_ field: VizField, lines: Int?) -> VizLayout {
        VizLayout(
            id: "test-text", documentLayout: .td1Front, languages: ["eng"], dateOrder: .dayMonthYear,
            captionPlacement: nil,
            fields: [
                .init(field: field, zone: .init(x: 10, y: 10, width: 40, height: 10), captions: [:], lines: lines)
            ])
    }

    @Test func aRetryThatRepeatsAnEarlierReadIsNotMade() throws {
        var document = GrayImage(width: 800, height: 300, fill: 220)
        Self.word(&document, x: 130, baseline: 174, letters: 5)
        // Five letters read as nothing the field accepts: every candidate fails.
        let recognizer = WordCountingRecognizer(texts: [5: "--"])
        var reader = VizReader(recognizer: recognizer)
        let layout = Self.textLayout(.nationality, lines: nil)
        _ = try reader.read(document: document, pixelsPerMillimetre: Self.s, layout: layout, today: Self.today)
        // Free text has no characters to restrict to: the unrestricted read is the first one again.
        // (The ink cut, the last candidate, is for dates and sex only.)
        #expect(recognizer.calls == 2)
        reader.prunesRetries = false
        _ = try reader.read(document: document, pixelsPerMillimetre: Self.s, layout: layout, today: Self.today)
        #expect(recognizer.calls == 2 + reader.candidates.count)
    }

    @Test func aValueOfSeveralLinesIsReadOnce() throws {
        var document = GrayImage(width: 800, height: 300, fill: 220)
        Self.word(&document, x: 130, baseline: 160, letters: 5)
        Self.word(&document, x: 130, baseline: 200, letters: 5)
        let recognizer = WordCountingRecognizer(texts: [5: "--"])
        let layout = Self.textLayout(.address, lines: 2)
        let reader = VizReader(recognizer: recognizer)
        let reading = try reader.read(
            document: document, pixelsPerMillimetre: Self.s, layout: layout, today: Self.today)
        #expect(reading[.address] == nil)
        // Two lines, one candidate.
        #expect(recognizer.calls == 2)
        #expect(reader.isProductive(1, cell: try #require(layout.fields.first)) == false)
        // A date's retries read otherwise than its first read.
        let date = VizLayout.FieldZone(
            field: .dateOfBirth, zone: .init(x: 10, y: 10, width: 30, height: 6), captions: [:], lines: nil)
        #expect(reader.isProductive(1, cell: date) && reader.isProductive(2, cell: date))
    }
}
