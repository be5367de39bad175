import CaptureCore
package import DocumentEngine
package import Foundation

/// `capkit train-ocr`: builds training and validation sets from seeded renders and generated
/// camera frames, trains the recogniser, measures it on the validation sets and writes the weights.
package struct OCRTrainingJob: Sendable {
    package var trainingBlocks = 3000
    package var validationBlocks = 300
    /// Generated frames whose MRZ cells are added to the rendered ones (``MRZTrainingSet/fromScenes(count:seed:jitter:progress:)``).
    package var trainingScenes = 1200
    package var validationScenes = 150
    package var epochs = 14
    package var hiddenCount = 192
    package var seed: UInt64 = 1
    package var version = 1
    /// Real MRZ lines whose cells join the training set (``MRZRealLines``), each cut from
    /// ``realVariants`` bands degraded at strengths spread over 0...1; nil trains on generated material only.
    package var realLines: MRZRealLines?
    package var realVariants = 4
    /// Real lines kept out of training, scored after it (``MRZRealLineEvaluation``).
    package var realValidation: MRZRealLines?
    /// The strengths the real validation lines are scored at.
    package static let realValidationStrengths = [0, 0.5, 1.0]

    package init() {}

    /// What a run measured.
    package struct Report: Sendable {
        package var trainingPatches: Int
        package var rejectedTrainingBlocks: Int
        package var validationPatches: Int
        package var validationCharacterAccuracy: Double
        package var sceneValidationPatches: Int
        /// Character accuracy on cells cut from held-out generated frames.
        package var sceneValidationCharacterAccuracy: Double
        /// Fraction of validation blocks whose every line was read exactly (by the full zone reader).
        package var validationExactBlocks: Double
        package var validationBlocksFound: Double
        package var weightsBytes: Int
        /// Patches cut from real lines, and real lines whose band the line finder could not cut.
        package var realPatches = 0
        package var rejectedRealBands = 0
        /// The real validation lines per strength (empty without them).
        package var realValidation: [MRZRealLineEvaluation.Score] = []
    }

    /// Runs the job; `log` receives progress lines (no personal data: all text is random).
    package func run(log: @escaping @Sendable (String) -> Void) -> (MRZCharacterClassifier, Report) {
        log("rendering \(trainingBlocks) training blocks…")
        var training = MRZTrainingSet.make(blockCount: trainingBlocks, seed: seed, jitter: true)
        let rejectedBlocks = training.rejectedBlocks
        log("  \(training.count) patches, \(rejectedBlocks) blocks rejected by the line finder")
        log("generating \(trainingScenes) training frames…")
        let scenes = MRZTrainingSet.fromScenes(count: trainingScenes, seed: seed, jitter: true) { done in
            if done % 200 == 0 { log("  \(done) frames") }
        }
        log("  \(scenes.count) patches, \(scenes.rejectedBlocks) frames without a band the line finder fits")
        training.append(contentsOf: scenes)
        var real = MRZTrainingSet()
        if let realLines {
            log("cutting \(realLines.lines.count) real lines × \(realVariants) bands…")
            real = MRZTrainingSet.fromRealLines(realLines, variants: realVariants, seed: seed, jitter: true)
            log("  \(real.count) patches, \(real.rejectedBlocks) bands the line finder did not cut")
            training.append(contentsOf: real)
        }
        let validation = MRZTrainingSet.make(blockCount: validationBlocks, seed: seed &+ 1_000_003, jitter: false)
        let sceneValidation = MRZTrainingSet.fromScenes(count: validationScenes, seed: seed &+ 1_000_003, jitter: false)
        var trainer = MLPTrainer()
        trainer.hiddenCount = hiddenCount
        trainer.epochs = epochs
        trainer.seed = seed
        let classifier = trainer.train(training, version: version) { epoch, loss in
            log("  epoch \(epoch)/\(epochs): loss \(String(format: "%.4f", loss))")
        }
        let accuracy = MLPTrainer.accuracy(classifier, on: validation)
        let sceneAccuracy = MLPTrainer.accuracy(classifier, on: sceneValidation)
        let (found, exact) = Self.blockAccuracy(classifier, blocks: validationBlocks, seed: seed &+ 1_000_003)
        var report = Report(
            trainingPatches: training.count, rejectedTrainingBlocks: rejectedBlocks,
            validationPatches: validation.count, validationCharacterAccuracy: accuracy,
            sceneValidationPatches: sceneValidation.count, sceneValidationCharacterAccuracy: sceneAccuracy,
            validationExactBlocks: exact, validationBlocksFound: found,
            weightsBytes: classifier.encoded().count)
        report.realPatches = real.count
        report.rejectedRealBands = real.rejectedBlocks
        if let realValidation {
            report.realValidation = MRZRealLineEvaluation.score(
                classifier, on: realValidation, strengths: Self.realValidationStrengths, seed: seed &+ 2_000_003)
        }
        return (classifier, report)
    }

    /// Reads validation blocks end to end with the zone reader: (found, exactly read) fractions.
    static func blockAccuracy(_ classifier: MRZCharacterClassifier, blocks: Int, seed: UInt64) -> (Double, Double) {
        var renderer = MRZLineRenderer(rng: SplitMix64(seed: seed))
        let reader = MRZZoneReader(classifier: classifier)
        var found = 0, exact = 0
        for i in 0..<blocks {
            let layout = MRZZoneReader.layouts[i % MRZZoneReader.layouts.count]
            let strength = Double((i * 7919) % 1000) / 999
            let block = renderer.render(lineCount: layout.lines, lineLength: layout.length, strength: strength)
            guard let reading = reader.read(band: block.band) else { continue }
            found += 1
            if reading.lines == block.lines { exact += 1 }
        }
        return (Double(found) / Double(blocks), Double(exact) / Double(blocks))
    }

    /// Writes `count` rendered bands as PNGs with their text, for inspection.
    package static func dumpSamples(count: Int, seed: UInt64, to folder: URL) throws {
        var renderer = MRZLineRenderer(rng: SplitMix64(seed: seed))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var index = ""
        for i in 0..<count {
            let layout = MRZZoneReader.layouts[i % MRZZoneReader.layouts.count]
            let strength = Double(i) / Double(max(1, count - 1))
            let block = renderer.render(lineCount: layout.lines, lineLength: layout.length, strength: strength)
            let name = String(format: "band-%03d.png", i)
            try ImageCodec.encodePNG(block.band, compressionLevel: 1).write(to: folder.appendingPathComponent(name))
            let lines = MRZZoneReader.mrzLines(in: block.band)
            let found = lines.map { $0.map { String($0.cellCount) }.joined(separator: ",") } ?? "none"
            index +=
                "\(name) strength=\(String(format: "%.2f", strength)) found=\(found) truth=\(block.lines.joined(separator: "|"))\n"
        }
        try Data(index.utf8).write(to: folder.appendingPathComponent("index.txt"))
    }
}
