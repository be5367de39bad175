import CaptureCore
import Foundation
import Testing

@testable import BlinkID
@testable import BlinkIDUX

/// The analyzer end to end on the real SDK and the bundled samples, with an injected clock.
// The limit guards against hangs, not slowness: every session of the test process (BlinkIDTests'
// scans included) runs its frames one at a time on the shared ProcessingActor, so in a full debug
// run these tests queue behind other suites' frames for tens of seconds.
@Suite(.timeLimit(.minutes(3)))
struct BlinkIDAnalyzerTests {
    typealias Outcome = BlinkIDAnalyzer.Outcome

    static let photo = BlinkIDSessionSettings(inputImageSource: .photo)

    static func analyzer(
        sdk: BlinkIDSdk, settings: BlinkIDSessionSettings = photo, clock: ManualClock = ManualClock(),
        stepTimeout: Duration? = .seconds(15), events: BlinkIDEventStream = BlinkIDEventStream()
    ) async -> BlinkIDAnalyzer {
        await BlinkIDAnalyzer(
            sdk: sdk, blinkIDSessionSettings: settings, eventStream: events,
            stepTimeout: stepTimeout, clock: clock,
            translator: UIEventTranslator.Configuration(onsetDelay: .zero))
    }

    static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case let .completed(result): return "completed(\(result.mrz.map { "\($0.documentType)" } ?? "no MRZ"))"
        case let .interrupted(alert): return "interrupted(\(alert))"
        case .cancelled: return "cancelled"
        case .ended: return "ended"
        }
    }

    static func take(_ count: Int, from stream: AsyncStream<[UIEvent]>) async -> [[UIEvent]] {
        var out: [[UIEvent]] = []
        for await batch in stream {
            out.append(batch)
            if out.count == count { break }
        }
        return out
    }

    @Test func aPassportPhotoIsScannedAndResultAnswersTheSameEveryTime() async throws {
        // Given an analyzer in photo mode and a consumer of its events
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk())
        let events = await analyzer.events.stream
        let early = Task { await analyzer.result() }

        // When the td3 sample is analyzed
        await analyzer.analyze(image: try Fixtures.frame("td3"))

        // Then the scan completes with the passport's MRZ, for early and late callers alike
        guard case let .completed(result) = await analyzer.result() else {
            Issue.record("expected completion")
            return
        }
        #expect(result.mrz?.documentType == .td3)
        #expect(result.mrz?.isVerified == true)
        #expect(result.firstDocumentImage != nil)
        #expect(Self.describe(await early.value) == "completed(td3)")
        #expect(Self.describe(await analyzer.result()) == "completed(td3)")
        #expect(await Self.take(1, from: events) == [[]])  // a well-placed passport needs no guidance

        // And later cancels, ends and frames change nothing
        await analyzer.cancel()
        await analyzer.end()
        await analyzer.analyze(image: Fixtures.blankFrame)
        #expect(Self.describe(await analyzer.result()) == "completed(td3)")
    }

    @Test func anIDCardShownBackFirstGivesWrongSideEvents() async throws {
        let clock = ManualClock()
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk(), clock: clock)
        let events = await analyzer.events.stream
        let back = try Fixtures.frame("td1Back")
        await analyzer.analyze(image: back)
        clock.advance(by: .milliseconds(100))
        await analyzer.analyze(image: back)
        let batches = await Self.take(2, from: events)
        #expect(batches.allSatisfy { $0.first == .wrongSide })

        // A consumer joining now learns the current guidance at once
        let late = await analyzer.events.stream
        #expect(await Self.take(1, from: late) == [batches[1]])
        await analyzer.end()
        #expect(Self.describe(await analyzer.result()) == "ended")
    }

    @Test func noDocumentWithinTheStepTimeoutInterruptsTheScan() async throws {
        let clock = ManualClock()
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk(), clock: clock, stepTimeout: .seconds(5))
        await analyzer.analyze(image: Fixtures.blankFrame)
        #expect(await analyzer.isStepTimerArmed)
        clock.advance(by: .seconds(4))
        await analyzer.analyze(image: Fixtures.blankFrame)
        clock.advance(by: .seconds(1))
        #expect(
            Self.describe(await analyzer.result()) == "interrupted(The document was not scanned in time; "
                + "check the lighting and try again.)")
        #expect(await !analyzer.isStepTimerArmed)
    }

    @Test func pausingStopsTheStepTimerAndResumingRestartsItWithTheNextFrame() async throws {
        let clock = ManualClock()
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk(), clock: clock, stepTimeout: .seconds(5))
        await analyzer.analyze(image: Fixtures.blankFrame)
        await analyzer.pause()
        #expect(await !analyzer.isStepTimerArmed)
        await analyzer.analyze(image: Fixtures.blankFrame)  // ignored while paused
        #expect(await !analyzer.isStepTimerArmed)
        clock.advance(by: .seconds(60))
        await analyzer.resume()
        await analyzer.analyze(image: Fixtures.blankFrame)
        #expect(await analyzer.isStepTimerArmed)
        clock.advance(by: .seconds(5))
        guard case .interrupted(.timeout) = await analyzer.result() else {
            Issue.record("expected a timeout five seconds after the frame that followed resume")
            return
        }
    }

    @Test func cancelDuringAnalyzeAbandonsTheFrame() async throws {
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk())
        let frame = try Fixtures.frame("td3")
        let analyzing = Task { await analyzer.analyze(image: frame) }
        while await !analyzer.isProcessingFrame { await Task.yield() }
        await analyzer.cancel()
        await analyzing.value
        #expect(Self.describe(await analyzer.result()) == "cancelled")
    }

    @Test func restartAfterEndScansAgainAndLateWaitersGetTheNewResult() async throws {
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk())
        await analyzer.end()
        #expect(Self.describe(await analyzer.result()) == "ended")

        try await analyzer.restart()
        let waiting = Task { await analyzer.result() }
        let late = await analyzer.events.stream
        #expect(await Self.take(1, from: late) == [[.requestDocumentSide(side: .front)]])
        await analyzer.analyze(image: try Fixtures.frame("td3"))
        #expect(Self.describe(await waiting.value) == "completed(td3)")
    }

    @Test func aRestartWithAnExpiredLicenceThrowsAndChangesNothing() async throws {
        let date = Locked(Fixtures.now)
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk(date: date))
        await analyzer.end()
        date.withLock { $0 = Fixtures.now.addingTimeInterval(2 * Fixtures.licenceLifetime) }
        await #expect(throws: LicenseError.self) { try await analyzer.restart() }
        #expect(await analyzer.hasFinished)  // still the ended scan, not a new one
        #expect(Self.describe(await analyzer.result()) == "ended")
    }

    @Test func theGuidesResultSwitchCompiles() async throws {
        let analyzer = await Self.analyzer(sdk: try await Fixtures.sdk())
        let anyAnalyzer: any CameraFrameAnalyzer<BlinkIDScanningResult, BlinkIDScanningAlertType> = analyzer
        await anyAnalyzer.end()
        var state = "none"
        switch await anyAnalyzer.result() {
        case .completed: state = "completed"
        case .interrupted: state = "interrupted"
        case .cancelled: state = "cancelled"
        case .ended: state = "ended"
        }
        #expect(state == "ended")
        let stream = await anyAnalyzer.events.stream
        await analyzer.events.send([.tooFar])
        for await events in stream {
            #expect(events.contains(.tooFar))
            break
        }
    }
}
