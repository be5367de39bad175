import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Testing

@testable import DocumentClassification

/// The printed fields of generated documents, read end to end with Tesseract: one TD3 data page and
/// one TD1 front (tesseract in a debug build is slow, so one of each).
@Suite struct VizReadingTests {
    private static let today = MRZDate(year: 2026, month: 11, day: 26)
    /// One recogniser for the suite: loading the Latin model is most of a test's time.
    private static let recognizer = Result { () throws(VizRecognitionError) in try TesseractVizRecognizer() }

    private func readBack(
        _ kind: DocumentLayout.Kind, seed: UInt64, layoutID: String? = nil,
        variation: VizPrintStyle.Variation = .narrow
    ) throws -> (VizFieldPrinter.Truth, VizReading) {
        let document = try DocumentRenderer(
            pixelsPerMillimetre: 12, printsVizFromLayouts: true, vizLayoutID: layoutID, vizVariation: variation
        )
        .render(kind, seed: seed)
        let truth = try #require(document.viz)
        let layout = try #require(try VizLayoutCatalogue.bundled().layout(id: truth.layoutID))
        let reader = VizReader(recognizer: try Self.recognizer.get())
        let reading = try reader.read(
            document: document.image.grayscale(), pixelsPerMillimetre: 12, layout: layout, today: Self.today)
        return (truth, reading)
    }

    @Test(arguments: [
        (DocumentLayout.Kind.td3, UInt64(4), String?.none), (.td2, 4, nil), (.td1Front, 9, nil),
        (.td1Front, 6, "aamva-front"),
    ])
    func aGeneratedSideIsReadAsPrinted(kind: DocumentLayout.Kind, seed: UInt64, layoutID: String?) throws {
        let (truth, reading) = try readBack(kind, seed: seed, layoutID: layoutID)
        #expect(truth.layoutID == layoutID ?? truth.layoutID)
        #expect(!truth.values.isEmpty)
        // Every value reported is what was printed; names, number and dates are all read.
        for value in reading.fields {
            if value.field == .documentNumber {
                // Printed fonts draw O and 0, I and 1 alike: the number is exact up to that pair, which
                // the MRZ comparison settles (DocumentFieldComparator.printedNumbersAgree).
                let fold = { (v: String) in String(v.map { $0 == "O" ? "0" : $0 == "I" ? "1" : $0 }) }
                #expect(fold(value.value) == truth.values[.documentNumber].map(fold))
            } else if let date = truth.dates[value.field] {
                #expect(
                    value.date?.year == date.year && value.date?.month == date.month && value.date?.day == date.day,
                    "\(value.field)")
            } else {
                #expect(
                    value.value == truth.values[value.field].map { VizReader.collapseSpaces($0.uppercased()) },
                    "\(value.field)")
            }
        }
        let read = Set(reading.fields.map(\.field))
        for field in [VizField.primaryName, .documentNumber, .dateOfBirth, .dateOfExpiry] {
            #expect(read.contains(field), "\(field) not read")
        }
    }

    /// Fronts printed in the widened tuning style (another face, size and offset from the cells, other
    /// captions, security lines) are read as printed: the surname, the dates and the number are read,
    /// and every name, number and date reported is the one printed.
    @Test(arguments: [(UInt64(3), String?.none), (7, "aamva-front")])
    func aWidelyPrintedFrontIsReadAsPrinted(seed: UInt64, layoutID: String?) throws {
        let (truth, reading) = try readBack(.td1Front, seed: seed, layoutID: layoutID, variation: .wide)
        for field in [VizField.primaryName, .dateOfBirth, .dateOfExpiry, .documentNumber] {
            #expect(reading[field] != nil, "\(field) not read")
        }
        let fold = { (v: String) in String(v.map { $0 == "O" ? "0" : $0 == "I" ? "1" : $0 }) }
        for value in reading.fields {
            if let date = truth.dates[value.field] {
                #expect(
                    value.date?.year == date.year && value.date?.month == date.month && value.date?.day == date.day,
                    "\(value.field)")
            } else if value.field == .documentNumber {
                #expect(fold(value.value) == truth.values[.documentNumber].map(fold))
            } else if value.field.kind == .name {
                #expect(
                    value.value == truth.values[value.field].map { VizReader.collapseSpaces($0.uppercased()) },
                    "\(value.field)")
            }
        }
    }

    /// An ID-1 front is read with the layout whose captions it prints: ICAO TD1 (captions above the
    /// values) or AAMVA (inline `4d DLN` captions), chosen from the two without being told.
    @Test(arguments: [(UInt64(9), String?.none), (6, "aamva-front")])
    func theFrontLayoutIsChosenByItsCaptions(seed: UInt64, layoutID: String?) throws {
        let document = try DocumentRenderer(pixelsPerMillimetre: 12, printsVizFromLayouts: true, vizLayoutID: layoutID)
            .render(.td1Front, seed: seed)
        let truth = try #require(document.viz)
        let catalogue = try VizLayoutCatalogue.bundled()
        let fronts = catalogue.layouts.filter { $0.documentLayout == .td1Front }
        #expect(fronts.count == 2)
        let reader = VizReader(recognizer: try Self.recognizer.get())
        let gray = document.image.grayscale()
        // The caption evidence alone (no OCR) puts the printed layout first, in either order given.
        for order in [fronts, fronts.reversed()] {
            #expect(reader.captionEvidence(gray, layouts: order, pixelsPerMillimetre: 12).first?.id == truth.layoutID)
        }
        let reading = try #require(
            try reader.read(document: gray, pixelsPerMillimetre: 12, layouts: fronts, today: Self.today))
        #expect(reading.layoutID == truth.layoutID)
        #expect(reading[.dateOfBirth] != nil)
    }

    /// A licence class is read with its own characters: a lone `A` (its apex is the first ink to
    /// reach the line's top, after the inline `9 CLASS` caption) is read as `A`.
    @Test func aLicenceClassIsReadAsPrinted() throws {
        let layout = try #require(try VizLayoutCatalogue.bundled().layout(id: "aamva-front"))
        let reader = VizReader(recognizer: try Self.recognizer.get())
        var checked = 0
        for seed in UInt64(1)...40 {
            let document = try DocumentRenderer(
                pixelsPerMillimetre: 12, printsVizFromLayouts: true, vizLayoutID: "aamva-front"
            ).render(.td1Front, seed: seed)
            guard let truth = document.viz, truth.values[.licenceClass] == "A" else { continue }
            let reading = try reader.read(
                document: document.image.grayscale(), pixelsPerMillimetre: 12, layout: layout, today: Self.today)
            #expect(reading[.licenceClass]?.value == "A", "seed \(seed)")
            checked += 1
            if checked == 2 { break }
        }
        #expect(checked > 0)
    }

    @Test func aBlankSideReadsNothing() throws {
        let layout = try #require(try VizLayoutCatalogue.bundled().layout(id: "icao-td3"))
        let blank = GrayImage(width: 1500, height: 1056, fill: 235)
        let reading = try VizReader(recognizer: try Self.recognizer.get())
            .read(document: blank, pixelsPerMillimetre: 12, layout: layout, today: Self.today)
        #expect(reading.fields.isEmpty)
        #expect(reading.notRead.count == layout.fields.count)
    }
}
