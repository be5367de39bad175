import ArgumentParser
import CaptureCore
import DocumentEngine
import Foundation
import OCRTraining

/// `capkit eval-ocr-lines`: the MRZ recogniser on real MRZ line crops.
struct EvalOCRLinesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval-ocr-lines",
        abstract: "Score the MRZ recogniser on real MRZ line crops, clean and degraded as a camera would.",
        discussion: """
            Reads the crops that scripts/mrz_real_lines.py writes (specimen documents' MRZ lines from public \
            material, vetted and split by picture into train and validation), prints each into a band as the \
            scanner rectifies one (strength 0: clean at 8 px/mm; up to 1: low resolution, lighting, glare, \
            blur, noise, JPEG), cuts it with the engine's line finder and reads every cell. Per strength: \
            lines cut into the right number of cells, lines read exactly, character accuracy, and characters \
            read wrong with a confidence of 0.9 or more. Same seed, same bands.
            """)

    @Option(help: "The folder of line crops (index.jsonl, train/, validation/).")
    var lines = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".cache/capturekit/mrz-lines").path

    @Option(help: "Which split to score: validation (kept out of training) or train.")
    var split = "validation"

    @Option(help: "MRZ recogniser weights (default: the bundled ones).")
    var weights: String?

    @Option(help: "Degradation strengths 0...1, comma-separated.")
    var strengths = "0,0.5,1"

    @Option(help: "Random seed of the degradations.")
    var seed: UInt64 = 2_000_004

    @Flag(help: "Also print each strength's characters read wrong, as truth>read with counts.")
    var confusions = false

    @Option(help: "Write the band of every line not read exactly to this folder (PNG, with failures.txt).")
    var dump: String?

    func run() async throws {
        let levels = try strengths.split(separator: ",").map { part -> Double in
            guard let value = Double(part.trimmingCharacters(in: .whitespaces)), (0...1).contains(value) else {
                throw ValidationError("--strengths takes numbers from 0 to 1, comma-separated; got '\(part)'.")
            }
            return value
        }
        guard ["train", "validation"].contains(split) else {
            throw ValidationError("--split is train or validation.")
        }
        let weightsURL =
            weights.map { URL(fileURLWithPath: $0) }
            ?? DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin")
        guard let weightsURL else { throw CommandFailure("The bundled resources are missing.") }
        let classifier = try MRZCharacterClassifier(weights: Data(contentsOf: weightsURL))
        let real = try MRZRealLines.load(folder: URL(fileURLWithPath: lines), split: split)
        guard !real.lines.isEmpty else { throw CommandFailure("No \(split) lines in \(lines).") }
        print("\(real.lines.count) \(split) lines, recogniser version \(classifier.version)")
        var failures = ""
        let dumpFolder = dump.map { URL(fileURLWithPath: $0) }
        if let dumpFolder { try FileManager.default.createDirectory(at: dumpFolder, withIntermediateDirectories: true) }
        let scores = MRZRealLineEvaluation.score(classifier, on: real, strengths: levels, seed: seed) {
            strength, band, cells, truth, read in
            guard let dumpFolder else { return }
            let name = String(format: "s%.2f-%04d.png", strength, failures.split(separator: "\n").count)
            try? ImageCodec.encodePNG(band, compressionLevel: 1).write(to: dumpFolder.appendingPathComponent(name))
            failures += "\(name) cells \(cells) truth \(truth) read \(read ?? "(not cut)")\n"
        }
        if let dumpFolder { try Data(failures.utf8).write(to: dumpFolder.appendingPathComponent("failures.txt")) }
        for score in scores {
            print(Self.describe(score))
            if confusions {
                let pairs = score.confusions.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                print("  wrong: " + pairs.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
        }
    }

    /// One strength's line of figures.
    static func describe(_ score: MRZRealLineEvaluation.Score) -> String {
        String(
            format:
                "strength %.2f: %d lines, cut %d, exact %d (%.3f; %d with O and 0 as one), characters %.4f, confidently wrong %d",
            score.strength, score.lines, score.cut, score.exactLines, score.exactShare, score.exactUpToZeroLines,
            score.characterAccuracy, score.confidentlyWrong)
    }
}
