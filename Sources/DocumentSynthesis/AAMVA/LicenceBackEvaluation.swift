package import CaptureCore
package import DocumentEngine
import Foundation

/// The measurement behind `capkit eval-barcode`: generated licence backs of one scene family, read
/// by the document localiser and ``PDF417Reader`` as an app would, counted per tier.
///
/// A frame counts as **exact** when the reader returns the very payload printed, as a **misread** when
/// it returns another (must never happen), as **rejected** when the symbol decodes but its payload is
/// refused, and as **failed** otherwise. In video, each card is seen in several frames and the first
/// payload read is kept (as the BlinkID session does).
///
/// ```swift
/// let evaluation = LicenceBackEvaluation(family: .heldOut, seed: 17, frameWidth: 1920, frameHeight: 1080)
/// let report = try evaluation.evaluate(tier: .phoneLike, tierIndex: 1, count: 100, videoCount: 40, videoFrames: 5)
/// print(report.exact, report.misread)
/// ```
package struct LicenceBackEvaluation: Sendable {
    package var family: SceneFamily
    /// Seed of the whole set: card `i` of tier `t` always gets the same frames.
    package var seed: UInt64
    /// Frame size of the tuning family (the held-out family draws 1280x720 or 1920x1080 itself).
    package var frameWidth: Int
    package var frameHeight: Int
    /// Whether each single frame's reading is profiled step by step (``TierReport/steps``).
    package var profilesSteps = false
    /// Whether the reader makes its codeword look (``PDF417Reader/readsCodewords``); in video the
    /// codeword votes of a card's frames are combined.
    package var readsCodewords = true
    /// How the reader spreads its plan over a video card's frames (``PDF417Pacing``): the SDK's
    /// ``PDF417Pacing/video`` unless the whole plan per frame is measured.
    package var videoPacing = PDF417Pacing.video
    /// Tuning family only: the symbol's rows this many modules high (``LicenceBackRenderer/rowModules``;
    /// nil: the renderer's four).
    package var rowModules: Double?
    /// The region finder's second coherence level (``BarcodeRegionFinder/lowCoherence``), when
    /// another than its own is measured.
    package var lowCoherence: Double?

    package init(family: SceneFamily, seed: UInt64, frameWidth: Int, frameHeight: Int) {
        self.family = family
        self.seed = seed
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }

    /// One generated frame and what a correct reading returns.
    package struct Sample {
        package var frame: GrayImage
        package var colour: RGBAImage
        package var payload: [UInt8]
        package var version: Int
        /// The fields a textbook payload stands for (tuning family); nil for held-out frames.
        package var fields: AAMVAFields?
        /// Held-out issuer quirks written into the payload.
        package var quirks: [HeldOutAAMVAQuirk]
        package var card: Quadrilateral2D
        package var barcode: Quadrilateral2D
        /// The conditions of the frame, for a verbose line.
        package var detail: String
    }

    /// How one frame's reading came out.
    package enum Outcome: Equatable {
        /// The payload printed, by `look` (of `looks` tried); `warnings` lists the issuer-quirk
        /// warnings of a quirky payload (nil for a plain one), `fieldsDiffer` a tuning payload whose
        /// parsed fields are not the generated ones.
        case exact(look: String, looks: Int, warnings: [String]?, payloadError: Bool, fieldsDiffer: Bool)
        /// Another payload than the one printed, by `look`: its length and the printed one's, and the
        /// first byte offset where they differ (no payload text, so that a verbose line shows none).
        case misread(look: String, length: Int, printedLength: Int, firstDifference: Int)
        /// Not read: "not found", "seen, not decodable", "rejected payload" or "other".
        case failed(String)

        /// The label of a verbose line.
        package var description: String {
            switch self {
            case let .exact(look, looks, warnings, payloadError, fieldsDiffer):
                var text = "exact (\(look), \(looks) looks)"
                if let warnings {
                    text += " warnings: \(warnings.joined(separator: ","))" + (payloadError ? " payload error" : "")
                }
                if fieldsDiffer { text += " FIELDS DIFFER" }
                return text
            case let .misread(look, length, printedLength, firstDifference):
                return "MISREAD (\(look): \(length) bytes for \(printedLength), first difference at \(firstDifference))"
            case let .failed(key): return key
            }
        }

        package var isExact: Bool {
            if case .exact = self { return true }
            return false
        }
    }

    /// The counts of one tier.
    package struct TierReport {
        package var frames = 0
        package var exact = 0, misread = 0, rejected = 0, failed = 0
        /// Tuning payloads whose AAMVA fields were parsed exactly, of those read exactly.
        package var fieldsExact = 0, fieldsKnown = 0
        /// Payloads with issuer quirks, and those read exactly.
        package var quirky = 0, quirkyExact = 0
        /// Frames whose card outline the localiser found within 2% of the diagonal.
        package var localised = 0
        /// The reader's CPU time per frame, milliseconds, in frame order.
        package var readerMilliseconds: [Double] = []
        /// Each single frame's size, whether it was read exactly, and its reader's and localiser's CPU
        /// time, in frame order (the cost per frame size, and of frames read against frames not read).
        package var frameCosts: [FrameCost] = []
        /// The same for each video frame read (up to the card's first reading).
        package var videoFrameCosts: [FrameCost] = []
        /// The localiser's CPU time over all frames, milliseconds.
        package var localiserMilliseconds = 0.0
        /// How the exact and rejected readings were read, and why the failures failed.
        package var looks: [String: Int] = [:]
        package var failures: [String: Int] = [:]
        /// Video: cards, cards whose first payload read was the printed one, and misread cards.
        package var videoCards = 0, videoExact = 0, videoMisread = 0
        /// The reader's CPU time per video frame read (up to the card's first reading), milliseconds.
        package var videoReaderMilliseconds: [Double] = []
        /// Per video card read exactly: the frames shown up to the one that read, and the reader's
        /// CPU milliseconds over them.
        package var videoFramesToRead: [Int] = []
        package var videoMillisecondsToRead: [Double] = []
        /// With ``LicenceBackEvaluation/profilesSteps``: the reader's steps over all single frames,
        /// by name (``PDF417ReadProfile``).
        package var steps: [String: StepTotal] = [:]
        /// With ``LicenceBackEvaluation/profilesSteps``: the reader's steps over all video frames read
        /// (up to each card's first reading), by name.
        package var videoSteps: [String: StepTotal] = [:]
        /// With ``LicenceBackEvaluation/profilesSteps``: the work units spent up to the decoding
        /// look, per frame read exactly, and per frame in all (``PDF417Reader/workUnits(_:_:)``).
        package var workToRead: [Int] = []
        package var work: [Int] = []

        /// The reader's time at percentile `p` (0...1).
        package func readerPercentile(_ p: Double) -> Double {
            let sorted = readerMilliseconds.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
        }
    }

    /// What one frame cost: its size, whether the printed payload was read from it, and the CPU
    /// milliseconds of the reader (``PDF417Reader/read(_:card:quick:profile:evidence:isCancelled:)``:
    /// region finding, every look, the codeword look) and of the localiser before it.
    package struct FrameCost: Equatable {
        package var width: Int
        package var height: Int
        package var read: Bool
        package var readerMilliseconds: Double
        package var localiserMilliseconds: Double
        /// The reader's steps on this frame, with ``LicenceBackEvaluation/profilesSteps`` (else empty).
        package var steps: [PDF417ReadProfile.Step] = []

        package init(
            width: Int, height: Int, read: Bool, readerMilliseconds: Double, localiserMilliseconds: Double,
            steps: [PDF417ReadProfile.Step] = []
        ) {
            self.width = width
            self.height = height
            self.read = read
            self.readerMilliseconds = readerMilliseconds
            self.localiserMilliseconds = localiserMilliseconds
            self.steps = steps
        }
    }

    /// One reader step's totals over the frames of a tier.
    package struct StepTotal: Equatable {
        /// Frames on which the step was made, its CPU milliseconds over them, and the frames it decoded.
        package var made = 0
        package var milliseconds = 0.0
        package var decoded = 0
        /// The part of ``milliseconds`` spent in decoder calls, and the milliseconds of the steps that decoded.
        package var decoderMilliseconds = 0.0
        package var decodedMilliseconds = 0.0
        /// How often each outcome ("decoded", "located", "not found", "no image", "skipped") came out.
        package var outcomes: [String: Int] = [:]
    }

    /// The frames of card `index` of a tier: one, or `frames` of the same card for the video measurement.
    package func samples(tier: SceneTier, tierIndex: Int, index: Int, frames: Int, video: Bool) throws -> [Sample] {
        let salt: UInt64 = video ? 0x5649_4445_4F00_0000 : 0
        let cardSeed = SeededGenerator.derive(
            seed: (seed ^ salt) &+ UInt64(tierIndex) &* 1_000_003, index: UInt64(index))
        switch family {
        case .heldOut:
            return try HeldOutLicenceBackScenes(tier: tier).video(seed: cardSeed, frames: frames).map { f in
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
                composer: try SceneComposer(tier: tier, frameWidth: frameWidth, frameHeight: frameHeight),
                rowModules: rowModules)
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

    /// Reads `count` single frames and `videoCount` cards of `tier`. `onFrame` sees each single frame
    /// before it is read (index, sample) and `onOutcome` after (index, sample, outcome, reader ms);
    /// `onVideoCard` each video card before it is read. Either may throw to stop.
    package func evaluate(
        tier: SceneTier, tierIndex: Int, count: Int, videoCount: Int, videoFrames: Int,
        onFrame: (Int, Sample) throws -> Void = { _, _ in },
        onOutcome: (Int, Sample, Outcome, Double) throws -> Void = { _, _, _, _ in },
        onVideoCard: (Int) -> Void = { _ in }
    ) throws -> TierReport {
        var reader = PDF417Reader(acceptsNonAAMVA: false, readsCodewords: readsCodewords)
        if let lowCoherence { reader.regionFinder.lowCoherence = lowCoherence }
        let localizer = DocumentLocalizer()
        var report = TierReport()

        /// Reads one frame as an app would, the card outline then the barcode within it: the result,
        /// the reader's and the localiser's CPU milliseconds, and whether the outline was found.
        func read(
            _ sample: Sample, profile: inout PDF417ReadProfile?, evidence: inout PDF417CodewordEvidence,
            pacing: inout PDF417Pacing
        ) -> (Result<PDF417Reader.Reading, BarcodeError>, Double, Double, Bool) {
            let start = ThreadCPUTime.now()
            let located = localizer.locate(
                in: sample.frame, roi: PixelRect(x: 0, y: 0, width: sample.frame.width, height: sample.frame.height))
            let readStart = ThreadCPUTime.now()
            let result = Result { () throws(BarcodeError) -> PDF417Reader.Reading in
                try reader.read(
                    sample.frame, card: located?.quad, profile: &profile, evidence: &evidence, pacing: &pacing)
            }
            let end = ThreadCPUTime.now()
            let diagonal = Double(sample.frame.width * sample.frame.width + sample.frame.height * sample.frame.height)
                .squareRoot()
            let localised = located.map { $0.quad.maxCornerDistance(to: sample.card) / diagonal <= 0.02 } ?? false
            return (result, (end - readStart) * 1000, (readStart - start) * 1000, localised)
        }

        for i in 0..<count {
            let sample = try samples(tier: tier, tierIndex: tierIndex, index: i, frames: 1, video: false)[0]
            try onFrame(i, sample)
            var profile: PDF417ReadProfile? = profilesSteps ? PDF417ReadProfile() : nil
            var single = PDF417CodewordEvidence()
            var whole = PDF417Pacing.full
            let (result, time, localiserTime, localised) = read(
                sample, profile: &profile, evidence: &single, pacing: &whole)
            Self.add(profile?.steps ?? [], to: &report.steps)
            if let steps = profile?.steps {
                report.work.append(steps.last?.work ?? 0)
                if case let .success(reading) = result, reading.symbol.bytes == sample.payload,
                    let decoding = steps.last(where: { $0.outcome == "decoded" })
                {
                    report.workToRead.append(decoding.work)
                }
            }
            report.frames += 1
            report.readerMilliseconds.append(time)
            report.localiserMilliseconds += localiserTime
            if localised { report.localised += 1 }
            if !sample.quirks.isEmpty { report.quirky += 1 }
            let outcome = Self.outcome(of: result, for: sample, into: &report)
            report.frameCosts.append(
                FrameCost(
                    width: sample.frame.width, height: sample.frame.height, read: outcome.isExact,
                    readerMilliseconds: time, localiserMilliseconds: localiserTime, steps: profile?.steps ?? []))
            try onOutcome(i, sample, outcome, time)
        }

        for card in 0..<videoCount {
            onVideoCard(card)
            report.videoCards += 1
            let frames = try samples(tier: tier, tierIndex: tierIndex, index: card, frames: videoFrames, video: true)
            var evidence = PDF417CodewordEvidence()
            var pacing = videoPacing
            var spent = 0.0
            for (shown, sample) in frames.enumerated() {
                var profile: PDF417ReadProfile? = profilesSteps ? PDF417ReadProfile() : nil
                let (result, time, localiserTime, _) = read(
                    sample, profile: &profile, evidence: &evidence, pacing: &pacing)
                Self.add(profile?.steps ?? [], to: &report.videoSteps)
                report.videoReaderMilliseconds.append(time)
                spent += time
                let read: Bool
                if case let .success(reading) = result {
                    read = reading.symbol.bytes == sample.payload
                } else {
                    read = false
                }
                report.videoFrameCosts.append(
                    FrameCost(
                        width: sample.frame.width, height: sample.frame.height, read: read, readerMilliseconds: time,
                        localiserMilliseconds: localiserTime))
                if case let .success(reading) = result {
                    if reading.symbol.bytes == sample.payload {
                        report.videoExact += 1
                        report.videoFramesToRead.append(shown + 1)
                        report.videoMillisecondsToRead.append(spent)
                    } else {
                        report.videoMisread += 1
                    }
                    break
                }
            }
        }
        return report
    }

    /// Adds one frame's reader steps to the totals by step name.
    private static func add(_ steps: [PDF417ReadProfile.Step], to totals: inout [String: StepTotal]) {
        for step in steps {
            var total = totals[step.name] ?? StepTotal()
            total.made += 1
            total.milliseconds += step.milliseconds
            total.decoderMilliseconds += step.decoderMilliseconds
            total.outcomes[step.outcome, default: 0] += 1
            if step.outcome == "decoded" {
                total.decoded += 1
                total.decodedMilliseconds += step.milliseconds
            }
            totals[step.name] = total
        }
    }

    /// Judges one single-frame reading and counts it.
    private static func outcome(
        of result: Result<PDF417Reader.Reading, BarcodeError>, for sample: Sample, into report: inout TierReport
    ) -> Outcome {
        switch result {
        case let .success(reading):
            report.looks[reading.look.rawValue, default: 0] += 1
            guard reading.symbol.bytes == sample.payload else {
                report.misread += 1
                let read = reading.symbol.bytes, printed = sample.payload
                let firstDifference =
                    (0..<min(read.count, printed.count)).first { read[$0] != printed[$0] }
                    ?? min(read.count, printed.count)
                return .misread(
                    look: reading.look.rawValue, length: read.count, printedLength: printed.count,
                    firstDifference: firstDifference)
            }
            report.exact += 1
            var warnings: [String]?
            if !sample.quirks.isEmpty {
                report.quirkyExact += 1
                warnings = reading.record?.allWarnings.map(\.code) ?? []
            }
            var fieldsDiffer = false
            if let fields = sample.fields {
                report.fieldsKnown += 1
                if reading.record?.fields == fields { report.fieldsExact += 1 } else { fieldsDiffer = true }
            }
            return .exact(
                look: reading.look.rawValue, looks: reading.looks, warnings: warnings,
                payloadError: reading.payloadError != nil, fieldsDiffer: fieldsDiffer)
        case let .failure(error):
            if case .invalidPayload = error { report.rejected += 1 } else { report.failed += 1 }
            let key: String
            switch error {
            case .notFound: key = "not found"
            case .unreadable: key = "seen, not decodable"
            case .invalidPayload: key = "rejected payload"
            default: key = "other"
            }
            report.failures[key, default: 0] += 1
            return .failed(key)
        }
    }
}
