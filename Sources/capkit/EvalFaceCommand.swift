import ArgumentParser
import CaptureCore
import FaceEngine
import FaceEvaluation
import Foundation

/// `capkit eval-face`: tracking accuracy on sequences generated from the sample faces.
struct EvalFaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval-face",
        abstract: "Move the sample faces along known paths at 1280x720 and measure presence, eye-corner error, "
            + "jitter and re-detection of the try-on tracker.")

    @Option(help: "Folder of sample portraits (every .jpg/.png whose face is found is used).")
    var faces = "samples/faces"

    @Option(help: "Landmark model (dlib 68-point shape predictor).")
    var model = DlibLandmarkBackend.defaultModelPath

    @Option(help: "Sequence length multiplier (1 = 500 frames per face).")
    var length = 1.0

    @Option(help: "Seed of the generated sequences.")
    var seed: UInt64 = 1

    @Option(help: "One Euro cutoff when still, Hz (default: the tracker's).")
    var minimumCutoff: Double?

    @Option(help: "One Euro speed coefficient, per eye distance per second (default: the tracker's).")
    var beta: Double?

    @Option(help: "One Euro derivative cutoff, Hz (default: the tracker's).")
    var derivativeCutoff: Double?

    @Option(help: "Write every n-th frame with truth (green) and tracked (red) landmarks to this folder.")
    var writeFrames: String?

    @Option(help: "With --write-frames: keep one frame in this many.")
    var every = 10

    @Flag(help: "Print one line per frame (segment, truth, evidence, error) to stderr.")
    var trace = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func run() async throws {
        let backend = try DlibLandmarkBackend(modelPath: model)
        let portraits = try EvalFaceCommand.loadPortraits(folder: faces, backend: backend)
        guard !portraits.isEmpty else { throw CommandFailure("\(faces): no portrait with a detectable face") }
        let script = FaceSequenceScript.standard(length: length, seed: seed)
        var metrics = FaceTrackingMetrics()
        var cpu = 0.0
        var frames = 0
        var stages = FaceTrackerTimings()
        var searches = 0
        let progress = ProgressBar(total: portraits.count * script.frameCount, enabled: !json)
        for portrait in portraits {
            let generator = FaceSequenceGenerator(portrait: portrait, script: script, seed: seed)
            var configuration = FaceTrackerConfiguration()
            if let minimumCutoff { configuration.smoothing.minimumCutoff = minimumCutoff }
            if let beta { configuration.smoothing.beta = beta }
            if let derivativeCutoff { configuration.smoothing.derivativeCutoff = derivativeCutoff }
            var tracker = FaceTracker(backend: backend, configuration: configuration)
            for i in 0..<generator.frameCount {
                let frame = generator.frame(i)
                let start = ThreadCPUTime.now()
                let result = try tracker.process(frame.image, at: frame.timestamp)
                cpu += ThreadCPUTime.now() - start
                stages = stages + result.timings
                if result.searchedFullFrame { searches += 1 }
                frames += 1
                metrics.add(frame, tracked: result.face)
                if trace {
                    let e = result.face.map { face in
                        FaceLandmarks.Index.eyeCorners.reduce(0.0) {
                            $0 + face.landmarks[$1].distance(to: frame.truth[$1])
                        }
                            / 4 / frame.truth.outerEyeCornerDistance
                    }
                    let truth = frame.presence.map { "\($0)" } ?? "-"
                    let line =
                        "\(portrait.name) \(i) \(frame.scene.segment.rawValue) truth \(truth) "
                        + "evidence \(result.face.map { "\($0.evidence)" } ?? "none") "
                        + "confidence \(result.face.map { String(format: "%.2f", $0.confidence) } ?? "-") "
                        + "error \(e.map { String(format: "%.4f", $0) } ?? "-")\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                if let folder = writeFrames, i % max(1, every) == 0 {
                    try EvalFaceCommand.writePreview(frame, face: result.face, folder: folder, name: portrait.name)
                }
                progress.update(frames, label: portrait.name)
            }
            metrics.endSequence()
        }
        progress.finish()
        var summary = EvalFaceSummary(
            metrics: metrics, portraits: portraits.map(\.name),
            meanTrackerMilliseconds: cpu / Double(max(1, frames)) * 1000)
        let n = Double(max(1, frames)) / 1000
        summary.stageMilliseconds = [
            "search": stages.search / n, "crop": stages.crop / n,
            "confirmation": stages.confirmation / n, "landmarks": stages.landmarks / n,
            "smoothing": stages.smoothing / n,
        ]
        summary.fullFrameSearches = searches
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else {
            print(summary.text())
        }
    }

    static func loadPortraits(folder: String, backend: DlibLandmarkBackend) throws -> [SourcePortrait] {
        let url = URL(fileURLWithPath: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
        var portraits: [SourcePortrait] = []
        for name in names {
            let portrait: SourcePortrait
            switch Result(catching: { () throws(SourcePortrait.Failure) in
                try SourcePortrait(contentsOf: url.appendingPathComponent(name), backend: backend)
            }) {
            case let .success(p): portrait = p
            case .failure(.noFace): continue
            case let .failure(error): throw error
            }
            // A face cut by the image edge would bring its cut into every frame: full faces only.
            let box = portrait.landmarks.boundingBox
            guard box.left > 0, box.top > 0, box.right < Double(portrait.patch.width),
                box.bottom < Double(portrait.patch.height), portrait.faceSize * 2.4 < Double(portrait.patch.width)
            else { continue }
            portraits.append(portrait)
        }
        return portraits
    }

    static func writePreview(_ frame: GeneratedFaceFrame, face: TrackedFace?, folder: String, name: String) throws {
        var image = frame.image
        for p in frame.truth.points {
            image.drawLine(
                from: p - Point2D(x: 2, y: 0), to: p + Point2D(x: 2, y: 0), colour: RGBA(r: 0, g: 230, b: 0),
                thickness: 1)
        }
        if let face {
            for p in face.landmarks.points {
                image.drawLine(
                    from: p - Point2D(x: 0, y: 2), to: p + Point2D(x: 0, y: 2),
                    colour: RGBA(r: 255, g: 0, b: 0), thickness: 1)
            }
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = URL(fileURLWithPath: folder).appendingPathComponent(
            "\(name)-\(String(format: "%04d", frame.index))-\(frame.scene.segment.rawValue).jpg")
        try ImageCodec.encodeJPEG(image, quality: 85).write(to: file)
    }
}

/// The printed result of `capkit eval-face`: the figures per path kind and overall.
struct EvalFaceSummary: Codable {
    /// One row of the report.
    struct Row: Codable {
        var frames: Int
        var presenceAccuracy: Double?
        var presenceScoredFrames: Int
        var missedPresenceFrames: Int
        var falsePresenceFrames: Int
        var meanEyeCornerError: Double?
        var p95EyeCornerError: Double?
        var meanRawEyeCornerError: Double?
        /// RMS frame-to-frame eye-corner motion on still frames, fraction of the eye distance.
        var jitter: Double?
        var rawJitter: Double?
        var jitterFrames: Int
        var maximumFramesToRedetect: Int?
        var meanFramesToRedetect: Double?
        var appearances: Int
        var appearancesNeverTracked: Int

        init(_ f: FaceTrackingMetrics.Figures) {
            func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
            frames = f.frames
            presenceAccuracy = f.presenceScored > 0 ? f.presenceAccuracy : nil
            presenceScoredFrames = f.presenceScored
            missedPresenceFrames = f.missedPresence
            falsePresenceFrames = f.falsePresence
            meanEyeCornerError = finite(f.meanError)
            p95EyeCornerError = finite(f.p95Error)
            meanRawEyeCornerError = finite(f.meanRawError)
            jitter = finite(f.jitterRMS)
            rawJitter = finite(f.rawJitterRMS)
            jitterFrames = f.jitter.count
            maximumFramesToRedetect = f.maximumRedetectionDelay
            meanFramesToRedetect = finite(f.meanRedetectionDelay)
            appearances = f.redetectionDelays.count + f.redetectionFailures
            appearancesNeverTracked = f.redetectionFailures
        }
    }

    var portraits: [String]
    var overall: Row
    var byPathKind: [String: Row]
    var meanTrackerMilliseconds: Double
    var stageMilliseconds: [String: Double] = [:]
    var fullFrameSearches = 0

    init(metrics: FaceTrackingMetrics, portraits: [String], meanTrackerMilliseconds: Double) {
        self.portraits = portraits
        overall = Row(metrics.overall)
        byPathKind = metrics.bySegment.reduce(into: [:]) { $0[$1.key.rawValue] = Row($1.value) }
        self.meanTrackerMilliseconds = meanTrackerMilliseconds
    }

    func text() -> String {
        func number(_ v: Double?, _ format: String) -> String { v.map { String(format: format, $0) } ?? "-" }
        func line(_ name: String, _ r: Row) -> String {
            let redetect =
                r.appearances == 0
                ? "-"
                : "\(r.maximumFramesToRedetect.map(String.init) ?? "-")/\(number(r.meanFramesToRedetect, "%.2f"))"
                    + " of \(r.appearances)"
                    + (r.appearancesNeverTracked > 0 ? " (\(r.appearancesNeverTracked) never tracked)" : "")
            let columns = [
                name.padding(toLength: 12, withPad: " ", startingAt: 0),
                String(format: "%6d", r.frames),
                number(r.presenceAccuracy, "%.4f").leftPadded(9),
                "\(r.missedPresenceFrames)/\(r.falsePresenceFrames)".leftPadded(8),
                number(r.meanEyeCornerError, "%.4f").leftPadded(8),
                number(r.p95EyeCornerError, "%.4f").leftPadded(8),
                number(r.meanRawEyeCornerError, "%.4f").leftPadded(8),
                number(r.jitter.map { $0 * 100 }, "%.3f%%").leftPadded(9),
                number(r.rawJitter.map { $0 * 100 }, "%.3f%%").leftPadded(9),
                "  " + redetect,
            ]
            return columns.joined(separator: " ")
        }
        var lines = [
            "portraits: " + portraits.joined(separator: ", "),
            "path kind    frames  presence miss/fal   error     p95  raw err    jitter  raw jit  re-detect max/mean of n",
        ]
        for segment in FaceSequenceSegment.allCases {
            if let row = byPathKind[segment.rawValue] { lines.append(line(segment.rawValue, row)) }
        }
        lines.append(line("overall", overall))
        lines.append(
            "error: mean eye-corner distance / outer eye-corner distance; jitter: RMS frame-to-frame "
                + "eye-corner motion on still frames, % of that distance; re-detect: frames from a full appearance "
                + "to tracking")
        lines.append(
            String(format: "tracker CPU per frame %.2f ms", meanTrackerMilliseconds)
                + " ("
                + stageMilliseconds.sorted { $0.key < $1.key }.map { String(format: "%@ %.2f", $0.key, $0.value) }
                .joined(separator: ", ") + "; \(fullFrameSearches) full-frame searches)")
        let o = overall
        let targets = [
            ("presence >= 0.98", (o.presenceAccuracy ?? 0) >= 0.98),
            ("re-detect <= 1 frame", (o.maximumFramesToRedetect ?? .max) <= 1 && o.appearancesNeverTracked == 0),
            ("jitter <= 0.2% of eye distance", (o.jitter ?? .infinity) <= 0.002),
        ]
        lines.append("targets: " + targets.map { "\($0.0) \($0.1 ? "met" : "NOT met")" }.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
