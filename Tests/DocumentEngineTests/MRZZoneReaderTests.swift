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
