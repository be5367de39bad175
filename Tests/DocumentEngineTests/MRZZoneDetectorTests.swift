import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

/// The zone finder's text lines on tiny print, where neighbouring glyphs that blur merged into one
/// component sit between single ones.
@Suite struct MRZZoneDetectorTests {
    /// The glyphs of one text line of `cells` cells, `pitch` apart, tilted by `degrees`, each
    /// `width` x `height`; the cells in `merged` are drawn together with the next one as one
    /// component, as blur joins them.
    func line(
        cells: Int, pitch: Double, width: Double, height: Double, degrees: Double, origin: Point2D,
        merged: Set<Int>
    ) -> [MRZZoneDetector.Glyph] {
        let angle = degrees * Double.pi / 180
        let along = Point2D(x: cos(angle), y: sin(angle))
        func box(_ centre: Point2D, _ w: Double, _ h: Double) -> MRZZoneDetector.Glyph {
            // Axis-aligned boxes of whole pixels, as the connected components give them.
            let minX = (centre.x - w / 2).rounded(), maxX = (centre.x + w / 2).rounded() - 1
            let minY = (centre.y - h / 2).rounded(), maxY = (centre.y + h / 2).rounded() - 1
            let boxW = maxX - minX + 1, boxH = maxY - minY + 1
            return MRZZoneDetector.Glyph(
                centre: Point2D(x: (minX + maxX) / 2, y: (minY + maxY) / 2), size: max(boxW, boxH), isRun: false,
                minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        }
        var glyphs: [MRZZoneDetector.Glyph] = []
        var k = 0
        while k < cells {
            let centre = origin + along * (Double(k) * pitch)
            if merged.contains(k), k + 1 < cells {
                glyphs.append(box(centre + along * (pitch / 2), pitch + width, height))
                k += 2
            } else {
                glyphs.append(box(centre, width, height))
                k += 1
            }
        }
        return glyphs
    }

    /// A 44-cell line of 3 x 5 px glyphs at a 5.5 px pitch with a merged pair every few cells is
    /// found as one line, the merged pairs counted for the cells they span (uncounted, every merged
    /// pair cut the line and no piece reached the 18 glyphs of an MRZ line).
    @Test func aTinyLineWithMergedPairsIsFoundWhole() throws {
        let merged: Set<Int> = [3, 9, 14, 20, 26, 31, 37, 41]
        let glyphs = line(
            cells: 44, pitch: 5.5, width: 3, height: 5, degrees: 4, origin: Point2D(x: 100, y: 200),
            merged: merged)
        #expect(glyphs.count == 44 - merged.count)
        let lines = MRZZoneDetector.textLines(glyphs, width: 640, height: 360)
        let found = try #require(lines.max { $0.count < $1.count })
        // At least 40 of its 44 cells count (a pair whose box spans under a pitch and a half plus a
        // glyph's extent counts as one cell).
        #expect(found.count >= 40)
        #expect(abs(found.pitch - 5.5) <= 0.5)
        // From the first cell's centre to the last's.
        #expect(abs(found.length - 43 * 5.5) <= 5.5)
    }

    /// Frames of the tuning family's stress line with a tiny MRZ (`capkit eval --tiers stress`,
    /// frames 29 and 60: a pitch under 7 px) where the zone finder found no zone until merged glyphs
    /// counted for their cells; both now read exactly.
    @Test(arguments: [UInt64(36), 67])
    func aTinyMRZOfTheStressLineReads(seed: UInt64) throws {
        #expect(SceneStress.mix(seed: seed) == .tinyMRZ)
        let scene = try SceneComposer(tier: .phoneLike, frameWidth: 1280, frameHeight: 720, stress: .tinyMRZ)
            .compose(seed: seed)
        let pitch = try #require(scene.truth.degradations?.mrzPitchPixels)
        #expect(pitch < 7.5)
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        let scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weights)))
        let gray = scene.image.grayscale()
        let analysis = scanner.analyze(
            gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
            today: MRZDate(year: 2026, month: 11, day: 22))
        #expect(analysis.mrz?.correctedLines == scene.truth.mrz)
    }
}
