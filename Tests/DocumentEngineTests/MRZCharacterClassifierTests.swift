import Foundation
import Testing

@testable import DocumentEngine

/// The recogniser's batched path must give exactly what one patch at a time gives.
@Suite struct MRZCharacterClassifierTests {
    static func bundled() throws -> MRZCharacterClassifier {
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        return try MRZCharacterClassifier(weights: Data(contentsOf: weights))
    }

    /// Random patches (uniform, sparse ink, blank), in batches of every size up to 9: whole groups
    /// of four and the remainder both go through.
    @Test(arguments: 1...9)
    func batchesGiveTheSameCandidatesAsSinglePatches(count: Int) throws {
        let classifier = try Self.bundled()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(count)
        func next() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        var patches: [Float] = []
        for p in 0..<count {
            for _ in 0..<classifier.inputCount {
                let v = next()
                patches.append(p % 3 == 0 ? v : (p % 3 == 1 ? (v > 0.8 ? 1 : 0) : 0))
            }
        }
        let batched = classifier.candidates(batch: patches, count: 5)
        #expect(batched.count == count)
        for p in 0..<count {
            let single = classifier.candidates(
                Array(patches[(p * classifier.inputCount)..<((p + 1) * classifier.inputCount)]), count: 5)
            #expect(batched[p] == single)
        }
    }

    @Test func anEmptyBatchHasNoCandidates() throws {
        #expect(try Self.bundled().candidates(batch: []).isEmpty)
    }
}
