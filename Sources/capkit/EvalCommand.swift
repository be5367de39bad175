import ArgumentParser
import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit eval` (what `make eval` runs): accuracy of the document engine on frames with ground
/// truth, either generated on the fly per tier or read from a folder written by `capkit synth`.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure localisation and exact-MRZ rates on generated frames (per tier) or a folder with truth.jsonl.",
        discussion: """
            Without --folder, frames are generated in memory for each tier (seeded, so every run sees the same \
            frames) and one line per tier is printed. A document counts as localised when every found corner \
            lies within 2% of the frame diagonal of the true corner; an MRZ counts as exact when every line \
            equals the truth character for character, and one is misread when every check digit agrees but the \
            text is not the truth. CPU is the analysing thread's time per frame.
            """)

    @Option(help: "A folder of frames with truth.jsonl (as written by `capkit synth`); default: generate frames.")
    var folder: String?

    @Option(help: "Tiers to generate when no folder is given (clean, phone, hard), comma-separated.")
    var tiers = "clean,phone,hard"

    @Option(help: "Frames generated per tier.")
    var count = 100

    @Option(help: "Size of generated frames, WIDTHxHEIGHT.")
    var size = "1280x720"

    @Option(help: "First seed of generated frames.")
    var seed: UInt64 = 7

    @Option(help: "MRZ recogniser weights (default: the bundled ones).")
    var weights: String?

    @Flag(help: "Print one line per frame.")
    var verbose = false

    @Option(help: ArgumentHelp(
        "Write every frame that fails to this folder: a preview PNG (found outline red, truth green), the frame itself as NAME.frame.png and its line in truth.jsonl, so that `capkit eval --folder` reruns just those.",
        valueName: "folder"))
    var failures: String?

    /// Counts over a set of frames.
    struct Tally {
        var frames = 0, located = 0, mrzFrames = 0, mrzFound = 0, exact = 0
        /// MRZs whose every check digit agrees but whose text is not the truth: a wrong reading the
        /// checks cannot catch, worse for an integrator than one that fails them.
        var misread = 0
        var cpu = 0.0

        func line(_ label: String) -> String {
            let n = Double(max(1, frames)), m = Double(max(1, mrzFrames))
            return String(format: "%@frames %d  localised %.3f  MRZ found %.3f  exact MRZ %.3f  misread %d  mean CPU %.1f ms",
                          label, frames, Double(located) / n, Double(mrzFound) / m, Double(exact) / m, misread,
                          cpu / n * 1000)
        }
    }

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive.") }
        if let failures, let folder,
           URL(fileURLWithPath: failures).standardizedFileURL == URL(fileURLWithPath: folder).standardizedFileURL {
            throw ValidationError("--failures must name another folder than --folder (its truth.jsonl is rewritten).")
        }
    }

    func run() async throws {
        let weightsURL = weights.map { URL(fileURLWithPath: $0) } ?? DocumentEngineInfo.bundledResourcesFolder?
            .appendingPathComponent("mrz-ocrb.bin")
        guard let weightsURL else { throw CommandFailure("The bundled resources are missing.") }
        let scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weightsURL)))
        if let failures {
            // A fresh list of failures for this run.
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: failures).appendingPathComponent("truth.jsonl"))
        }
        if let folder {
            let tally = try evaluateFolder(URL(fileURLWithPath: folder), scanner: scanner)
            print(tally.line(""))
            return
        }
        let dims = size.split(separator: "x").compactMap { Int($0) }
        guard dims.count == 2 else { throw ValidationError("Bad --size \(size); expected WIDTHxHEIGHT.") }
        print("Document engine on generated frames (\(count) per tier, \(size), seeds from \(seed)):")
        for name in tiers.split(separator: ",") {
            guard let tier = TierArgument(rawValue: String(name))?.tier else {
                throw ValidationError("Unknown tier \(name); use clean, phone or hard.")
            }
            let composer = try SceneComposer(tier: tier, frameWidth: dims[0], frameHeight: dims[1])
            var tally = Tally()
            let progress = ProgressBar(total: count)
            for i in 0..<count {
                let scene = try composer.compose(seed: seed &+ UInt64(i), fileName: String(format: "%@-%06d.jpg",
                                                                                          tier.rawValue, i))
                try evaluate(scene.image, truth: scene.truth, scanner: scanner, into: &tally)
                progress.update(i + 1, label: tier.rawValue)
            }
            progress.finish()
            print(tally.line(tier.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)))
        }
    }

    private func evaluateFolder(_ url: URL, scanner: DocumentScanner) throws -> Tally {
        let lines = try String(contentsOf: url.appendingPathComponent("truth.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        var tally = Tally()
        for line in lines {
            let truth = try JSONDecoder().decode(SceneTruth.self, from: Data(line.utf8))
            let image = try ImageCodec.decode(contentsOf: url.appendingPathComponent(truth.file))
            try evaluate(image, truth: truth, scanner: scanner, into: &tally)
        }
        return tally
    }

    /// Appends `line` and a newline to `file`, creating it when missing.
    private func appendLine(_ line: Data, to file: URL) throws {
        if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line + Data("\n".utf8))
    }

    private func evaluate(_ frame: RGBAImage, truth: SceneTruth, scanner: DocumentScanner, into tally: inout Tally) throws {
        let today = MRZDate(year: 2026, month: 11, day: 22)
        let start = CPUClock.now()
        let image = frame.grayscale()
        let a = scanner.analyze(image, colour: frame, roi: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
                                today: today)
        tally.cpu += CPUClock.now() - start
        tally.frames += 1
        let truthQuad = truth.corners
        let diagonal = Double(truth.frameWidth * truth.frameWidth + truth.frameHeight * truth.frameHeight).squareRoot()
        let error = a.documentQuad.map { $0.maxCornerDistance(to: truthQuad) / diagonal }
        if let e = error, e <= 0.02 { tally.located += 1 }
        var ok = true  // a side without an MRZ is judged by its outline alone
        if let truthMRZ = truth.mrz {
            tally.mrzFrames += 1
            if a.mrzReading != nil { tally.mrzFound += 1 }
            ok = (a.mrz?.correctedLines ?? a.mrzReading?.lines) == truthMRZ
            if ok { tally.exact += 1 }
            if !ok, a.mrzVerified { tally.misread += 1 }
        }
        if let failures, !ok || (error ?? 1) > 0.02 {
            var preview = frame
            preview.drawQuadrilateral(truthQuad, colour: RGBA(r: 0, g: 220, b: 0, a: 200), thickness: 3)
            if let q = a.documentQuad { preview.drawQuadrilateral(q, colour: RGBA(r: 255, g: 0, b: 0, a: 220), thickness: 2) }
            for box in a.mrzCharacterBoxes.joined() {
                preview.drawQuadrilateral(box, colour: RGBA(r: 0, g: 120, b: 255, a: 160), thickness: 1)
            }
            let folder = URL(fileURLWithPath: failures)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ImageCodec.encodePNG(preview, compressionLevel: 1).write(to: folder.appendingPathComponent(truth.file + ".png"))
            var frameTruth = truth
            frameTruth.file = (truth.file as NSString).deletingPathExtension + ".frame.png"
            if frameTruth.file != truth.file {
                try ImageCodec.encodePNG(frame, compressionLevel: 1).write(to: folder.appendingPathComponent(frameTruth.file))
                try appendLine(JSONEncoder().encode(frameTruth), to: folder.appendingPathComponent("truth.jsonl"))
            }
        }
        if verbose {
            let e = error.map { String(format: "%.4f", $0) } ?? "none"
            let verdict = truth.mrz == nil ? "-" : (ok ? "exact" : (a.mrzReading == nil ? "not-found" : "wrong"))
            print("\(truth.file) corner-error \(e) placement \(a.placement.rawValue) mrz \(verdict)")
        }
    }
}
