import ArgumentParser
import BlinkID
import CaptureCore
import DocumentClassification
import DocumentEngine
import DocumentScanReport
import Foundation

/// `capkit scan`: reads documents from images, folders or a video and prints what was found.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find ID documents and read their MRZ in images, folders of images, or a video.",
        discussion: """
            Each image is scanned on its own (photo mode). A video file (.mp4, .mov, .mkv, .avi, .webm) \
            or a camera (/dev/videoN) is scanned as one session (video mode): the MRZ counts as read \
            when several frames agree. With --json, one JSON object per input is printed (see README).
            """)

    @Argument(help: "Image files, folders of images, video files or /dev/videoN.")
    var inputs: [String] = []

    @Option(help: "A video file or /dev/videoN to scan (the same as giving it as an input).")
    var video: String?

    @Flag(help: "Print one JSON object per input (JSON Lines).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Write a preview of the last input: a PNG of the frame with the document outline, MRZ boxes and the printed fields read (orange; red where the MRZ contradicts them), or, "
                + "for a video input and a video file name (.mp4, .mkv, ...), every frame with outline, reticle and "
                + "instruction."))
    var preview: String?

    @Option(help: "Licence key (default: $CAPTUREKIT_LICENSE_KEY, else a development licence signed now).")
    var licenseKey: String?

    @Flag(
        help: ArgumentHelp(
            "Accept a --license-key or $CAPTUREKIT_LICENSE_KEY signed with the development key dev-2026 "
                + "(the licence signed now is always accepted)."))
    var allowDevelopmentLicenses = false

    @Flag(help: "For a video or camera: scan through the BlinkIDUX analyzer and print the UI-event timeline.")
    var events = false

    @Option(help: "Scan at most this many frames of a video.")
    var maxFrames: Int = 300

    static let videoExtensions: Set<String> = ["mp4", "mov", "mkv", "avi", "webm", "m4v"]

    func run() async throws {
        let sdk = try await CommandSupport.makeSDK(
            licenseKey: licenseKey, allowsDevelopmentLicenses: allowDevelopmentLicenses)
        let vizRecognizer: (any VizTextRecognizer)?
        do {
            vizRecognizer = try TesseractVizRecognizer()
        } catch {
            vizRecognizer = nil
            CommandSupport.printError("printed fields are not read: \(error)")
        }
        var failures = 0
        var expanded: [(path: String, isVideo: Bool)] = []
        guard !inputs.isEmpty || video != nil else { throw CommandFailure("Give an image, folder or video to scan.") }
        for input in inputs + (video.map { [$0] } ?? []) {
            let ext = (input as NSString).pathExtension.lowercased()
            if Self.videoExtensions.contains(ext) || FFmpegVideoSource.isCameraDevice(input) {
                expanded.append((input, true))
                continue
            }
            do {
                expanded += try ImageFilesSource(paths: [input]).files.map { ($0.path, false) }
            } catch {
                CommandSupport.printError("\(error)")
                failures += 1
            }
        }
        let progress = ProgressBar(total: expanded.count, enabled: expanded.count > 1)
        for (i, item) in expanded.enumerated() {
            let report: ScanReport
            let videoPreview = preview.flatMap { p in
                item.isVideo && i == expanded.count - 1
                    && Self.videoExtensions.contains((p as NSString).pathExtension.lowercased()) ? p : nil
            }
            if item.isVideo && (events || videoPreview != nil) {
                report = await ScanEventsTimeline.run(
                    input: item.path, sdk: sdk, maxFrames: maxFrames, json: json,
                    previewPath: videoPreview, printsTimeline: events)
            } else if item.isVideo {
                report = await scanVideo(item.path, sdk: sdk, vizRecognizer: vizRecognizer)
            } else {
                report = await scanImage(item.path, sdk: sdk, vizRecognizer: vizRecognizer)
            }
            if report.error != nil { failures += 1 }
            progress.update(i + 1)
            progress.clear()
            if json {
                print(report.jsonLine())
            } else {
                print(report.humanReadable())
            }
            if let preview, i == expanded.count - 1, videoPreview == nil, let frame = report.previewFrame {
                try CommandSupport.writePreview(frame, analysis: report.analysis, viz: report.viz, to: preview)
            }
        }
        progress.finish()
        if failures > 0 { throw ExitCode(1) }
    }

    private func scanImage(
        _ path: String, sdk: BlinkIDSdk, vizRecognizer: (any VizTextRecognizer)?
    ) async -> ScanReport {
        let image: RGBAImage
        do {
            image = try ImageCodec.decode(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return ScanReport(input: path, error: "\(error)")
        }
        return await PhotoScan.scan([image], input: path, sdk: sdk, mode: .single, vizRecognizer: vizRecognizer)
    }

    private func scanVideo(
        _ path: String, sdk: BlinkIDSdk, vizRecognizer: (any VizTextRecognizer)?
    ) async -> ScanReport {
        let session = await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(inputImageSource: .video, scanningMode: .single),
            vizRecognizer: vizRecognizer)
        var last: ProcessResult?
        var lastImage: RGBAImage?
        do {
            for try await frame in FFmpegVideoSource(input: path, maxFrames: maxFrames).frames() {
                let r = await session.process(inputImage: InputImage(image: frame.image))
                guard let pr = r.processResult else { break }
                last = pr
                lastImage = frame.image
                if pr.resultCompleteness.scanningStatus == .documentScanned { break }
            }
        } catch {
            return ScanReport(input: path, error: "\(error)")
        }
        let final = await session.getResult()
        return ScanReport(
            input: path, frame: last, mrz: final.mrz, barcode: final.barcode,
            dataMatch: final.dataMatchResult, previewFrame: lastImage,
            analysis: await session.lastAnalysis, viz: final.vizResults)
    }
}
