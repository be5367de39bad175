import BlinkID
import BlinkIDUX
import CaptureCore
import DocumentScanReport
import Foundation

/// `capkit scan --events`: scans a video or camera through `BlinkIDAnalyzer` (the BlinkIDUX layer),
/// printing the UI-event timeline (a line whenever the batch of events changes) and the outcome.
///
/// The analyzer runs on a manual clock moved to each frame's timestamp, so debouncing and the step
/// timeout follow the video's own time whatever the processing speed. With `previewPath`, every
/// frame is also drawn into a preview video (``ScanPreviewVideo``); `printsTimeline` false keeps
/// the timeline off standard output (a preview without `--events`).
enum ScanEventsTimeline {
    static func run(
        input: String, sdk: BlinkIDSdk, maxFrames: Int, json: Bool, previewPath: String? = nil,
        printsTimeline: Bool = true
    ) async -> ScanReport {
        let clock = ManualClock()
        let analyzer = await BlinkIDAnalyzer(
            sdk: sdk, blinkIDSessionSettings: BlinkIDSessionSettings(inputImageSource: .video),
            eventStream: BlinkIDEventStream(), stepTimeout: .seconds(15), clock: clock)
        var shown: [UIEvent]?
        var lastImage: RGBAImage?
        var lastFrame: ProcessResult?
        var frames = 0
        var preview: ScanPreviewVideo?
        let source = FFmpegVideoSource(input: input, maxFrames: maxFrames)
        do {
            for try await frame in source.frames() {
                clock.advance(to: ManualClock.Instant(offset: .milliseconds(Int((frame.timestamp * 1000).rounded()))))
                frames += 1
                lastImage = frame.image
                // Decoded video frames are already upright: no rotation (`landscapeRight` is the buffer as is).
                let cameraFrame = CameraFrame(
                    buffer: MBSampleBufferWrapper(image: frame.image), orientation: .landscapeRight)
                let reported = await analyzer.analyzeReportingEvents(image: cameraFrame)
                if let (batch, result) = reported {
                    lastFrame = result
                    if batch != shown && printsTimeline { printLine(time: frame.timestamp, events: batch, json: json) }
                    shown = batch
                }
                let finished = await analyzer.hasFinished
                if let previewPath {
                    if preview == nil {
                        let fps = (try? source.probe().fps) ?? 30
                        preview = try ScanPreviewVideo(
                            path: previewPath, width: frame.image.width, height: frame.image.height, fps: fps)
                    }
                    try preview?.add(
                        frame.image, result: reported?.frame ?? lastFrame, events: reported?.events,
                        scanned: finished,
                        at: .milliseconds(Int((frame.timestamp * 1000).rounded())))
                }
                if finished { break }
            }
            try preview?.finish()
        } catch {
            try? preview?.finish()
            return ScanReport(input: input, error: "\(error)")
        }
        await analyzer.end()  // the video ran out: a scan still in progress ends here
        let outcome: String
        var mrz: MrzResult?
        var barcode: BarcodeResult?
        var dataMatch: DataMatchResult?
        switch await analyzer.result() {
        case let .completed(result):
            outcome = "completed"
            mrz = result.mrz
            barcode = result.barcode
            dataMatch = result.dataMatchResult
        case let .interrupted(alert):
            outcome = "interrupted (\(alert))"
        case .cancelled:
            outcome = "cancelled"
        case .ended:
            outcome = "ended (no document scanned in \(frames) frames)"
        }
        if !printsTimeline {
            // The outcome is in the report printed by the caller.
        } else if json {
            print(#"{"result":"\#(outcome.split(separator: " ").first ?? "")","frames":\#(frames)}"#)
        } else {
            print("result: \(outcome)")
        }
        return ScanReport(
            input: input, frame: lastFrame, mrz: mrz, barcode: barcode, dataMatch: dataMatch,
            previewFrame: lastImage)
    }

    /// A short name for an event (`requestDocumentSide(back)`, `tooFar`).
    static func name(_ event: UIEvent) -> String {
        if case let .requestDocumentSide(side) = event { return "requestDocumentSide(\(side))" }
        return "\(event)"
    }

    private static func printLine(time: Double, events: [UIEvent], json: Bool) {
        let names = events.map(name)
        if json {
            let list = names.map { "\"\($0)\"" }.joined(separator: ",")
            print(#"{"time":\#(String(format: "%.3f", time)),"events":[\#(list)]}"#)
        } else {
            print(String(format: "%8.3fs  ", time) + (names.isEmpty ? "(no guidance)" : names.joined(separator: ", ")))
        }
    }
}
