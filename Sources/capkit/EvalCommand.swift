import ArgumentParser
import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit eval` (what `make eval` runs): accuracy of the document engine on frames with ground
/// truth, either generated on the fly per family and tier or read from a folder written by
/// `capkit synth`.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract:
            "Measure localisation, MRZ, capture status, tilt and CPU on generated frames (per family and tier) or a folder with truth.jsonl.",
        discussion: """
            Without --folder, frames are generated in memory for each family (tuning: the generator the engine \
            is tuned on; held-out: the separately designed family no threshold is decided on) and tier (seeded, \
            so every run sees the same frames), one line per family and tier. A document counts as localised \
            when every found corner lies within 2% of the frame diagonal of the true corner (over documents \
            whose four corners are in the frame); an MRZ counts as exact when every line equals the truth \
            character for character ("verified": and is reported verified, as the SDK returns it by default), \
            and one is misread when it is reported verified (MRZVerification: every check digit agrees, no \
            unchecked character and at most one character of each checked field is unsure) but the text is not \
            the truth (over MRZs wholly inside the frame). Status is the share of frames whose placement status equals the true one (rules in \
            TrueCaptureStatus); tilt is |the engine's tilt - true tilt| over documents in the frame whose tilt \
            the engine measured (mean and 90th percentile). CPU is the \
            analysing thread's time per frame: grayscale conversion and analysis, then the same with the JPEG \
            decoded first.
            """)

    @Option(help: "A folder of frames with truth.jsonl (as written by `capkit synth`); default: generate frames.")
    var folder: String?

    @Option(help: "Scene families to generate when no folder is given: tuning, heldout or both.")
    var family: FamilyArgument = .both

    @Option(
        help:
            "Tiers to generate when no folder is given (clean, phone, hard; placement: phone-like tuning frames placed inside, cut, overfilled, steep or near an edge; stress: phone-like tuning frames with a tiny MRZ, glare on the MRZ or low light; wild: phone-like tuning frames of an open booklet, a document in a hand, lens and rolling-shutter distortion, a colour cast, worn print or a photo of a screen; severe: hard-tier tuning frames, each with one trait of the placement, stress or wild line), comma-separated."
    )
    var tiers = "clean,phone,hard,placement,stress,wild,severe"

    @Option(help: "Frames generated per family and tier.")
    var count = 100

    @Option(help: "Size of generated frames, WIDTHxHEIGHT.")
    var size = "1280x720"

    @Option(help: "First seed of generated frames.")
    var seed: UInt64 = 7

    @Option(help: "MRZ recogniser weights (default: the bundled ones).")
    var weights: String?

    @Flag(help: "Print one line per frame.")
    var verbose = false

    @Flag(
        help:
            "Also print the analysis CPU per stage (MRZ zones and reading, outline, re-reading through the outline, quality) and split by whether the frame's MRZ was read verified."
    )
    var stages = false

    @Option(
        help: ArgumentHelp(
            "Write every frame that fails to this folder: a preview PNG (found outline red, truth green), the frame itself as NAME.frame.png and its line in truth.jsonl, so that `capkit eval --folder` reruns just those.",
            valueName: "folder"))
    var failures: String?

    @Flag(
        help:
            "Say for each frame whose MRZ is not read exactly and verified where it was lost (zone not found, lines not formed, lines cut or merged, cells shifted, recognition, resolver, verification), with counts per line."
    )
    var explain = false

    /// Counts over a set of frames.
    struct Tally {
        var frames = 0, located = 0, mrzFrames = 0, mrzFound = 0, exact = 0
        /// Exact MRZs reported verified: what the SDK returns without `allowUnverifiedResults`.
        var verifiedExact = 0
        /// Documents whose four true corners lie in the frame (the denominator of `located`).
        var visibleDocuments = 0
        /// MRZs whose every check digit agrees but whose text is not the truth: a wrong reading the
        /// checks cannot catch, worse for an integrator than one that fails them.
        var misread = 0
        /// Frames whose placement status equals the true capture status.
        var statusAgrees = 0
        /// Disagreements, "truth>engine" to count.
        var statusMismatches: [String: Int] = [:]
        /// |estimated - true| tilt, degrees.
        var tiltErrors: [Double] = []
        /// CPU seconds: conversion and analysis; JPEG decoding.
        var cpu = 0.0
        var decodeCPU = 0.0
        /// Per-stage CPU (with `--stages`), and the analysis CPU of frames whose MRZ was read
        /// verified against the others.
        var stageClock = StageClock()
        var verifiedFrames = 0, verifiedCPU = 0.0

        /// The `--stages` line: mean milliseconds per frame of each stage, and of frames read
        /// verified against frames that were not.
        var stagesLine: String {
            let n = Double(max(1, frames)), t = stageClock.timings
            let others = frames - verifiedFrames
            return String(
                format:
                    "    stages: MRZ %.1f  outline %.1f  reread %.1f  quality %.1f ms;  verified frames %d at %.1f ms, others %d at %.1f ms",
                t.mrz / n * 1000, t.outline / n * 1000, t.reread / n * 1000, t.quality / n * 1000,
                verifiedFrames, verifiedCPU / Double(max(1, verifiedFrames)) * 1000, others,
                (cpu - verifiedCPU) / Double(max(1, others)) * 1000)
        }

        /// With `--explain`: MRZ frames not read exactly and verified, per stage that lost them.
        var lostAt: [String: Int] = [:]

        func line(_ label: String) -> String {
            let n = Double(max(1, frames)), m = Double(max(1, mrzFrames)), v = Double(max(1, visibleDocuments))
            let sorted = tiltErrors.sorted()
            let meanTilt = sorted.isEmpty ? Double.nan : sorted.reduce(0, +) / Double(sorted.count)
            let p90 =
                sorted.isEmpty
                ? Double.nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.9).rounded(.up)) - 1)]
            return String(
                format:
                    "%@frames %d  localised %.3f  MRZ found %.3f  exact MRZ %.3f (verified %.3f)  misread %d  status %.3f  tilt error %.1f deg (p90 %.1f)  CPU %.1f ms  with decode %.1f ms",
                label, frames, Double(located) / v, Double(mrzFound) / m, Double(exact) / m,
                Double(verifiedExact) / m, misread,
                Double(statusAgrees) / n, meanTilt, p90, cpu / n * 1000, (cpu + decodeCPU) / n * 1000)
        }

        /// The stages that lost MRZs, most frequent first.
        var lostAtSummary: String {
            lostAt.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }

        /// The most frequent status disagreements, e.g. "angleTooSteep>good 4".
        var mismatchSummary: String {
            statusMismatches.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(6)
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive.") }
        if let failures, let folder,
            URL(fileURLWithPath: failures).standardizedFileURL == URL(fileURLWithPath: folder).standardizedFileURL
        {
            throw ValidationError("--failures must name another folder than --folder (its truth.jsonl is rewritten).")
        }
    }

    func run() async throws {
        let scanner = try CommandSupport.documentScanner(weightsPath: weights)
        if let failures {
            // A fresh list of failures for this run.
            try? FileManager.default.removeItem(
                at: URL(fileURLWithPath: failures).appendingPathComponent("truth.jsonl"))
        }
        if let folder {
            for (label, tally) in try evaluateFolder(URL(fileURLWithPath: folder), scanner: scanner) {
                print(tally.line(label))
                if stages { print(tally.stagesLine) }
                if !tally.statusMismatches.isEmpty { print("    status truth>engine: \(tally.mismatchSummary)") }
                if !tally.lostAt.isEmpty { print("    MRZ lost at: \(tally.lostAtSummary)") }
            }
            return
        }
        let dims = size.split(separator: "x").compactMap { Int($0) }
        guard dims.count == 2 else { throw ValidationError("Bad --size \(size); expected WIDTHxHEIGHT.") }
        var tierList: [SceneTier] = []
        var placement = false
        var stress = false
        var wild = false
        var severe = false
        for name in tiers.split(separator: ",") {
            if name == "severe" {
                severe = true
                continue
            }
            if name == "placement" {
                placement = true
                continue
            }
            if name == "stress" {
                stress = true
                continue
            }
            if name == "wild" {
                wild = true
                continue
            }
            guard let tier = TierArgument(rawValue: String(name))?.tier else {
                throw ValidationError(
                    "Unknown tier \(name); use clean, phone, hard, placement, stress, wild or severe.")
            }
            tierList.append(tier)
        }
        print("Document engine on generated frames (\(count) per family and tier, \(size), seeds from \(seed)):")
        print(
            "  tuning: the family the engine's thresholds are decided on; held-out: designed separately, never tuned on."
        )
        if placement {
            print(
                "  tuning placement: phone-like frames placed inside, cut, overfilled, steep or near an edge (the status rules' line)."
            )
        }
        if stress {
            print(
                "  tuning stress: phone-like frames with a tiny MRZ, glare on the MRZ or low light (the MRZ finder's line)."
            )
        }
        if wild {
            print(
                "  tuning wild: phone-like frames of an open booklet, a hand, lens and shutter distortion, a colour cast, worn print or a screen (the outline's line)."
            )
        }
        if severe {
            print(
                "  tuning severe: hard-tier frames, each with one trait of the placement, stress or wild line (their traits on hard optics)."
            )
        }
        for sceneFamily in family.families {
            var lines: [(label: String, compose: (UInt64, String) throws -> SyntheticScene)] = tierList.map { tier in
                (
                    "\(sceneFamily.label) \(tier.rawValue)",
                    { seed, name in
                        try sceneFamily.compose(
                            tier: tier, frameWidth: dims[0], frameHeight: dims[1], seed: seed, fileName: name)
                    }
                )
            }
            // The tuning family's extra lines: phone-like frames, each drawn with the framing or stress
            // of its seed.
            func phoneLikeLine(
                _ label: String, framing: @escaping (UInt64) -> SceneFraming? = { _ in nil },
                stress: @escaping (UInt64) -> SceneStress? = { _ in nil },
                wild: @escaping (UInt64) -> SceneWild? = { _ in nil }
            ) -> (label: String, compose: (UInt64, String) throws -> SyntheticScene) {
                (
                    label,
                    { seed, name in
                        let condition = wild(seed)
                        return try SceneComposer(
                            tier: .phoneLike, frameWidth: dims[0], frameHeight: dims[1], kinds: condition?.kinds ?? [],
                            framing: framing(seed), stress: stress(seed), wild: condition
                        )
                        .compose(seed: seed, fileName: name)
                    }
                )
            }
            if placement && sceneFamily == .tuning {
                lines.append(phoneLikeLine("tuning placement", framing: { .placement(seed: $0) }))
            }
            if stress && sceneFamily == .tuning {
                lines.append(phoneLikeLine("tuning stress", stress: { .mix(seed: $0) }))
            }
            if wild && sceneFamily == .tuning {
                lines.append(phoneLikeLine("tuning wild", wild: { .mix(seed: $0) }))
            }
            if severe && sceneFamily == .tuning {
                lines.append(
                    (
                        "tuning severe",
                        { seed, name in
                            try SceneSevere.mix(seed: seed).composer(frameWidth: dims[0], frameHeight: dims[1])
                                .compose(seed: seed, fileName: name)
                        }
                    ))
            }
            for line in lines {
                var tally = Tally()
                let progress = ProgressBar(total: count)
                let prefix = line.label.replacingOccurrences(of: " ", with: "-").replacingOccurrences(
                    of: "held-out", with: "heldOut")
                for i in 0..<count {
                    let scene = try line.compose(seed &+ UInt64(i), String(format: "%@-%06d.jpg", prefix, i))
                    try evaluate(jpeg: scene.jpeg, truth: scene.truth, scanner: scanner, into: &tally)
                    progress.update(i + 1, label: line.label)
                }
                progress.finish()
                print(tally.line(line.label.padding(toLength: 19, withPad: " ", startingAt: 0)))
                if stages { print(tally.stagesLine) }
                if !tally.statusMismatches.isEmpty { print("    status truth>engine: \(tally.mismatchSummary)") }
                if !tally.lostAt.isEmpty { print("    MRZ lost at: \(tally.lostAtSummary)") }
            }
        }
    }

    /// One tally per family and tier found in the folder's truth, tuning first.
    private func evaluateFolder(_ url: URL, scanner: DocumentScanner) throws -> [(String, Tally)] {
        let lines = try String(contentsOf: url.appendingPathComponent("truth.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        var tallies: [String: Tally] = [:]
        var order: [String] = []
        for line in lines {
            let truth = try JSONDecoder().decode(SceneTruth.self, from: Data(line.utf8))
            let bytes = try Data(contentsOf: url.appendingPathComponent(truth.file))
            let label = "\(truth.family.label) \(truth.tier.rawValue)".padding(
                toLength: 19, withPad: " ", startingAt: 0)
            if tallies[label] == nil { order.append(label) }
            try evaluate(jpeg: bytes, truth: truth, scanner: scanner, into: &tallies[label, default: Tally()])
        }
        return order.sorted().map { ($0, tallies[$0] ?? Tally()) }
    }

    /// Appends `line` and a newline to `file`, creating it when missing.
    private func appendLine(_ line: Data, to file: URL) throws {
        if !FileManager.default.fileExists(atPath: file.path) {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line + Data("\n".utf8))
    }

    private func evaluate(jpeg: Data, truth: SceneTruth, scanner: DocumentScanner, into tally: inout Tally) throws {
        let today = MRZDate(year: 2026, month: 11, day: 22)
        let decodeStart = ThreadCPUTime.now()
        let frame = try ImageCodec.decode(jpeg)
        tally.decodeCPU += ThreadCPUTime.now() - decodeStart
        let start = ThreadCPUTime.now()
        let image = frame.grayscale()
        let a = scanner.analyze(
            image, colour: frame, roi: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
            today: today, clock: stages ? tally.stageClock : nil)
        let elapsed = ThreadCPUTime.now() - start
        tally.cpu += elapsed
        if a.mrzVerified {
            tally.verifiedFrames += 1
            tally.verifiedCPU += elapsed
        }
        tally.frames += 1
        let truthQuad = truth.corners
        let diagonal = Double(truth.frameWidth * truth.frameWidth + truth.frameHeight * truth.frameHeight).squareRoot()
        let error = a.documentQuad.map { $0.maxCornerDistance(to: truthQuad) / diagonal }
        if truth.documentInsideFrame {
            tally.visibleDocuments += 1
            if let e = error, e <= 0.02 { tally.located += 1 }
            if let tilt = a.tiltDegrees, let trueTilt = truth.tiltDegrees {
                tally.tiltErrors.append(abs(tilt - trueTilt))
            }
        }
        let trueStatus = truth.trueCaptureStatus
        if a.placement == trueStatus {
            tally.statusAgrees += 1
        } else {
            tally.statusMismatches["\(trueStatus.rawValue)>\(a.placement.rawValue)", default: 0] += 1
        }
        var ok = true  // a side without an MRZ is judged by its outline alone
        if let truthMRZ = truth.mrz, truth.mrzInsideFrame {
            tally.mrzFrames += 1
            if a.mrzReading != nil { tally.mrzFound += 1 }
            ok = (a.mrz?.correctedLines ?? a.mrzReading?.lines) == truthMRZ
            if ok { tally.exact += 1 }
            if ok, a.mrzVerified { tally.verifiedExact += 1 }
            if !ok, a.mrzVerified { tally.misread += 1 }
        }
        let mislocated = truth.documentInsideFrame && (error ?? 1) > 0.02
        if let failures, !ok || mislocated {
            var preview = frame
            preview.drawQuadrilateral(truthQuad, colour: RGBA(r: 0, g: 220, b: 0, a: 200), thickness: 3)
            if let q = a.documentQuad {
                preview.drawQuadrilateral(q, colour: RGBA(r: 255, g: 0, b: 0, a: 220), thickness: 2)
            }
            for box in a.mrzCharacterBoxes.joined() {
                preview.drawQuadrilateral(box, colour: RGBA(r: 0, g: 120, b: 255, a: 160), thickness: 1)
            }
            let folder = URL(fileURLWithPath: failures)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ImageCodec.encodePNG(preview, compressionLevel: 1).write(
                to: folder.appendingPathComponent(truth.file + ".png"))
            var frameTruth = truth
            frameTruth.file = (truth.file as NSString).deletingPathExtension + ".frame.png"
            if frameTruth.file != truth.file {
                try ImageCodec.encodePNG(frame, compressionLevel: 1).write(
                    to: folder.appendingPathComponent(frameTruth.file))
                try appendLine(JSONEncoder().encode(frameTruth), to: folder.appendingPathComponent("truth.jsonl"))
            }
        }
        if explain, let truthMRZ = truth.mrz, truth.mrzInsideFrame,
            let why = MRZFailureExplanation.explain(
                a, truth: truthMRZ, image: image, pitchPixels: MRZFailureExplanation.truePitch(truth))
        {
            tally.lostAt[why.stage.rawValue, default: 0] += 1
            print("\(truth.file) MRZ lost at \(why.stage.rawValue): \(why.detail)")
        }
        if verbose {
            let e = error.map { String(format: "%.4f", $0) } ?? "none"
            let verdict =
                truth.mrz == nil
                ? "-" : (ok ? "exact" : (a.mrzReading == nil ? "not-found" : (a.mrzVerified ? "misread" : "wrong")))
            let tilt = a.tiltDegrees.map { String(format: "%.1f", $0) } ?? "none"
            let trueTilt = truth.tiltDegrees.map { String(format: "%.1f", $0) } ?? "?"
            print(
                "\(truth.file) corner-error \(e) placement \(a.placement.rawValue) (true \(trueStatus.rawValue))"
                    + " tilt \(tilt) (true \(trueTilt)) mrz \(verdict)"
                    + (truth.degradations?.framing.flatMap { $0 == .inside ? nil : " framing \($0.rawValue)" } ?? "")
                    + (truth.degradations?.stress.map { " stress \($0.rawValue)" } ?? "")
                    + (truth.degradations?.wild.map { " wild \($0.rawValue)" } ?? ""))
        }
    }
}

/// The `--family` values of `capkit eval`.
enum FamilyArgument: String, ExpressibleByArgument, CaseIterable {
    case tuning
    case heldout
    case both

    /// The families to evaluate, tuning first.
    var families: [SceneFamily] {
        switch self {
        case .tuning: return [.tuning]
        case .heldout: return [.heldOut]
        case .both: return [.tuning, .heldOut]
        }
    }
}
