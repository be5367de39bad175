import ArgumentParser
import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Foundation

/// `capkit synth`: writes seeded synthetic document scenes and their ground truth.
struct SynthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate synthetic ID-document frames with ground truth (seeded, reproducible).",
        discussion: """
            Writes DIR/000000.jpg, DIR/000001.jpg, ... and DIR/truth.jsonl, one JSON object per frame with \
            the keys "file" (the frame's basename) and "mrz" (the MRZ lines, or null for a side without \
            an MRZ), the document corners (UL, UR, LR, LL) in frame pixels, the MRZ format and band, the \
            portrait and signature zones and the degradations applied. Frame i depends only on --seed \
            and i, so any frame can be regenerated alone and the same arguments give identical bytes.

            Tiers: clean (small pose changes, clear backgrounds, JPEG 92-95), phone (rotation up to 20°, \
            tilt up to 20°, low-contrast and busy backgrounds, blur, noise, glare off the MRZ, JPEG 70-88), \
            hard (rotation up to 35°, tilt up to 32°, strong blur or motion blur, dim light, glare that \
            may cover the MRZ without saturating it, JPEG 45-65).

            Families: tuning (the generator above, on which the engine is tuned) or heldout (the separately \
            designed family: other scenes, hands, screens, open passport booklets, wider camera angles, lens \
            distortion, rolling shutter, JPEG chains; its truth adds the true tilt, field of view, capture \
            status and the conditions applied). `capkit eval --folder DIR` scores either.
            """
    )

    @Option(help: "Scene family: tuning or heldout.")
    var family: SynthFamilyArgument = .tuning

    @Option(help: "Difficulty tier: clean, phone or hard.")
    var tier: TierArgument = .clean

    @Option(help: "Number of frames to write.")
    var count: Int = 100

    @Option(help: "Seed of the whole set (frame i uses a seed derived from this and i).")
    var seed: UInt64 = 1

    @Option(help: "Frame size WIDTHxHEIGHT, e.g. 1280x720 or 1920x1080.")
    var size: FrameSize = FrameSize(width: 1280, height: 720)

    @Option(
        help: """
            Comma-separated document sides to draw from: td3, td1Back, td1Front, td2, mrvA, mrvB \
            (default: the tier's mix, mostly td3 and td1Back).
            """)
    var kinds: String?

    @Option(help: "Output directory (created if missing).")
    var out: String

    @Flag(help: "Write lossless PNG frames (of the JPEG-degraded pixels) instead of JPEG files.")
    var png = false

    @Flag(help: "Push part of each document outside the frame (the same as --framing partial).")
    var partial = false

    @Option(
        help: """
            Where the tuning family puts each document: inside, partial (10-45% beyond one border), overfilled \
            (wider than the frame), steep (tilted 36-52°), nearEdge (a corner within 2% of a border), or mix \
            (the placement line of `capkit eval`: a third inside, the rest spread over the others).
            """)
    var framing: FramingArgument = .inside

    @Option(
        help: """
            A condition the tuning tiers leave out, drawn on top of the tier: tinyMRZ (MRZ pitch 4.8-7 px), \
            glareOnMRZ (a specular spot on the MRZ, uncapped), lowLight (exposure 0.35-0.55, strong noise), or mix \
            (the stress line of `capkit eval`: the three evenly). Tuning family only.
            """)
    var stress: StressArgument?

    @Option(
        help: """
            A trait of documents and phones in the wild, drawn on top of the tier: openBooklet (a passport's data \
            page with its facing page, spine and cover), heldInHand (fingers over an edge or corner), lensAndShutter \
            (barrel distortion, rolling-shutter skew, chromatic aberration), colourCast, wornPrint (faint ink, worn \
            patches, laminate texture), screenMoire (a photo of a screen), or mix (the wild line of `capkit eval`: \
            the six evenly). Tuning family only.
            """)
    var wild: WildArgument?

    @Option(
        help: ArgumentHelp(
            """
            One trait of the placement, stress or wild line drawn on top of the tier, a tiny MRZ kept at the tier's \
            readable floor: partial, overfilled, steep, nearEdge, tinyMRZ, glareOnMRZ, lowLight, openBooklet, \
            heldInHand, lensAndShutter, colourCast, wornPrint, screenMoire, or mix (the 13 evenly). The severe line \
            of `capkit eval` is `--tier hard --severe mix`. Tuning family only.
            """,
            valueName: "trait"))
    var severe: SevereArgument?

    @Option(help: "Frames generated in parallel.")
    var jobs: Int = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more.") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        _ = try DocumentLayout.Kind.list(kinds)
        if partial || framing != .inside || stress != nil || wild != nil, family == .heldout {
            throw ValidationError(
                "--partial, --framing, --stress and --wild belong to the tuning family; the held-out family draws its own."
            )
        }
        if stress != nil || wild != nil, partial || framing != .inside {
            throw ValidationError(
                "--stress and --wild draw documents inside the frame; they do not combine with --framing.")
        }
        if stress != nil, wild != nil {
            throw ValidationError("--stress and --wild are separate lines; give one of them.")
        }
        if severe != nil, stress != nil || wild != nil || partial || framing != .inside {
            throw ValidationError(
                "--severe draws its own trait; it does not combine with --framing, --stress or --wild.")
        }
        if severe != nil, family == .heldout {
            throw ValidationError("--severe belongs to the tuning family; the held-out family draws its own.")
        }
    }

    func run() async throws {
        let kinds = try DocumentLayout.Kind.list(kinds)
        let composer: @Sendable (UInt64, String) throws -> SyntheticScene
        do {
            switch family {
            case .tuning:
                let framings = try SceneFraming.allCases.map { framing in
                    try SceneComposer(
                        tier: tier.tier, frameWidth: size.width, frameHeight: size.height, kinds: kinds,
                        framing: framing)
                }
                let chosen: FramingArgument = partial ? .partial : framing
                if let severe {
                    let traits = try SceneSevere.traits.map { trait in
                        try trait.composer(
                            tier: tier.tier, frameWidth: size.width, frameHeight: size.height, kinds: kinds)
                    }
                    composer = { seed, name in
                        let trait = severe.trait ?? SceneSevere.mix(seed: seed)
                        return try traits[SceneSevere.traits.firstIndex(of: trait) ?? 0].compose(
                            seed: seed, fileName: name)
                    }
                    break
                }
                if let wild {
                    let drawn = try SceneWild.allCases.map { condition in
                        try SceneComposer(
                            tier: tier.tier, frameWidth: size.width, frameHeight: size.height,
                            kinds: condition.kinds.isEmpty ? kinds : condition.kinds, wild: condition)
                    }
                    composer = { seed, name in
                        let condition = wild.wild ?? SceneWild.mix(seed: seed)
                        return try drawn[SceneWild.allCases.firstIndex(of: condition) ?? 0].compose(
                            seed: seed, fileName: name)
                    }
                    break
                }
                if let stress {
                    let stressed = try SceneStress.allCases.map { condition in
                        try SceneComposer(
                            tier: tier.tier, frameWidth: size.width, frameHeight: size.height, kinds: kinds,
                            stress: condition)
                    }
                    composer = { seed, name in
                        let condition = stress.stress ?? SceneStress.mix(seed: seed)
                        return try stressed[SceneStress.allCases.firstIndex(of: condition) ?? 0].compose(
                            seed: seed, fileName: name)
                    }
                    break
                }
                composer = { seed, name in
                    let framing = chosen.framing ?? SceneFraming.placement(seed: seed)
                    return try framings[SceneFraming.allCases.firstIndex(of: framing) ?? 0].compose(
                        seed: seed, fileName: name)
                }
            case .heldout:
                let heldOut = try HeldOutSceneComposer(
                    tier: tier.tier, frameWidth: size.width, frameHeight: size.height, kinds: kinds)
                composer = { seed, name in try heldOut.compose(seed: seed, fileName: name) }
            }
        } catch {
            throw ValidationError(String(describing: error))
        }
        let directory = URL(fileURLWithPath: out, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var truthLines = Data()
        let progress = ProgressBar(total: count)
        let baseSeed = seed
        let extensionName = png ? "png" : "jpg"
        var next = 0
        while next < count {
            let batch = next..<min(count, next + jobs)
            let scenes = try await withThrowingTaskGroup(of: (Int, SyntheticScene).self) { group in
                for index in batch {
                    let name = Self.fileName(index, extensionName)
                    group.addTask {
                        let frameSeed = SeededGenerator.derive(seed: baseSeed, index: UInt64(index))
                        return (index, try composer(frameSeed, name))
                    }
                }
                var results: [(Int, SyntheticScene)] = []
                for try await result in group { results.append(result) }
                return results.sorted { $0.0 < $1.0 }
            }
            for (index, scene) in scenes {
                let bytes = png ? try ImageCodec.encodePNG(scene.image, compressionLevel: 1) : scene.jpeg
                try bytes.write(to: directory.appendingPathComponent(Self.fileName(index, extensionName)))
                truthLines.append(try encoder.encode(scene.truth))
                truthLines.append(0x0A)
            }
            next = batch.upperBound
            progress.update(next)
        }
        progress.finish()
        try truthLines.write(to: directory.appendingPathComponent("truth.jsonl"))
        FileHandle.standardError.write(
            Data("synth: wrote \(count) \(family.rawValue) \(tier.rawValue) frames to \(out)\n".utf8))
    }

    private static func fileName(_ index: Int, _ ext: String) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + "." + ext
    }
}

/// The `--family` values of `capkit synth`.
enum SynthFamilyArgument: String, ExpressibleByArgument, CaseIterable {
    case tuning
    case heldout
}

/// The `--tier` values.
enum TierArgument: String, ExpressibleByArgument, CaseIterable {
    case clean
    case phone
    case hard

    var tier: SceneTier {
        switch self {
        case .clean: return .clean
        case .phone: return .phoneLike
        case .hard: return .hard
        }
    }
}

/// A `WIDTHxHEIGHT` frame size argument.
struct FrameSize: ExpressibleByArgument, Hashable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// `--stress`: one of the tuning family's stress conditions, or their mix.
enum StressArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case tinyMRZ, glareOnMRZ, lowLight, mix

    /// The condition, nil for the mix (drawn per frame).
    var stress: SceneStress? { SceneStress(rawValue: rawValue) }
}

/// `--wild`: one of the tuning family's wild conditions, or their mix.
enum WildArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case openBooklet, heldInHand, lensAndShutter, colourCast, wornPrint, screenMoire, mix

    /// The condition, nil for the mix (drawn per frame).
    var wild: SceneWild? { SceneWild(rawValue: rawValue) }
}

/// `--severe`: one trait of the tuning family's severe line (``SceneSevere``), or their mix.
struct SevereArgument: ExpressibleByArgument, Sendable {
    /// The trait, nil for the mix (drawn per frame).
    var trait: SceneSevere?

    init?(argument: String) {
        if argument == "mix" {
            trait = nil
            return
        }
        guard let trait = SceneSevere(name: argument) else { return nil }
        self.trait = trait
    }

    static var allValueStrings: [String] { SceneSevere.traits.map(\.name) + ["mix"] }
}

/// `--framing`: one of the tuning family's framings, or their placement mix.
enum FramingArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case inside, partial, overfilled, steep, nearEdge, mix

    /// The framing, nil for the mix (drawn per frame).
    var framing: SceneFraming? { SceneFraming(rawValue: rawValue) }
}
