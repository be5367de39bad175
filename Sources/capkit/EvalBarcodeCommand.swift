import ArgumentParser
import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit eval-barcode`: exact-payload rate of the PDF417 reader on generated licence backs.
struct EvalBarcodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval-barcode",
        abstract: "Measure the PDF417 reader's exact-payload rate per tier on generated licence backs.",
        discussion: """
            For each family and tier, generates --count frames of AAMVA licence backs and reads each \
            with the document localiser and PDF417Reader. The tuning family (the one the reader's \
            thresholds are decided on) renders payload versions 01-10 with the scene composer's pose, \
            light, blur, noise and JPEG; the held-out family (HeldOutLicenceBackScenes, never tuned on) \
            has its own card design (guilloche, fine lines, colour gradients), printer gain, 1-2.5 \
            module quiet zones, faded print, glare aimed at the symbol, 720p and 1080p frames, its own \
            optics and payloads with issuer quirks about one card in three, at about 3 / 2.4 / 1.6 \
            pixels per module for clean / phone / hard. Prints per tier: exact payloads, misreads (a \
            payload returned that is not the one printed: must be 0), rejected payloads, failures, \
            AAMVA fields parsed exactly (tuning), quirky payloads read exactly, and the reader's CPU \
            time per frame (region finding, every look and the codeword look; the localiser's apart, \
            JPEG decoding excluded), then per frame size (1920x1080 apart from 1280x720) over all \
            frames, the frames read and the others; then the video measurement: --video-count cards seen in --video-frames \
            frames each, the first payload read kept. With --out, also writes each single frame as \
            8-bit PGM (the exact gray pixels the reader saw) and truth.jsonl (file, payload in base64) \
            under OUT/FAMILY/TIER, for scripts/zxing_peer.py.
            """)

    @Option(help: "Frames per tier.")
    var count: Int = 100

    @Option(
        help:
            "Scene family: tuning (the generator thresholds are decided on), heldout (designed apart, never tuned on) or both."
    )
    var family: FamilyArgument = .both

    @Option(help: "Cards per tier for the video measurement (each seen in --video-frames frames); 0 skips it.")
    var videoCount: Int = 40

    @Option(help: "Frames per card in the video measurement.")
    var videoFrames: Int = 5

    @Option(help: "Tiers to run, comma-separated: clean, phone, hard.")
    var tiers: String = "clean,phone,hard"

    @Option(help: "Seed of the whole set.")
    var seed: UInt64 = 17

    @Option(help: "Frame size WIDTHxHEIGHT of the tuning family (the held-out family draws 1280x720 or 1920x1080).")
    var size: FrameSize = FrameSize(width: 1920, height: 1080)

    @Option(help: "Write frames (PGM) and truth.jsonl per tier under this directory.")
    var out: String?

    @Flag(
        help:
            "Print, per tier, the reader's CPU time per step (finder and each look) over the single frames, and over the video frames."
    )
    var timings = false

    @Flag(help: "Measure the reader without its codeword look (zxing-cpp looks only).")
    var withoutCodewords = false

    @Flag(
        help:
            "Video measurement: make the reader's whole plan on every frame instead of spreading it over the card's frames as the SDK does (PDF417Pacing.video)."
    )
    var videoFullPlan = false

    @Option(
        help:
            "Video measurement: the reader's further looks per frame (PDF417Pacing.looksPerFrame), to measure another pacing than the SDK's."
    )
    var videoLooksPerFrame: Int?

    @Option(
        help:
            "Tuning family only: draw the symbol's rows this many modules high (default: the generator's 4; 3 is PDF417's recommended minimum)."
    )
    var rowModules: Double?

    @Option(help: "Measure the barcode finder at another second coherence level (its own: 0.15).")
    var lowCoherence: Double?

    @Flag(
        help:
            "Print one line per frame (with --timings, then each frame not read or read past its first look, with its reader steps)."
    )
    var verbose = false

    @Option(
        help: """
            Write a preview PNG of every frame that is not read exactly to this folder: true card green, true \
            symbol blue, the region the barcode finder chose yellow.
            """)
    var failures: String?

    func run() async throws {
        let tierList = try tiers.split(separator: ",").map { name -> TierArgument in
            guard let tier = TierArgument(rawValue: String(name).trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("Unknown tier '\(name)'; use clean, phone or hard.")
            }
            return tier
        }
        guard count >= 0, videoCount >= 0, (1...30).contains(videoFrames) else {
            throw ValidationError("--count and --video-count must not be negative; --video-frames is 1...30.")
        }
        if let videoLooksPerFrame, !(0...PDF417Reader.maximumLooks).contains(videoLooksPerFrame) {
            throw ValidationError("--video-looks-per-frame is 0...\(PDF417Reader.maximumLooks).")
        }
        if let rowModules, !(2...8).contains(rowModules) { throw ValidationError("--row-modules is 2...8.") }
        if let lowCoherence, !(0...1).contains(lowCoherence) { throw ValidationError("--low-coherence is 0...1.") }
        let families: [SceneFamily] =
            switch family {
            case .tuning: [.tuning]
            case .heldout: [.heldOut]
            case .both: [.heldOut, .tuning]
            }
        if !withoutCodewords {
            // The codeword table is derived once per process, on first use: measured here apart.
            let start = ThreadCPUTime.now()
            let derived = PDF417Reader.prepareCodewordTable()
            print(
                String(
                    format: "codeword table: %@ in %.0f ms CPU", derived ? "derived" : "NOT derived",
                    (ThreadCPUTime.now() - start) * 1000))
        }
        for sceneFamily in families {
            print("== \(sceneFamily.label) family ==")
            try evaluate(sceneFamily, tiers: tierList)
        }
    }

    /// Runs ``LicenceBackEvaluation`` on every tier of `family` and prints its counts; writes the
    /// frames, failure previews and verbose lines asked for.
    func evaluate(_ family: SceneFamily, tiers tierList: [TierArgument]) throws {
        var evaluation = LicenceBackEvaluation(
            family: family, seed: seed, frameWidth: size.width, frameHeight: size.height)
        evaluation.profilesSteps = timings
        evaluation.readsCodewords = !withoutCodewords
        if videoFullPlan {
            evaluation.videoPacing = .full
        } else if let videoLooksPerFrame {
            evaluation.videoPacing = PDF417Pacing(looksPerFrame: videoLooksPerFrame)
        }
        evaluation.rowModules = rowModules
        evaluation.lowCoherence = lowCoherence
        let familyFolder = family == .heldOut ? "heldout" : "tuning"
        print(
            "tier       frames  exact   misread  rejected  failed  fields-exact  quirky-exact  localised  localiser ms"
                + "  reader ms (mean/p50/p95)")
        for (tierIndex, tier) in tierList.enumerated() {
            var directory: URL?
            var truth = Data()
            if let out {
                let url = URL(fileURLWithPath: out).appendingPathComponent(familyFolder)
                    .appendingPathComponent(tier.rawValue)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                directory = url
            }
            let progress = ProgressBar(total: count)
            let videoProgress = ProgressBar(total: videoCount)
            let report = try evaluation.evaluate(
                tier: tier.tier, tierIndex: tierIndex, count: count, videoCount: videoCount, videoFrames: videoFrames,
                onFrame: { i, sample in
                    progress.update(i, label: "\(family.label) \(tier.rawValue)")
                    guard let directory else { return }
                    let name = String(format: "%06d.pgm", i)
                    try Self.pgm(sample.frame).write(to: directory.appendingPathComponent(name))
                    let line = ["file": name, "payload": Data(sample.payload).base64EncodedString()]
                    truth.append(try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]))
                    truth.append(0x0A)
                },
                onOutcome: { i, sample, outcome, time in
                    let name = String(format: "%06d.pgm", i)
                    if let failures, !outcome.isExact {
                        try Self.writeFailurePreview(
                            sample, to: failures, name: "\(familyFolder)-\(tier.rawValue)-\(name).png")
                    }
                    if verbose {
                        progress.clear()
                        print("\(tier.rawValue) \(name) \(sample.detail) -> \(outcome.description) (\(Int(time)) ms)")
                    }
                    if i == count - 1 { progress.finish() }
                },
                onVideoCard: { card in videoProgress.update(card, label: "\(family.label) \(tier.rawValue) video") })
            if count == 0 { progress.finish() }
            if videoCount > 0 { videoProgress.finish() }
            if let directory { try truth.write(to: directory.appendingPathComponent("truth.jsonl")) }
            printSummary(report, tier: tier)
        }
    }

    /// The tier's line, how readings were read and why failures failed, and the video line.
    private func printSummary(_ report: LicenceBackEvaluation.TierReport, tier: TierArgument) {
        let n = Double(max(1, count))
        print(
            String(
                format: "%-9@  %6d  %5.1f%%  %7d  %8d  %6d  %11@  %12@  %8.1f%%  %12.0f  %.0f / %.0f / %.0f",
                tier.rawValue, count, 100 * Double(report.exact) / n, report.misread, report.rejected, report.failed,
                report.fieldsKnown == 0
                    ? "-" : String(format: "%.1f%%", 100 * Double(report.fieldsExact) / Double(report.fieldsKnown)),
                "\(report.quirkyExact)/\(report.quirky)", 100 * Double(report.localised) / n,
                report.localiserMilliseconds / n, report.readerMilliseconds.reduce(0, +) / n,
                report.readerPercentile(0.5), report.readerPercentile(0.95)))
        let lookSummary = report.looks.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
        let failureSummary = report.failures.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
        print("           read by: \(lookSummary.isEmpty ? "-" : lookSummary)")
        for line in Self.costLines(report.frameCosts) { print("           single frames, " + line) }
        if verbose && timings {
            // Frames not read, and frames read past their first look (finder, outline, first look).
            for (i, cost) in report.frameCosts.enumerated() where !cost.read || cost.steps.count > 3 {
                let steps = cost.steps.map { String(format: "%@ %.1f (%@)", $0.name, $0.milliseconds, $0.outcome) }
                print(
                    String(format: "           %@ %06d.pgm: ", cost.read ? "read" : "not read", i)
                        + steps.joined(separator: ", "))
            }
        }
        if !failureSummary.isEmpty { print("           failures: \(failureSummary)") }
        if !report.work.isEmpty {
            let read = report.workToRead.sorted(), all = report.work.sorted()
            print(
                "           work units per frame: mean \(all.reduce(0, +) / all.count), max \(all.last ?? 0)"
                    + " (budget \(PDF417Reader.maximumWork)); to the reading look: max \(read.last ?? 0)"
                    + ", p95 \(read.isEmpty ? 0 : read[min(read.count - 1, Int(0.95 * Double(read.count)))])")
        }
        if !report.steps.isEmpty { Self.printSteps(report.steps, frames: n, title: "step") }
        guard report.videoCards > 0 else { return }
        print(
            String(
                format:
                    "           video (%d frames of the same card, first payload read): %d cards, %.1f%% exact, %d misread;"
                    + " reader ms per frame (mean/p95) %.0f / %.0f",
                videoFrames, report.videoCards, 100 * Double(report.videoExact) / Double(report.videoCards),
                report.videoMisread,
                report.videoReaderMilliseconds.reduce(0, +) / Double(max(1, report.videoReaderMilliseconds.count)),
                Self.percentile(report.videoReaderMilliseconds, 0.95)))
        for line in Self.costLines(report.videoFrameCosts) { print("           video frames, " + line) }
        if !report.videoSteps.isEmpty {
            Self.printSteps(
                report.videoSteps, frames: Double(max(1, report.videoReaderMilliseconds.count)), title: "video step")
        }
        if !report.videoFramesToRead.isEmpty {
            let n = Double(report.videoFramesToRead.count)
            print(
                String(
                    format:
                        "           video cards read: frames to the reading one %.2f, reader ms over them %.0f (means)",
                    Double(report.videoFramesToRead.reduce(0, +)) / n, report.videoMillisecondsToRead.reduce(0, +) / n))
            // Cards read before the reader had spent a given CPU time on them: what an app sees
            // when frames arrive faster than the reader takes them (30 per second).
            let within = [100.0, 200, 400].map { budget in
                String(
                    format: "%.0f ms %.1f%%", budget,
                    100 * Double(report.videoMillisecondsToRead.filter { $0 <= budget }.count)
                        / Double(report.videoCards))
            }
            print("           video cards read within reader CPU: " + within.joined(separator: ", "))
        }
    }

    /// The reader's steps over `frames` frames, most costly first: how often each was made and
    /// decoded, its CPU milliseconds per frame and per step, the decoder's share, and its outcomes.
    static func printSteps(_ steps: [String: LicenceBackEvaluation.StepTotal], frames n: Double, title: String) {
        print(
            "           " + title.padding(toLength: 28, withPad: " ", startingAt: 0)
                + "  made  decoded  ms per frame  ms per step  decoder share"
                + "  ms per decoding step  ms per other step  outcomes")
        for (name, total) in steps.sorted(by: { $0.value.milliseconds > $1.value.milliseconds }) {
            let others = total.made - total.decoded
            print(
                "           " + name.padding(toLength: 28, withPad: " ", startingAt: 0)
                    + String(
                        format: "  %4d  %7d  %12.1f  %11.1f  %12.0f%%  %20.1f  %17.1f", total.made, total.decoded,
                        total.milliseconds / n, total.milliseconds / Double(max(1, total.made)),
                        100 * total.decoderMilliseconds / max(1e-9, total.milliseconds),
                        total.decodedMilliseconds / Double(max(1, total.decoded)),
                        (total.milliseconds - total.decodedMilliseconds) / Double(max(1, others)))
                    + "  "
                    + total.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                        separator: ", "))
        }
    }

    /// The cost per frame of each frame size, largest first: the reader's CPU milliseconds per
    /// frame (mean / p95) over all frames, over the frames read exactly and over the others, and
    /// the localiser's mean (it runs before the reader, in an app as here).
    static func costLines(_ costs: [LicenceBackEvaluation.FrameCost]) -> [String] {
        let sizes = Set(costs.map { FrameSize(width: $0.width, height: $0.height) })
            .sorted { $0.width * $0.height > $1.width * $1.height }
        return sizes.map { size in
            let frames = costs.filter { $0.width == size.width && $0.height == size.height }
            func summary(_ subset: [LicenceBackEvaluation.FrameCost]) -> String {
                let ms = subset.map(\.readerMilliseconds)
                guard !ms.isEmpty else { return "0 frames" }
                return String(
                    format: "%d frames %.0f / %.0f", ms.count, ms.reduce(0, +) / Double(ms.count), percentile(ms, 0.95))
            }
            let localiser = frames.map(\.localiserMilliseconds).reduce(0, +) / Double(max(1, frames.count))
            return "\(size.width)x\(size.height) reader ms (mean / p95): all \(summary(frames)); read "
                + "\(summary(frames.filter(\.read))); not read \(summary(frames.filter { !$0.read }))"
                + String(format: "; localiser mean %.0f", localiser)
        }
    }

    /// A preview PNG of a frame not read exactly: the true card green, the true symbol blue, the
    /// region the barcode finder chose yellow.
    static func writeFailurePreview(_ sample: LicenceBackEvaluation.Sample, to folder: String, name: String) throws {
        var preview = sample.colour
        preview.drawQuadrilateral(sample.card, colour: RGBA(r: 0, g: 200, b: 0))
        preview.drawQuadrilateral(sample.barcode, colour: RGBA(r: 0, g: 90, b: 255))
        if let region = BarcodeRegionFinder().find(in: sample.frame) {
            preview.drawQuadrilateral(region.quad, colour: RGBA(r: 255, g: 220, b: 0))
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try ImageCodec.encodePNG(preview, compressionLevel: 1).write(
            to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    /// The value at percentile `p` (0...1) of `values`, 0 when empty.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
    }

    /// A binary PGM (P5) of `image`.
    static func pgm(_ image: GrayImage) -> Data {
        var data = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
        data.append(contentsOf: image.pixels)
        return data
    }
}
