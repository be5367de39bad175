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
            For each tier, generates --count frames of AAMVA licence backs (payload versions 01-10, \
            rendered with zxing-cpp's writer, placed by the scene composer with the tier's pose, light, \
            blur, noise and JPEG), locates the card with the document localiser and reads the barcode \
            with PDF417Reader. Prints per tier: exact payloads, misreads (a payload returned that is \
            not the one printed: must be 0), rejected payloads, failures, AAMVA fields parsed exactly, \
            and the reader's CPU time per frame. With --out, also writes each frame as 8-bit PGM (the \
            exact gray pixels the reader saw) and truth.jsonl (file, payload in base64) per tier, for \
            scripts/zxing_peer.py.
            """)

    @Option(help: "Frames per tier.")
    var count: Int = 100

    @Option(help: "Tiers to run, comma-separated: clean, phone, hard.")
    var tiers: String = "clean,phone,hard"

    @Option(help: "Seed of the whole set.")
    var seed: UInt64 = 17

    @Option(help: "Frame size WIDTHxHEIGHT.")
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
        let reader = PDF417Reader(acceptsNonAAMVA: false)
        let localizer = DocumentLocalizer()
        print(
            "tier       frames  exact   misread  rejected  failed  fields-exact  localised  localiser ms"
                + "  reader ms (mean/p50/p95)")
        for (tierIndex, tier) in tierList.enumerated() {
            let generator = LicenceBackSceneGenerator(
                composer: try SceneComposer(tier: tier.tier, frameWidth: size.width, frameHeight: size.height))
            var directory: URL?
            var truth = Data()
            if let out {
                let url = URL(fileURLWithPath: out).appendingPathComponent(tier.rawValue)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                directory = url
            }
            var exact = 0, misread = 0, rejected = 0, failed = 0, fieldsExact = 0, localised = 0
            var times: [Double] = []
            var localiserTime = 0.0
            var looks: [PDF417Reader.Look: Int] = [:]
            var failureCounts: [String: Int] = [:]
            let progress = ProgressBar(total: count)
            for i in 0..<count {
                progress.update(i, label: tier.rawValue)
                let frameSeed = SeededGenerator.derive(seed: seed &+ UInt64(tierIndex) &* 1_000_003, index: UInt64(i))
                let name = String(format: "%06d.pgm", i)
                let generated = try generator.scene(seed: frameSeed, fileName: name)
                let frame = generated.scene.image.grayscale()
                if let directory {
                    try Self.pgm(frame).write(to: directory.appendingPathComponent(name))
                    let line = ["file": name, "payload": Data(generated.payload.bytes).base64EncodedString()]
                    truth.append(try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]))
                    truth.append(0x0A)
                }
                let start = CPUClock.now()
                let located = localizer.locate(
                    in: frame, roi: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
                let readStart = CPUClock.now()
                let result = Result { () throws(BarcodeError) -> PDF417Reader.Reading in
                    try reader.read(frame, card: located?.quad)
                }
                let end = CPUClock.now()
                localiserTime += (readStart - start) * 1000
                times.append((end - readStart) * 1000)
                let diagonal = (Double(size.width * size.width + size.height * size.height)).squareRoot()
                if let quad = located?.quad,
                    quad.maxCornerDistance(to: generated.scene.truth.corners) / diagonal <= 0.02
                {
                    localised += 1
                }
                var outcome: String
                switch result {
                case let .success(reading):
                    looks[reading.look, default: 0] += 1
                    if reading.symbol.bytes == generated.payload.bytes {
                        exact += 1
                        outcome = "exact (\(reading.look.rawValue), \(reading.looks) looks)"
                        if reading.record?.fields == generated.payload.fields {
                            fieldsExact += 1
                        } else {
                            outcome += " FIELDS DIFFER"
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
                    var preview = generated.scene.image
                    if let quad = located?.quad { preview.drawQuadrilateral(quad, colour: RGBA(r: 255, g: 0, b: 0)) }
                    preview.drawQuadrilateral(generated.scene.truth.corners, colour: RGBA(r: 0, g: 200, b: 0))
                    preview.drawQuadrilateral(generated.barcode, colour: RGBA(r: 0, g: 90, b: 255))
                    if let region = BarcodeRegionFinder().find(in: frame) {
                        preview.drawQuadrilateral(region.quad, colour: RGBA(r: 255, g: 220, b: 0))
                    }
                    try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
                    let url = URL(fileURLWithPath: failures).appendingPathComponent("\(tier.rawValue)-\(name).png")
                    try ImageCodec.encodePNG(preview, compressionLevel: 1).write(to: url)
                }
                if verbose, let d = generated.scene.truth.degradations {
                    progress.clear()
                    print(
                        String(
                            format: "%@ %@ v%02d  rot %5.1f tilt %4.1f width %.2f blur %.2f motion %.1f noise %.1f"
                                + " q%d glare %@ -> %@ (%.0f ms)",
                            tier.rawValue, name, generated.payload.version, d.rotationDegrees, d.tiltDegrees,
                            d.documentWidthFraction, d.blurSigma, d.motionBlurLength, d.noiseSigma, d.jpegQuality,
                            d.glare == nil ? "no" : "yes", outcome, times.last ?? 0))
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
                    format: "%-9@  %6d  %5.1f%%  %7d  %8d  %6d  %11.1f%%  %8.1f%%  %12.0f  %.0f / %.0f / %.0f",
                    tier.rawValue, count, 100 * Double(exact) / n, misread, rejected, failed,
                    100 * Double(fieldsExact) / Double(max(1, exact)), 100 * Double(localised) / n,
                    localiserTime / n, times.reduce(0, +) / n, percentile(0.5), percentile(0.95)))
            let lookSummary = looks.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }.joined(
                separator: ", ")
            let failureSummary = failureCounts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            print("           read by: \(lookSummary.isEmpty ? "-" : lookSummary)")
            if !failureSummary.isEmpty { print("           failures: \(failureSummary)") }
        }
    }

    /// A binary PGM (P5) of `image`.
    static func pgm(_ image: GrayImage) -> Data {
        var data = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
        data.append(contentsOf: image.pixels)
        return data
    }
}
