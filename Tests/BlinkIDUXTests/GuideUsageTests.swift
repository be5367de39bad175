import CaptureCore
import Foundation
import Testing

@testable import BlinkID
@testable import BlinkIDUX

/// The guide's BlinkIDUX usage — analyzer creation, the event loop and the `result()` switch — on
/// Linux, with camera frames read from an image file instead of `camera.sampleBuffer`.
@Suite(.timeLimit(.minutes(3)))
struct GuideUsageTests {
    @Test func theGuidesAnalyzerEventLoopAndResultSwitchRunOnFramesFromAFile() async throws {
        let sdk = try await Fixtures.sdk()
        let td3 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/documents/td3.jpg").path

        // Initialization, exactly as in the guide. That analyzer gives up on a step after 15 s of
        // wall time, which a loaded debug test run can exceed; so this one is only created and ended,
        // and the flow below runs the same analyzer with the step timeout off.
        let guideAnalyzer = await BlinkIDAnalyzer(
            sdk: sdk,
            blinkIDSessionSettings: BlinkIDSessionSettings(inputImageSource: .video),
            eventStream: BlinkIDEventStream()
        )
        await guideAnalyzer.end()
        guard case .ended = await guideAnalyzer.result() else {
            Issue.record("an analyzer ended before any frame should answer ended")
            return
        }

        let eventStream = BlinkIDEventStream()
        let analyzer = await BlinkIDAnalyzer(
            sdk: sdk, blinkIDSessionSettings: BlinkIDSessionSettings(inputImageSource: .video),
            eventStream: eventStream, stepTimeout: nil, clock: ContinuousClock()
        )

        // Event handling, as in the guide (collecting what a view model would show).
        let eventHandlingTask = Task { () -> [UIEvent] in
            var seen: [UIEvent] = []
            for await events in await analyzer.events.stream {
                seen.append(contentsOf: events)
            }
            return seen
        }

        // The guide's analyze(): the result task, then the frame loop.
        let resultTask = Task { () -> String in
            let result = await analyzer.result()
            switch result {
            case .completed(let scanningResult):
                return "completed \(scanningResult.mrz?.documentNumber.isEmpty == false)"
            case .interrupted(let alertType):
                return "interrupted \(alertType)"
            case .cancelled:
                return "cancelled"
            case .ended:
                return "ended"
            }
        }
        // The video mode waits for two agreeing frames: the file is shown a few times, as a held camera would.
        let roi = RegionOfInterest(x: 0, y: 0, width: 1, height: 1)
        for _ in 0..<4 {
            for try await frame in try ImageFilesSource(paths: [td3]).frames() {
                await analyzer.analyze(
                    image: CameraFrame(
                        buffer: MBSampleBufferWrapper(image: frame.image), roi: roi, orientation: .landscapeRight))
            }
        }

        #expect(await resultTask.value == "completed true")
        eventHandlingTask.cancel()
        _ = await eventHandlingTask.value
    }
}
