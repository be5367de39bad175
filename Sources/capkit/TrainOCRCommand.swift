import ArgumentParser
import DocumentEngine
import Foundation
import OCRTraining

/// `capkit train-ocr`: retrains the MRZ recogniser from OCR-B renders and writes its weights.
struct TrainOCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train-ocr",
        abstract: "Train the OCR-B MRZ recogniser from augmented renders of Debian's fonts-ocr-b.",
        discussion: """
            Renders seeded blocks of MRZ text (blur, noise, scale, shear, stroke weight, lighting, glare, \
            JPEG), cuts them into character cells with the engine's own line finder, trains the \
            recogniser and reports its accuracy on a held-out validation set. Same seed, same weights.
            """)

    @Option(help: "Where to write the weights file.")
    var out = "Sources/DocumentEngine/Resources/mrz-ocrb.bin"

    @Option(help: "Rendered training blocks (2-3 MRZ lines each).")
    var blocks = 3000

    @Option(help: "Rendered validation blocks.")
    var validationBlocks = 300

    @Option(help: "Training epochs.")
    var epochs = 14

    @Option(help: "Hidden units.")
    var hidden = 192

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    @Option(help: "Version number stored in the weights file.")
    var weightsVersion = 1

    @Option(help: "Only write this many rendered sample bands (PNG) to this folder, then stop.")
    var dumpSamples: String?

    func run() async throws {
        if let dumpSamples {
            try OCRTrainingJob.dumpSamples(count: 24, seed: seed, to: URL(fileURLWithPath: dumpSamples))
            print("wrote 24 sample bands and index.txt to \(dumpSamples)")
            return
        }
        var job = OCRTrainingJob()
        job.trainingBlocks = blocks
        job.validationBlocks = validationBlocks
        job.epochs = epochs
        job.hiddenCount = hidden
        job.seed = seed
        job.version = weightsVersion
        let start = Date()
        let (classifier, report) = job.run { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        try classifier.encoded().write(to: URL(fileURLWithPath: out), options: .atomic)
        print("""
            weights: \(out) (\(report.weightsBytes) bytes, version \(weightsVersion))
            training patches: \(report.trainingPatches) (\(report.rejectedTrainingBlocks) blocks rejected by the line finder)
            validation: \(report.validationPatches) patches, character accuracy \(String(format: "%.4f", report.validationCharacterAccuracy))
            validation blocks: found \(String(format: "%.3f", report.validationBlocksFound)), read exactly \(String(format: "%.3f", report.validationExactBlocks))
            time: \(Int(Date().timeIntervalSince(start))) s
            """)
    }
}
