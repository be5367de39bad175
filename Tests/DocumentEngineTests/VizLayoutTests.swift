import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine

/// The VIZ layout catalogue: the bundled file loads, its layouts are complete, bad files fail typed.
@Suite struct VizLayoutTests {
    @Test func theBundledCatalogueHasTheICAOAndAAMVALayouts() throws {
        let catalogue = try VizLayoutCatalogue.bundled()
        let td3 = try #require(catalogue.layout(id: "icao-td3"))
        #expect(td3.documentLayout == .td3)
        for field in [VizField.primaryName, .secondaryName, .documentNumber, .dateOfBirth, .dateOfExpiry, .sex] {
            #expect(td3.zone(of: field) != nil, "TD3 lacks \(field)")
        }
        let td1 = try #require(catalogue.layout(id: "icao-td1-front"))
        #expect(td1.documentLayout == .td1Front && td1.dateOrder == .dayMonthYear)
        let aamva = try #require(catalogue.layout(id: "aamva-front"))
        #expect(aamva.dateOrder == .monthDayYear)
        #expect(aamva.zone(of: .documentNumber)?.captions["label"] == ["4d"])
        #expect(aamva.zone(of: .address)?.maximumLines == 2)
        #expect(catalogue.layout(for: .td3)?.id == "icao-td3")
        let td2 = try #require(catalogue.layout(for: .td2))
        #expect(td2.id == "icao-td2" && td2.dateOrder == .dayMonthYear && td2.captionPlacement == nil)
        for field in [VizField.primaryName, .secondaryName, .documentNumber, .dateOfBirth, .dateOfExpiry, .sex] {
            #expect(td2.zone(of: field) != nil, "TD2 lacks \(field)")
        }
        // The TD2 cells sit right of the portrait and above the signature and the MRZ.
        let size = DocumentLayout.of(.td2)
        for cell in td2.fields {
            #expect(cell.zone.x >= (size.face?.x ?? 0) + (size.face?.width ?? 0), "\(cell.field)")
            #expect(cell.zone.y + cell.zone.height <= (size.signature?.y ?? size.height), "\(cell.field)")
        }
    }

    @Test func everyLayoutsCellsAreDisjoint() throws {
        for layout in try VizLayoutCatalogue.bundled().layouts {
            for (i, a) in layout.fields.enumerated() {
                for b in layout.fields[(i + 1)...] {
                    let overlapX = min(a.zone.x + a.zone.width, b.zone.x + b.zone.width) - max(a.zone.x, b.zone.x)
                    let overlapY = min(a.zone.y + a.zone.height, b.zone.y + b.zone.height) - max(a.zone.y, b.zone.y)
                    #expect(overlapX <= 0.01 || overlapY <= 0.01, "\(layout.id): \(a.field) overlaps \(b.field)")
                }
            }
        }
    }

    @Test func aMalformedCatalogueIsATypedError() {
        #expect(throws: VizLayoutError.self) { try VizLayoutCatalogue(json: Data("{\"layouts\": 3}".utf8)) }
    }

    @Test func aCellOutsideTheDocumentIsRejected() {
        let json = """
            {"layouts": [{"id": "x", "documentLayout": "td1Front", "languages": ["eng"], "dateOrder": "dmy",
              "fields": [{"field": "sex", "zone": [80, 50, 10, 6], "captions": {"eng": ["Sex"]}}]}]}
            """
        #expect(throws: VizLayoutError.zoneOutsideDocument(layout: "x", field: "sex")) {
            try VizLayoutCatalogue(json: Data(json.utf8))
        }
    }

    @Test(arguments: [
        ("4d DLN D1234567", ["DLN", "4d"], "D1234567"),
        ("Surname / Nom MÜLLER", ["Surname", "Nom"], "MÜLLER"),
        ("NOMURA", ["Nom"], "NOMURA"),
        ("12 SMITH", ["1"], "12 SMITH"),
        ("1 SMITH", ["1"], "SMITH"),
    ])
    func captionsAreStrippedAsWholeWordsOnly(text: String, words: [String], expected: String) {
        #expect(VizReader.strippingCaption(text, words: words.sorted { $0.count > $1.count }) == expected)
    }

    /// AAMVA captions are printed on the value's line (`12 RESTR NONE`): the reader strips them by the
    /// layout's caption words, also as OCR misreads them (`I2`, `12RESTR`, `RESR`), and never a value.
    @Test(arguments: [
        (VizField.restrictions, "12 RESTR NONE", "NONE"),
        (.restrictions, "12RESTR A", "A"),
        (.restrictions, "I2 RESTR B", "B"),
        (.restrictions, "RESR B", "B"),
        (.restrictions, "12 RESTR", ""),
        (.restrictions, "NONE", "NONE"),
        (.licenceClass, "9 CLAS C", "C"),
        (.licenceClass, "9 CLASS CM", "CM"),
        (.endorsements, "9a END NONE", "NONE"),
        (.endorsements, "NONE", "NONE"),
        (.documentNumber, "4d DLN D1234567", "D1234567"),
        (.documentNumber, "4D 0LN D1234567", "D1234567"),
        (.address, "8 ADDRESS 8828 PINE RIDGE RD", "8828 PINE RIDGE RD"),
        (.address, "8828 PINE RIDGE RD", "8828 PINE RIDGE RD"),
    ])
    func inlineCaptionsAreStrippedByTheLayoutsCaptionWords(field: VizField, text: String, expected: String) throws {
        let aamva = try #require(try VizLayoutCatalogue.bundled().layout(id: "aamva-front"))
        let words = try #require(aamva.zone(of: field)).captionWords
        #expect(VizReader.strippingCaption(text, words: words, tolerant: true) == expected)
    }

    @Test func misreadCaptionsAreStrippedOnlyFromInlineCaptionLines() throws {
        let aamva = try #require(try VizLayoutCatalogue.bundled().layout(id: "aamva-front"))
        let words = try #require(aamva.zone(of: .restrictions)).captionWords
        // Captions printed above their values are stripped only as printed.
        #expect(VizReader.strippingCaption("12RESTR A", words: words) == "12RESTR A")
        #expect(VizReader.editDistance("RESTR", "RESR") == 1 && VizReader.editDistance("", "AB") == 2)
        #expect(VizReader.lookAlikeFolded("I2 Réstr") == "12 RE5TR")
    }

    @Test(
        arguments: [
            (VizField.primaryName, "müller-lüdenscheidt.", "MÜLLER-LÜDENSCHEIDT"),
            (.primaryName, "SM1TH", nil),
            (.secondaryName, "JI‐WOO", "JI-WOO"),
            (.secondaryName, "JI – WOO", "JI-WOO"),
            (.primaryName, "HERNÁNDEZ- FERNÁNDEZ DE CÓRDOBA", "HERNÁNDEZ-FERNÁNDEZ DE CÓRDOBA"),
            (.documentNumber, "C01X 00T47", "C01X00T47"),
            (.documentNumber, "AB-12", nil),
            (.sex, "F", "F"),
            (.sex, "FM", nil),
            (.dateOfBirth, "12.08.1974", "12.08.1974"),
            (.dateOfBirth, "31.02.1974", nil),
            (.licenceClass, "cm", "CM"),
            (.licenceClass, "A", "A"),
            (.restrictions, "NONE", "NONE"),
            (.licenceClass, "CLASS A, SEE BACK FOR DETAILS", nil),
            (.endorsements, "M/P", nil),
        ] as [(VizField, String, String?)])
    func valuesFailingTheirKindsChecksAreNotRead(field: VizField, text: String, expected: String?) {
        let value = VizReader.checkedValue(
            [text], field: field, dates: VizDateParser(order: .dayMonthYear),
            today: MRZDate(year: 2026, month: 11, day: 26))
        #expect(value?.0 == expected)
    }

    /// An unrestricted read is compared with the restricted ones as the whitelist would have given it.
    @Test(
        arguments: [
            (VizField.secondaryName, "Ji-w00", "JI-WOO"),
            (.primaryName, "5M1TH.", "SMITH"),
            (.documentNumber, "S92495488-", "S92495488"),
            (.documentNumber, "\\NS924 9548", "NS924 9548"),
            (.documentNumber, "C01X00T47", "C01X00T47"),
        ] as [(VizField, String, String)])
    func unrestrictedReadsFoldedIntoTheFieldsCharacters(field: VizField, text: String, folded: String) throws {
        let characters = try #require(field.characters)
        #expect(VizReader.foldedInto(characters, text, field: field) == folded)
    }

    /// After an inline caption misread beyond stripping, a date is the last words that parse whole.
    @Test(
        arguments: [
            ("4 42185 02/11/2009", "2009-02-11"), ("4-EP 01/22/2020", "2020-01-22"), ("02/11/2009", nil),
            ("4 1/22/2020", nil), ("4 42185", nil),
        ] as [(String, String?)])
    func aDateAfterAMisreadInlineCaption(text: String, iso: String?) {
        let value = VizReader.trailingDate(
            text, field: .dateOfIssue, dates: VizDateParser(order: .monthDayYear),
            today: MRZDate(year: 2026, month: 11, day: 26))
        #expect(value?.1?.isoString == iso)
    }

    @Test(
        arguments: [
            ("12.0 .1974", true), ("08/1/1974", true), ("12 AUG 7", true), ("12 AOUT", true), ("1974", false),
            ("JOHN", false), ("123 MAIN ST", false), ("15 SEX M", false), ("", false),
        ] as [(String, Bool)])
    func aDateReadInPartStillHasTheShapeOfADate(text: String, shaped: Bool) {
        #expect(VizReader.looksLikeDate(text) == shaped)
    }

    /// A licence class, restrictions and endorsements are read with capitals, digits, space and hyphen
    /// (and their caption's characters), not free text: a lone `A` cannot turn into `N.` or `/A`.
    @Test func licenceCodesAreReadWithTheirOwnCharacters() throws {
        let aamva = try #require(try VizLayoutCatalogue.bundled().layout(id: "aamva-front"))
        for field in [VizField.licenceClass, .restrictions, .endorsements] {
            let characters = try #require(Self.characters(aamva, field))
            #expect(characters.contains("A") && characters.contains("7") && characters.contains("-"))
            #expect(!characters.contains("/") && !characters.contains(".") && !characters.contains("Ä"))
        }
    }

    private static func characters(_ layout: VizLayout, _ field: VizField) -> String? {
        layout.zone(of: field).flatMap(VizReader.characters(for:))
    }

    @Test func eachCellIsReadWithItsKindsCharactersAndItsCaptions() throws {
        let catalogue = try VizLayoutCatalogue.bundled()
        let td3 = try #require(catalogue.layout(id: "icao-td3"))
        let surname = try #require(Self.characters(td3, .primaryName))
        // Names: accented capitals, no digits, no lower case (a caption read on the line is upper case).
        #expect(surname.contains("Ø") && surname.contains("Ñ") && surname.contains("-") && surname.contains("'"))
        #expect(!surname.contains("0") && !surname.contains("1") && !surname.contains("a"))
        let number = try #require(Self.characters(td3, .documentNumber))
        #expect(number.contains("0") && number.contains("O") && !number.contains("a") && !number.contains(","))
        let birth = try #require(Self.characters(td3, .dateOfBirth))
        // Dates, numbers and sex are held to ASCII (the recogniser's fast plain model); month names
        // and captions are matched with their accents folded.
        let plain = birth.unicodeScalars.allSatisfy(\.isASCII) && number.unicodeScalars.allSatisfy(\.isASCII)
        #expect(birth.contains("U") && birth.contains("/") && birth.contains("9") && plain)
        #expect(Self.characters(td3, .issuingAuthority) == nil && td3.zone(of: .issuingAuthority) != nil)
        // An AAMVA caption printed before the value (`15 SEX`) stays readable on the sex line.
        let aamva = try #require(catalogue.layout(id: "aamva-front"))
        let sex = try #require(Self.characters(aamva, .sex))
        #expect(["M", "F", "X", "1", "5", "S", "E"].allSatisfy { sex.contains($0) })
        #expect(!sex.contains("Z"))
    }

    @Test func theStretchedPreparationTakesGroundToWhiteAndPrintToBlack() throws {
        // A faded line: ground 180, print 120, on 200 pixels of which 20 are print.
        let pixels = (0..<200).map { $0 % 10 == 0 ? UInt8(120) : UInt8(180) }
        let line = try GrayImage(width: 20, height: 10, pixels: pixels)
        let stretched = VizReadingCandidate.Preparation.stretched.prepared(line)
        #expect(stretched.pixels[0] == 0 && stretched.pixels[1] == 255)
        #expect(VizReadingCandidate.Preparation.asRectified.prepared(line) == line)
        let scaled = VizReadingCandidate.Preparation.scaled(1.5).prepared(line)
        #expect(scaled.width == 30 && scaled.height == 15)
    }

    @Test func theInkCutPreparationTakesAPatternLineLighterThanThePrintToGround() throws {
        // Light thin print (137) crossed by a pattern's fine lines (185) on a ground of 228: of 400
        // pixels, 40 are print and 40 pattern.
        let pixels = (0..<400).map { i -> UInt8 in
            switch i % 10 {
            case 0: 137
            case 5: 185
            default: 228
            }
        }
        let line = try GrayImage(width: 40, height: 10, pixels: pixels)
        let cut = VizReadingCandidate.Preparation.inkCut(0.45).prepared(line)
        #expect(cut.pixels[0] == 0 && cut.pixels[5] == 255 && cut.pixels[1] == 255)
        // Stretched alone, the pattern stays a mid grey the recogniser takes for strokes.
        let stretched = VizReadingCandidate.Preparation.stretched.prepared(line)
        #expect(stretched.pixels[5] > 60 && stretched.pixels[5] < 200)
        // The default candidates end with it, held to the field's characters, for dates and sex only.
        #expect(VizReader.defaultCandidates.last == .init(.inkCut(VizReader.inkCutShare), restrictsCharacters: true))
        let reader = VizReader(recognizer: VizSharedLineTests.WordCountingRecognizer(texts: [:]))
        let td3 = try #require(VizLayoutCatalogue.bundled().layout(id: "icao-td3"))
        let last = reader.candidates.count - 1
        for (field, tried) in [
            (VizField.dateOfBirth, true), (.sex, true), (.primaryName, false), (.documentNumber, false),
        ] {
            #expect(reader.isProductive(last, cell: try #require(td3.zone(of: field))) == tried)
        }
    }

    /// On an inline line (`1 LN NÉMETH`) the value starts at its first capital even when an accented
    /// capital further on is the tallest glyph: the small caption before it is left out.
    @Test func anInlineValueStartsAtItsFirstCapitalBesideATallerAccentedOne() throws {
        let width = 40, height = 30
        var pixels = [UInt8](repeating: 255, count: width * height)
        func fill(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) {
            for y in ys { for x in xs { pixels[y * width + x] = 0 } }
        }
        fill(2...5, 15...24)  // the caption, 10 rows
        fill(12...17, 8...24)  // a capital, 17 rows
        fill(20...25, 3...24)  // an accented capital, 22 rows
        let image = try GrayImage(width: width, height: height, pixels: pixels)
        let line = PixelRect(x: 2, y: 8, width: 24, height: 17)
        #expect(VizReader.inlineValueStart(image, line: line) == 12)
    }
}
