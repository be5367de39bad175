import CaptureCore
import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

/// `capkit eval-barcode`'s measurement as a library type: the same cards for the same seed, every
/// frame counted once, and the verbose labels the command prints (small tuning frames: the counting,
/// not the reading, is under test; `capkit eval-barcode` measures the reading).
@Suite struct LicenceBackEvaluationTests {
    @Test func theSameSeedGivesTheSameCardsAndAnotherSeedOthers() throws {
        let evaluation = LicenceBackEvaluation(family: .tuning, seed: 17, frameWidth: 640, frameHeight: 360)
        let first = try evaluation.samples(tier: .clean, tierIndex: 0, index: 3, frames: 1, video: false)
        let again = try evaluation.samples(tier: .clean, tierIndex: 0, index: 3, frames: 1, video: false)
        var other = evaluation
        other.seed = 18
        let another = try other.samples(tier: .clean, tierIndex: 0, index: 3, frames: 1, video: false)
        #expect(first.count == 1)
        #expect(first[0].payload == again[0].payload && first[0].frame == again[0].frame)
        #expect(first[0].payload != another[0].payload)
        // A video card is the same payload in every frame.
        let video = try evaluation.samples(tier: .clean, tierIndex: 0, index: 3, frames: 3, video: true)
        #expect(video.count == 3 && Set(video.map(\.payload)).count == 1)
    }

    @Test func everyFrameIsCountedOnceAndNothingIsMisread() throws {
        let evaluation = LicenceBackEvaluation(family: .tuning, seed: 17, frameWidth: 640, frameHeight: 360)
        var seen: [Int] = []
        let report = try evaluation.evaluate(
            tier: .clean, tierIndex: 0, count: 2, videoCount: 1, videoFrames: 2,
            onOutcome: { index, _, _, time in
                seen.append(index)
                #expect(time >= 0)
            })
        #expect(seen == [0, 1])
        #expect(report.frames == 2 && report.readerMilliseconds.count == 2)
        #expect(report.exact + report.misread + report.rejected + report.failed == 2)
        #expect(report.misread == 0 && report.videoMisread == 0)
        #expect(report.videoCards == 1)
        // Each frame's cost is kept with its size and whether it was read, for the cost per frame size.
        #expect(report.frameCosts.map(\.readerMilliseconds) == report.readerMilliseconds)
        #expect(report.frameCosts.allSatisfy { $0.width == 640 && $0.height == 360 && $0.steps.isEmpty })
        #expect(report.frameCosts.filter(\.read).count == report.exact)
        #expect((1...2).contains(report.videoFrameCosts.count))
        #expect(report.videoFrameCosts.map(\.readerMilliseconds) == report.videoReaderMilliseconds)
        #expect(report.videoFrameCosts.filter(\.read).count == report.videoExact)
        // Profiled, each frame keeps its reader steps, the region finder first.
        var profiled = evaluation
        profiled.profilesSteps = true
        let steps = try profiled.evaluate(tier: .clean, tierIndex: 0, count: 1, videoCount: 0, videoFrames: 1)
            .frameCosts.first?.steps
        #expect(steps?.first?.name == "finder")
    }

    @Test(arguments: [
        (
            LicenceBackEvaluation.Outcome.exact(
                look: "zxing", looks: 1, warnings: nil, payloadError: false, fieldsDiffer: false),
            "exact (zxing, 1 looks)"
        ),
        (
            .exact(
                look: "rows", looks: 3, warnings: ["headerOffsets", "crlf"], payloadError: true, fieldsDiffer: false),
            "exact (rows, 3 looks) warnings: headerOffsets,crlf payload error"
        ),
        (
            .exact(look: "zxing", looks: 2, warnings: nil, payloadError: false, fieldsDiffer: true),
            "exact (zxing, 2 looks) FIELDS DIFFER"
        ),
        (
            .misread(look: "foundRegion", length: 12, printedLength: 14, firstDifference: 3),
            "MISREAD (foundRegion: 12 bytes for 14, first difference at 3)"
        ),
        (.failed("not found"), "not found"),
    ])
    func outcomesReadAsTheVerboseLinesDid(outcome: LicenceBackEvaluation.Outcome, label: String) {
        #expect(outcome.description == label)
        #expect(outcome.isExact == label.hasPrefix("exact"))
    }
}
