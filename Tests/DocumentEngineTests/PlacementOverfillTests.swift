import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

/// `cameraTooClose` from an MRZ zone that does not read (cut by the border): the narrowest document
/// that can carry the zone's print does not fit in the frame (``PlacementStatus/overfills(zone:confidence:roi:)``).
@Suite struct PlacementOverfillTests {
    static let roi = PixelRect(x: 0, y: 0, width: 1280, height: 720)

    /// A zone of `lines` lines spanning `cells` glyph positions at `pitch` pixels, its lines turned
    /// by `degrees` and spaced as a TD1 card's (4.3 mm) foreshortened by `foreshortening`.
    static func zone(
        pitch: Double, degrees: Double = 0, cells: Int = 28, lines: Int = 2, foreshortening: Double = 1
    ) -> MRZZoneDetector.Zone {
        let a = degrees * Double.pi / 180
        let along = Point2D(x: cos(a), y: sin(a))
        return MRZZoneDetector.Zone(
            along: along, down: Point2D(x: -along.y, y: along.x), origin: Point2D(x: 0, y: 600), pitch: pitch,
            lineSpacing: pitch * 4.3 / DocumentLayout.mrzPitch * foreshortening, glyphHeight: pitch * 0.9,
            lineCount: lines, cellSpan: cells, glyphCount: cells * lines)
    }

    @Test func printTooLargeForAnyMRZDocumentInTheFrameOverfillsIt() {
        // 45 px a character: an ID-1 card, the narrowest MRZ document, is 1517 px wide.
        #expect(PlacementStatus.overfills(zone: Self.zone(pitch: 45), confidence: 0.9, roi: Self.roi))
        // 25 px: a card 843 x 497 px fits.
        #expect(!PlacementStatus.overfills(zone: Self.zone(pitch: 25), confidence: 0.9, roi: Self.roi))
    }

    @Test func theCardsHeightCountsAcrossTurnedLinesUnlessForeshortened() {
        // Turned 30°: 1011 px along the lines and 596 across reach 1021 px down the frame.
        #expect(PlacementStatus.overfills(zone: Self.zone(pitch: 30, degrees: 30), confidence: 0.9, roi: Self.roi))
        // The same print with its lines 0.4 as far apart (a steep tilt across them) fits.
        #expect(
            !PlacementStatus.overfills(
                zone: Self.zone(pitch: 30, degrees: 30, foreshortening: 0.4), confidence: 0.9, roi: Self.roi))
    }

    @Test func twoLinesLongerThanATD1LineBelongToAWiderDocument() {
        // 35 px: a card (1180 x 695 px) fits, a TD2 or MRV-B page (1447 px wide) does not.
        #expect(!PlacementStatus.overfills(zone: Self.zone(pitch: 35, cells: 28), confidence: 0.9, roi: Self.roi))
        #expect(PlacementStatus.overfills(zone: Self.zone(pitch: 35, cells: 40), confidence: 0.9, roi: Self.roi))
        // Three lines are a TD1 card's, however long they were measured.
        #expect(
            !PlacementStatus.overfills(zone: Self.zone(pitch: 35, cells: 40, lines: 3), confidence: 0.9, roi: Self.roi))
    }

    @Test func aZoneThatDoesNotReadAsMRZTextSaysNothing() {
        let low = PlacementStatus.minimumOverfillZoneConfidence - 0.05
        #expect(!PlacementStatus.overfills(zone: Self.zone(pitch: 45), confidence: low, roi: Self.roi))
    }
}

/// The rule on generated frames of the tuning family's severe and stress lines (1280x720, the
/// seeds of `capkit eval --seed 5000`).
@Suite struct PlacementOverfillFrameTests {
    static func analysis(of scene: SyntheticScene) throws -> FrameAnalysis {
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        let scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weights)))
        let gray = scene.image.grayscale()
        return scanner.analyze(
            gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
            today: MRZDate(year: 2026, month: 11, day: 22))
    }

    /// Severe frame 165: a TD1 card 95-130% of the frame's width, its MRZ cut by the border (no
    /// reading, no outline: `notFound` before the rule), its zone printed too large for a card to fit.
    @Test func aCutMRZPrintedTooLargeSaysTooClose() throws {
        let seed: UInt64 = 5165
        #expect(SceneSevere.mix(seed: seed) == .framing(.overfilled))
        let scene = try SceneSevere.mix(seed: seed).composer(frameWidth: 1280, frameHeight: 720).compose(seed: seed)
        #expect(scene.truth.trueCaptureStatus == .tooClose)
        let analysis = try Self.analysis(of: scene)
        #expect(!analysis.mrzVerified)
        #expect(analysis.placement == .tooClose)
    }

    /// Stress frame 70: a small passport on wood whose grain the zone search takes for a zone of
    /// 25 px a character; no text line shows in its band, so it says nothing (the passport is
    /// `tooFar`).
    @Test func woodGrainTakenForAZoneDoesNotSayTooClose() throws {
        let seed: UInt64 = 5070
        #expect(SceneStress.mix(seed: seed) == .tinyMRZ)
        let scene = try SceneComposer(tier: .phoneLike, frameWidth: 1280, frameHeight: 720, stress: .tinyMRZ)
            .compose(seed: seed)
        #expect(scene.truth.trueCaptureStatus == .tooFar)
        #expect(try Self.analysis(of: scene).placement != .tooClose)
    }
}
