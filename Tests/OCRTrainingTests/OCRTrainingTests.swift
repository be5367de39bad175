import CaptureCore
import DocumentEngine
import Testing

@testable import OCRTraining

/// The recogniser's training tool: its sets are labelled with the truth, its trainer learns and is
/// reproducible from its seed.
@Suite struct OCRTrainingTests {
    @Test func axpyMatchesThePlainLoopAtEveryLength() {
        for n in [0, 1, 7, 8, 9, 37, 384] {
            let x = (0..<n).map { Float($0) * 0.25 - 3 }
            var y = (0..<n).map { Float($0 % 5) }
            let expected = zip(x, y).map { 1.5 * $0 + $1 }
            x.withUnsafeBufferPointer { x in y.withUnsafeMutableBufferPointer { MLPTrainer.axpy(1.5, x, $0) } }
            #expect(y == expected)
        }
    }

    @Test func renderedBlocksAreCutIntoOnePatchPerCharacter() throws {
        // Given 6 rendered blocks (two of each layout), cut without jitter
        let set = MRZTrainingSet.make(blockCount: 6, seed: 5, jitter: false)
        try #require(set.rejectedBlocks == 0)

        // Then each gave one patch per character (3x30, 2x36, 2x44), of the sampler's size
        #expect(set.blocks == 6)
        #expect(set.count == (90 + 72 + 88) * 2)
        #expect(set.patches.count == set.count * MRZTrainingSet.patchSize)
        #expect(set.labels.allSatisfy { Int($0) < MRZCharacterClassifier.alphabet.count })
    }

    @Test func jitterAddsASecondCutOfEveryCell() {
        let plain = MRZTrainingSet.make(blockCount: 3, seed: 9, jitter: false)
        let jittered = MRZTrainingSet.make(blockCount: 3, seed: 9, jitter: true)
        #expect(jittered.count == 2 * plain.count)
        #expect(jittered.patches != plain.patches + plain.patches)
    }

    @Test func aGeneratedFramesCellsAreLabelledWithItsMRZInReadingOrder() throws {
        // Given a generated frame of the scene set
        let set = MRZTrainingSet.scene(seed: 500_001, jitter: false)
        try #require(set.count > 0, "no band of the frame was fitted")
        let alphabet = MRZCharacterClassifier.alphabet
        let text = String(set.labels.map { alphabet[Int($0)] })
        // Each band that was cut gives the whole MRZ once, line after line.
        let lengths = [90, 72, 88]
        let perBand = try #require(lengths.first { set.count % $0 == 0 && set.count / $0 <= 3 })
        let first = String(text.prefix(perBand))
        #expect(text == String(repeating: first, count: set.count / perBand))
        #expect(
            first.hasPrefix("P") || first.hasPrefix("I") || first.hasPrefix("A") || first.hasPrefix("C")
                || first.hasPrefix("V"))
        #expect(set.rejectedBlocks == 0)
    }

    @Test func theTrainerLearnsAndASeedGivesTheSameWeights() {
        let training = MRZTrainingSet.make(blockCount: 24, seed: 1, jitter: false)
        let validation = MRZTrainingSet.make(blockCount: 6, seed: 2, jitter: false)
        var trainer = MLPTrainer()
        trainer.hiddenCount = 24
        trainer.epochs = 3
        var losses: [Double] = []
        let a = trainer.train(training, version: 3) { _, loss in losses.append(loss) }
        let b = trainer.train(training, version: 3) { _, _ in }

        #expect(a.encoded() == b.encoded())
        #expect(losses.count == 3 && losses[2] < losses[0])
        // Chance is 1/37; a few epochs on two dozen blocks already read most clean cells.
        #expect(MLPTrainer.accuracy(a, on: validation) > 0.5)
        #expect(a.version == 3 && a.hiddenCount == 24)
    }
}
