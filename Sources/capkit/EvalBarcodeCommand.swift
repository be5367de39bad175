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
            time per frame; then the video measurement: --video-count cards seen in --video-frames \
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

    @Flag(help: "Print one line per frame.")
    var verbose = false

    @Option(
        help: """
            Write a preview PNG of every frame that is not read exactly to this folder: card outline found by \
            the localiser red, true card green, true symbol blue, the region the barcode finder chose yellow.
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
        let families: [SceneFamily] =
            switch family {
            case .tuning: [.tuning]
            case .heldout: [.heldOut]
            case .both: [.heldOut, .tuning]
            }
        for sceneFamily in families {
            print("== \(sceneFamily.label) family ==")
            try evaluate(sceneFamily, tiers: tierList)
        }
    }

    /// One generated frame and what a correct reading returns.
    struct Sample {
        var frame: GrayImage
        var colour: RGBAImage
        var payload: [UInt8]
        var version: Int
        /// The fields a textbook payload stands for (tuning family); nil for held-out frames.
        var fields: AAMVAFields?
        /// Held-out issuer quirks written into the payload.
        var quirks: [HeldOutAAMVAQuirk]
        var card: Quadrilateral2D
        var barcode: Quadrilateral2D
        var detail: String
    }

    /// The frames of card `index` of a tier: one, or `frames` of the same card for the video measurement.
    func samples(
        _ family: SceneFamily, tier: TierArgument, tierIndex: Int, index: Int, frames: Int, video: Bool
    ) throws -> [Sample] {
        let salt: UInt64 = video ? 0x5649_4445_4F00_0000 : 0
        let cardSeed = SeededGenerator.derive(
            seed: (seed ^ salt) &+ UInt64(tierIndex) &* 1_000_003, index: UInt64(index))
        switch family {
        case .heldOut:
            return try HeldOutLicenceBackScenes(tier: tier.tier).video(seed: cardSeed, frames: frames).map { f in
                Sample(
                    frame: f.image.grayscale(), colour: f.image, payload: f.payload, version: f.version, fields: nil,
                    quirks: f.quirks, card: f.card, barcode: f.barcode,
                    detail: String(
                        format: "%dx%d v%02d %.2f px/module gain %+.2f quiet %.1f glare %@ quirks %@",
                        f.image.width, f.image.height, f.version, f.pixelsPerModule, f.gain, f.quietZone,
                        f.glare ? "yes" : "no", f.quirks.isEmpty ? "-" : f.quirks.map(\.rawValue).joined(separator: "+")
                    ))
            }
        case .tuning:
            let generator = LicenceBackSceneGenerator(
                composer: try SceneComposer(tier: tier.tier, frameWidth: size.width, frameHeight: size.height))
            // Tuning video: the same payload placed by `frames` scenes of their own (the tuning
            // generator draws the card's design from the scene seed).
            let payloadSeed = SeededGenerator.derive(seed: cardSeed, index: 1)
            return try (0..<frames).map { k in
                let frameSeed = k == 0 ? cardSeed : SeededGenerator.derive(seed: cardSeed, index: UInt64(100 + k))
                let generated = try generator.scene(seed: frameSeed, payloadSeed: payloadSeed)
                let d = generated.scene.truth.degradations
                return Sample(
                    frame: generated.scene.image.grayscale(), colour: generated.scene.image,
                    payload: generated.payload.bytes, version: generated.payload.version,
                    fields: generated.payload.fields, quirks: [], card: generated.scene.truth.corners,
                    barcode: generated.barcode,
                    detail: d.map {
                        String(
                            format:
                                "v%02d rot %5.1f tilt %4.1f width %.2f blur %.2f motion %.1f noise %.1f q%d glare %@",
                            generated.payload.version, $0.rotationDegrees, $0.tiltDegrees, $0.documentWidthFraction,
                            $0.blurSigma, $0.motionBlurLength, $0.noiseSigma, $0.jpegQuality,
                            $0.glare == nil ? "no" : "yes")
                    } ?? "")
            }
        }
    }

    func evaluate(_ family: SceneFamily, tiers tierList: [TierArgument]) throws {
        let reader = PDF417Reader(acceptsNonAAMVA: false)
        let localizer = DocumentLocalizer()
        print(
            "tier       frames  exact   misread  rejected  failed  fields-exact  quirky-exact  localised  localiser ms"
                + "  reader ms (mean/p50/p95)")
        for (tierIndex, tier) in tierList.enumerated() {
            var directory: URL?
            var truth = Data()
            if let out {
                let url = URL(fileURLWithPath: out).appendingPathComponent(
                    family == .heldOut ? "heldout" : "tuning"
                ).appendingPathComponent(tier.rawValue)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                directory = url
            }
            var exact = 0, misread = 0, rejected = 0, failed = 0, fieldsExact = 0, fieldsKnown = 0, localised = 0
            var quirky = 0, quirkyExact = 0
            var times: [Double] = []
            var localiserTime = 0.0
            var looks: [PDF417Reader.Look: Int] = [:]
            var failureCounts: [String: Int] = [:]

            /// Reads one frame; the reading (nil on failure) and its outcome label.
            func read(_ sample: Sample) -> (Result<PDF417Reader.Reading, BarcodeError>, Double) {
                let start = ThreadCPUTime.now()
                let located = localizer.locate(
                    in: sample.frame, roi: PixelRect(x: 0, y: 0, width: sample.frame.width, height: sample.frame.height)
                )
                let readStart = ThreadCPUTime.now()
                let result = Result { () throws(BarcodeError) -> PDF417Reader.Reading in
                    try reader.read(sample.frame, card: located?.quad)
                }
                let end = ThreadCPUTime.now()
                localiserTime += (readStart - start) * 1000
                let diagonal = Double(
                    sample.frame.width * sample.frame.width + sample.frame.height * sample.frame.height
                )
                .squareRoot()
                if let quad = located?.quad, quad.maxCornerDistance(to: sample.card) / diagonal <= 0.02 {
                    localised += 1
                }
                return (result, (end - readStart) * 1000)
            }

            let progress = ProgressBar(total: count)
            for i in 0..<count {
                progress.update(i, label: "\(family.label) \(tier.rawValue)")
                let name = String(format: "%06d.pgm", i)
                let sample = try samples(family, tier: tier, tierIndex: tierIndex, index: i, frames: 1, video: false)[0]
                if let directory {
                    try Self.pgm(sample.frame).write(to: directory.appendingPathComponent(name))
                    let line = ["file": name, "payload": Data(sample.payload).base64EncodedString()]
                    truth.append(try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]))
                    truth.append(0x0A)
                }
                let (result, time) = read(sample)
                times.append(time)
                if !sample.quirks.isEmpty { quirky += 1 }
                var outcome: String
                switch result {
                case let .success(reading):
                    looks[reading.look, default: 0] += 1
                    if reading.symbol.bytes == sample.payload {
                        exact += 1
                        outcome = "exact (\(reading.look.rawValue), \(reading.looks) looks)"
                        if !sample.quirks.isEmpty {
                            quirkyExact += 1
                            let warnings = reading.record?.allWarnings.map(\.code) ?? []
                            outcome +=
                                " warnings: \(warnings.joined(separator: ","))"
                                + (reading.payloadError == nil ? "" : " payload error")
                        }
                        if let fields = sample.fields {
                            fieldsKnown += 1
                            if reading.record?.fields == fields {
                                fieldsExact += 1
                            } else {
                                outcome += " FIELDS DIFFER"
                            }
                        }
                    } else {
                        misread += 1
                        outcome = "MISREAD"
                    }
                case let .failure(error):
                    if case .invalidPayload = error { rejected += 1 } else { failed += 1 }
                    let key: String
                    switch error {
                    case .notFound: key = "not found"
                    case .unreadable: key = "seen, not decodable"
                    case .invalidPayload: key = "rejected payload"
                    default: key = "other"
                    }
                    failureCounts[key, default: 0] += 1
                    outcome = key
                }
                if let failures, !outcome.hasPrefix("exact") {
                    var preview = sample.colour
                    preview.drawQuadrilateral(sample.card, colour: RGBA(r: 0, g: 200, b: 0))
                    preview.drawQuadrilateral(sample.barcode, colour: RGBA(r: 0, g: 90, b: 255))
                    if let region = BarcodeRegionFinder().find(in: sample.frame) {
                        preview.drawQuadrilateral(region.quad, colour: RGBA(r: 255, g: 220, b: 0))
                    }
                    try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
                    let url = URL(fileURLWithPath: failures).appendingPathComponent(
                        "\(family == .heldOut ? "heldout" : "tuning")-\(tier.rawValue)-\(name).png")
                    try ImageCodec.encodePNG(preview, compressionLevel: 1).write(to: url)
                }
                if verbose {
                    progress.clear()
                    print("\(tier.rawValue) \(name) \(sample.detail) -> \(outcome) (\(Int(time)) ms)")
                }
            }
            progress.finish()
            if let directory { try truth.write(to: directory.appendingPathComponent("truth.jsonl")) }
            let sorted = times.sorted()
            func percentile(_ p: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
            }
            let n = Double(max(1, count))
            print(
                String(
                    format: "%-9@  %6d  %5.1f%%  %7d  %8d  %6d  %11@  %12@  %8.1f%%  %12.0f  %.0f / %.0f / %.0f",
                    tier.rawValue, count, 100 * Double(exact) / n, misread, rejected, failed,
                    fieldsKnown == 0 ? "-" : String(format: "%.1f%%", 100 * Double(fieldsExact) / Double(fieldsKnown)),
                    "\(quirkyExact)/\(quirky)", 100 * Double(localised) / n,
                    localiserTime / n, times.reduce(0, +) / n, percentile(0.5), percentile(0.95)))
            let lookSummary = looks.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }.joined(
                separator: ", ")
            let failureSummary = failureCounts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            print("           read by: \(lookSummary.isEmpty ? "-" : lookSummary)")
            if !failureSummary.isEmpty { print("           failures: \(failureSummary)") }

            // Video: each card seen in `videoFrames` frames; the first payload read is kept (as the
            // BlinkID session does), so a card counts as exact when that payload is the printed one
            // and as misread when it is another.
            guard videoCount > 0 else { continue }
            var videoExact = 0, videoMisread = 0
            let videoProgress = ProgressBar(total: videoCount)
            for card in 0..<videoCount {
                videoProgress.update(card, label: "\(family.label) \(tier.rawValue) video")
                let frames = try samples(
                    family, tier: tier, tierIndex: tierIndex, index: card, frames: videoFrames, video: true)
                for sample in frames {
                    if case let .success(reading) = read(sample).0 {
                        if reading.symbol.bytes == sample.payload { videoExact += 1 } else { videoMisread += 1 }
                        break
                    }
                }
            }
            videoProgress.finish()
            print(
                String(
                    format:
                        "           video (%d frames of the same card, first payload read): %d cards, %.1f%% exact, %d misread",
                    videoFrames, videoCount, 100 * Double(videoExact) / Double(videoCount), videoMisread))
        }
    }

    /// A binary PGM (P5) of `image`.
    static func pgm(_ image: GrayImage) -> Data {
        var data = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
        data.append(contentsOf: image.pixels)
        return data
    }
}
