import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

/// How the zone reader fits a zone's lines: every line of one MRZ starts and ends at the same cell.
@Suite struct MRZZoneReaderTests {
    /// A line of `cells` cells 20 px apart whose first cell is `start` pitches right of x = 100.
    func line(start: Double, cells: Int, y: Double) -> MRZTextLine {
        MRZTextLine(
            x0: 100 + start * 20, pitch: 20, yIntercept: y, slope: 0, capHeight: 24, cellCount: cells,
            separateCharacters: cells)
    }

    @Test func linesThatStartAndEndTogetherAreOneZone() {
        #expect(MRZZoneReader.isAligned([line(start: 0, cells: 44, y: 50), line(start: 0, cells: 44, y: 100)]))
        // What rectification leaves of perspective: right fits on tuning frames spread up to 0.77 pitch.
        #expect(MRZZoneReader.isAligned([line(start: 0.7, cells: 36, y: 50), line(start: 0, cells: 36, y: 100)]))
        #expect(
            MRZZoneReader.isAligned([
                line(start: 0, cells: 30, y: 50), line(start: 0.3, cells: 30, y: 100),
                line(start: -0.4, cells: 30, y: 150),
            ]))
    }

    @Test func aLineShiftedByWholeCellsIsNotPartOfTheZone() {
        // A TD3's first line fitted two cells late: 36 cells each, but starting two cells apart.
        #expect(!MRZZoneReader.isAligned([line(start: 2, cells: 36, y: 50), line(start: 0, cells: 36, y: 100)]))
        // Same start, different ends.
        #expect(!MRZZoneReader.isAligned([line(start: 0, cells: 36, y: 50), line(start: 0, cells: 38, y: 100)]))
        // One line of three shifted by a cell and a half.
        #expect(
            !MRZZoneReader.isAligned([
                line(start: 0, cells: 30, y: 50), line(start: 1.5, cells: 30, y: 100),
                line(start: 0, cells: 30, y: 150),
            ]))
    }
}

/// A zone that goes on past a 36-character fit is not a 36-character zone.
@Suite struct MRZZoneContinuationTests {
    /// The MRZ band of a clean, flat document of `kind` and the zone reader's lines in it.
    func band(
        _ kind: DocumentLayout.Kind, seed: UInt64
    ) throws -> (
        document: RenderedDocument, band: GrayImage, lines: [MRZTextLine]
    ) {
        let document = try DocumentRenderer().render(kind, seed: seed)
        let gray = document.image.grayscale()
        let quad = Quadrilateral2D(x: 0, y: 0, width: Double(gray.width), height: Double(gray.height))
        let band = try #require(DocumentScanner.band(of: gray, quad: quad, layout: .of(kind)))
        return (document, band.image, try #require(MRZZoneReader.mrzLines(in: band.image)))
    }

    func reader() throws -> MRZZoneReader {
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        return MRZZoneReader(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weights)))
    }

    /// An MRV-A whose lines hold fillers past their 36th character, cut to 36 cells (as when the
    /// zone search missed its blurred fillers): it goes on. Its first 36 characters are a complete
    /// MRV-B whose check digits agree.
    @Test func anMRVACutToThirtySixCellsGoesOn() throws {
        let reader = try reader()
        let seed = try #require(
            (UInt64(1)...40).first { seed in
                let lines = (try? DocumentRenderer().render(.mrvA, seed: seed))?.mrzLines ?? []
                return lines.count == 2 && lines.allSatisfy { Array($0)[36...37].allSatisfy { $0 == "<" } }
            })
        let (_, band, lines) = try band(.mrvA, seed: seed)
        #expect(lines.map(\.cellCount) == [44, 44])
        let cut = lines.map { $0.extended(before: 0, after: -8) }
        #expect(reader.continuesPastEnd(band: band, lines: cut))
        // Whole, it is not a 36-character fit at all.
        #expect(!reader.continuesPastEnd(band: band, lines: lines))
    }

    /// TD2 and MRV-B zones end at their 36th character: blank paper follows.
    @Test(arguments: [DocumentLayout.Kind.td2, .mrvB], [UInt64(3), 11])
    func aThirtySixCharacterZoneEnds(kind: DocumentLayout.Kind, seed: UInt64) throws {
        let (_, band, lines) = try band(kind, seed: seed)
        #expect(lines.map(\.cellCount) == [36, 36])
        #expect(try !reader().continuesPastEnd(band: band, lines: lines))
    }
}

/// The zone searches of a frame, coarsest first, down to the frame's own pixels.
@Suite struct MRZZonePassTests {
    func factors(width: Int, height: Int) -> [Int] {
        let region = PixelRect(x: 0, y: 0, width: width, height: height)
        return DocumentScanner.zonePasses(
            MRZZoneDetector(), coarseSize: DocumentLocalizer().workingSize, region: region
        )
        .map { $0.downscaleFactor(for: region) }
    }

    /// A tiny MRZ (a pitch of 5 px) is found only at the frame's own resolution; a 1080p frame gets
    /// that pass too, not only a 720p one.
    @Test func theFinestSearchWorksOnTheFramesOwnPixels() {
        #expect(factors(width: 1280, height: 720) == [3, 2, 1])
        #expect(factors(width: 1920, height: 1080) == [4, 3, 2, 1])
        #expect(factors(width: 640, height: 480) == [1])
    }
}
