import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

/// Where the tiny-print search looks: streaks of thin ink on the 1000-px search's working image.
@Suite struct MRZThinInkMapTests {
    /// The components of a 960x540 mask holding filled boxes (x, y, width, height).
    func components(_ boxes: [(Int, Int, Int, Int)]) -> [ConnectedComponent] {
        var mask = [Bool](repeating: false, count: 960 * 540)
        for (x, y, w, h) in boxes {
            for yy in y..<(y + h) { for xx in x..<(x + w) { mask[yy * 960 + xx] = true } }
        }
        return ConnectedComponents.label(mask, width: 960, height: 540)
    }

    /// A line of tiny glyphs (2 by 3 pixels, 3 pixels apart) along 120 pixels of a 960x540 copy
    /// reduced twice: one window, in frame pixels, holding the line with a margin of 4 cells.
    @Test func aStreakOfThinGlyphsMakesAWindowAroundIt() throws {
        let glyphs = components((0..<40).map { (200 + 3 * $0, 300, 2, 3) })
        let region = PixelRect(x: 10, y: 20, width: 1920, height: 1080)
        let map = MRZThinInkMap(components: glyphs, width: 960, height: 540, factor: 2, region: region)
        #expect(map.scores.reduce(0, +) == 40 * 6)
        let windows = map.windows()
        #expect(windows.count == 1)
        let window = try #require(windows.first)
        let cell = MRZThinInkMap.cellSize * 2, margin = MRZThinInkMap.margin
        // Cells 12...19 across (x 200...319 reduced), cell 18 down (y 301).
        #expect(
            window
                == PixelRect(
                    x: 10 + (12 - margin) * cell, y: 20 + (18 - margin) * cell,
                    width: (8 + 2 * margin) * cell, height: (1 + 2 * margin) * cell))
    }

    /// Specks of thin ink standing alone (60 pixels each, two cells apart), as on card fronts, and
    /// thick print make no window.
    @Test func lonelySpecksAndThickPrintMakeNoWindow() {
        // Ten glyph-sized specks in each of five cells four cells apart.
        let specks = components(
            (0..<5).flatMap { k in (0..<10).map { i in (64 * k + 3 * (i % 5), 96 + 5 * (i / 5), 2, 3) } })
        let region = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
        let speckled = MRZThinInkMap(components: specks, width: 960, height: 540, factor: 2, region: region)
        #expect(speckled.scores.max() == 60)
        #expect(speckled.windows().isEmpty)
        let thick = components((0..<40).map { (200 + 8 * $0, 300, 6, 9) })
        let print = MRZThinInkMap(components: thick, width: 960, height: 540, factor: 2, region: region)
        #expect(print.scores.allSatisfy { $0 == 0 })
        #expect(print.windows().isEmpty)
    }

    func scanner() throws -> DocumentScanner {
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        return DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weights)))
    }

    /// Frames 0 and 22 of the tuning family's stress line at 1920x1080 (`capkit eval --tiers stress
    /// --size 1920x1080`): a tiny MRZ no search of a reduced copy finds; the search of the frame's
    /// own pixels inside the thin-ink windows reads it exactly.
    @Test(arguments: [UInt64(7), 29])
    func aTinyMRZAt1080pReads(seed: UInt64) throws {
        #expect(SceneStress.mix(seed: seed) == .tinyMRZ)
        let scene = try SceneComposer(tier: .phoneLike, frameWidth: 1920, frameHeight: 1080, stress: .tinyMRZ)
            .compose(seed: seed)
        let gray = scene.image.grayscale()
        let analysis = try scanner().analyze(
            gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
            today: MRZDate(year: 2026, month: 11, day: 22))
        #expect(analysis.mrz?.correctedLines == scene.truth.mrz)
    }

    /// Card fronts at 1920x1080 fill much of the frame and their print is thick on the 1000-px
    /// working image; where their specks of thin ink do gather into a streak (two of these four),
    /// the full-size search covers at most a fifth of the frame, not all of it.
    @Test func cardFrontsAt1080pAreSearchedInWindowsOnly() throws {
        let composer = try SceneComposer(tier: .phoneLike, frameWidth: 1920, frameHeight: 1080, kinds: [.td1Front])
        var detector = MRZZoneDetector()
        detector.workingSize = 1000
        detector.mapsThinInk = true
        var framesWithWindows = 0
        for seed in UInt64(900)..<904 {
            let gray = try composer.compose(seed: seed).image.grayscale()
            let region = PixelRect(x: 0, y: 0, width: gray.width, height: gray.height)
            let map = try #require(detector.search(ReducedFrame(gray, region: region)).thinInk)
            #expect(map.factor == 2)
            let windows = map.windows()
            if !windows.isEmpty { framesWithWindows += 1 }
            #expect(windows.count <= MRZThinInkMap.maximumWindows)
            #expect(5 * windows.map { $0.width * $0.height }.reduce(0, +) <= region.width * region.height)
        }
        #expect(framesWithWindows == 2)
    }
}
