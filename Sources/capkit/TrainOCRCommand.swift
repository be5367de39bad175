import ArgumentParser
import DocumentEngine
import Foundation
import OCRTraining

/// `capkit train-ocr`: retrains the MRZ recogniser from OCR-B renders and writes its weights.
struct TrainOCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train-ocr",
        abstract: "Train the OCR-B MRZ recogniser from augmented renders of Debian's fonts-ocr-b and generated frames.",
        discussion: """
            Renders seeded blocks of MRZ text (blur, noise, scale, shear, stroke weight, lighting, glare, \
            JPEG) and generates phone-like and hard camera frames of documents (as `capkit synth` does, \
            on seeds far from those `capkit eval` uses), cuts both into character cells with the engine's \
            own zone search, rectification and line finder, trains the recogniser and reports its accuracy \
            on held-out renders and frames. Same seed, same weights.
            """)

    @Option(help: "Where to write the weights file.")
    var out = "Sources/DocumentEngine/Resources/mrz-ocrb.bin"

    @Option(help: "Rendered training blocks (2-3 MRZ lines each).")
    var blocks = 3000

    @Option(help: "Rendered validation blocks.")
    var validationBlocks = 300

    @Option(help: "Generated camera frames (phone-like and hard) whose MRZ cells are added to the training set.")
    var scenes = 1200

    @Option(help: "Generated validation frames.")
    var validationScenes = 150

    @Option(help: "Training epochs.")
    var epochs = 14

    @Option(help: "Hidden units.")
    var hidden = 192

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    @Option(help: "Version number stored in the weights file.")
    var weightsVersion = 1

    @Option(
        help:
            "A folder of real MRZ line crops (scripts/mrz_real_lines.py writes it): its train lines join the training set, its validation lines are scored after training."
    )
    var realLines: String?

    @Option(help: "Degraded bands cut from each real training line.")
    var realVariants = 4

    @Option(help: "Only write this many rendered sample bands (PNG) to this folder, then stop.")
    var dumpSamples: String?

    func validate() throws {
        guard blocks >= 0, scenes >= 0, blocks + scenes > 0 else {
            throw ValidationError("--blocks and --scenes must not be negative, and at least one must be positive.")
        }
        guard validationBlocks > 0, validationScenes >= 0 else {
            throw ValidationError("--validation-blocks must be positive and --validation-scenes not negative.")
        }
        guard (1...64).contains(realVariants) else {
            throw ValidationError("--real-variants must be between 1 and 64.")
        }
        guard (1...1000).contains(epochs) else { throw ValidationError("--epochs must be between 1 and 1000.") }
        guard (1...4096).contains(hidden) else { throw ValidationError("--hidden must be between 1 and 4096.") }
        guard weightsVersion >= 0, weightsVersion <= Int(UInt32.max) else {
            throw ValidationError("--weights-version must fit in 32 bits.")
        }
    }

    func run() async throws {
        if let dumpSamples {
            try OCRTrainingJob.dumpSamples(count: 24, seed: seed, to: URL(fileURLWithPath: dumpSamples))
            print("wrote 24 sample bands and index.txt to \(dumpSamples)")
            return
        }
        var job = OCRTrainingJob()
        job.trainingBlocks = blocks
        job.validationBlocks = validationBlocks
        job.trainingScenes = scenes
        job.validationScenes = validationScenes
        job.epochs = epochs
        job.hiddenCount = hidden
        job.seed = seed
        job.version = weightsVersion
        if let realLines {
            let folder = URL(fileURLWithPath: realLines)
            job.realLines = try MRZRealLines.load(folder: folder, split: "train")
            job.realValidation = try MRZRealLines.load(folder: folder, split: "validation")
            job.realVariants = realVariants
        }
        let start = Date()
        let (classifier, report) = job.run { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        try classifier.encoded().write(to: URL(fileURLWithPath: out), options: .atomic)
        print(
            """
            weights: \(out) (\(report.weightsBytes) bytes, version \(weightsVersion))
            training patches: \(report.trainingPatches) (\(report.rejectedTrainingBlocks) blocks rejected by the line finder)
            validation: \(report.validationPatches) patches, character accuracy \(String(format: "%.4f", report.validationCharacterAccuracy))
            validation frames: \(report.sceneValidationPatches) patches, character accuracy \(String(format: "%.4f", report.sceneValidationCharacterAccuracy))
            validation blocks: found \(String(format: "%.3f", report.validationBlocksFound)), read exactly \(String(format: "%.3f", report.validationExactBlocks))
            time: \(Int(Date().timeIntervalSince(start))) s
            """)
        if realLines != nil {
            print("real lines: \(report.realPatches) training patches (\(report.rejectedRealBands) bands not cut)")
            for score in report.realValidation { print("real validation " + EvalOCRLinesCommand.describe(score)) }
        }
    }
}
