import CaptureCore
import DocumentEngine

/// Labelled character patches made by rendering MRZ blocks (``MRZLineRenderer``) and cutting them
/// with the engine's own line finder and cell sampler, so training sees exactly the framing and
/// the geometric errors of inference. Blocks whose lines the finder cannot fit to the right
/// length are counted and skipped.
struct MRZTrainingSet {
    /// Patches as bytes (value × 255), `MRZCellSampler.width * height` each.
    var patches: [UInt8] = []
    var labels: [UInt8] = []
    var blocks = 0
    var rejectedBlocks = 0

    var count: Int { labels.count }
    static let patchSize = MRZCellSampler.width * MRZCellSampler.height

    /// Builds a set from `blockCount` blocks; `strength` of block i cycles through 0...1 so every
    /// degradation level is represented. `jitter` adds shifted copies of each cell.
    static func make(blockCount: Int, seed: UInt64, jitter: Bool, progress: (Int) -> Void = { _ in }) -> MRZTrainingSet {
        var renderer = MRZLineRenderer(rng: SplitMix64(seed: seed))
        var set = MRZTrainingSet()
        let alphabetIndex = Dictionary(uniqueKeysWithValues: MRZCharacterClassifier.alphabet.enumerated().map { ($1, $0) })
        for i in 0..<blockCount {
            let layout = MRZZoneReader.layouts[i % MRZZoneReader.layouts.count]
            let strength = Double((i * 7919) % 1000) / 999
            let block = renderer.render(lineCount: layout.lines, lineLength: layout.length, strength: strength)
            set.blocks += 1
            progress(i + 1)
            guard let lines = MRZZoneReader.mrzLines(in: block.band), lines.count == block.lines.count,
                  zip(lines, block.lines).allSatisfy({ $0.cellCount == $1.count }) else {
                set.rejectedBlocks += 1
                continue
            }
            for (line, text) in zip(lines, block.lines) {
                for (k, ch) in text.enumerated() {
                    guard let label = alphabetIndex[ch] else { continue }
                    var variants = [line]
                    if jitter {
                        var shifted = line
                        shifted.x0 += renderer.rng.uniform(-0.12, 0.12) * line.pitch
                        shifted.yIntercept += renderer.rng.uniform(-0.1, 0.1) * line.capHeight
                        shifted.capHeight *= renderer.rng.uniform(0.92, 1.08)
                        variants.append(shifted)
                    }
                    for v in variants {
                        let patch = MRZCellSampler.sample(block.band, line: v, cell: k)
                        set.patches.append(contentsOf: patch.map { UInt8(($0 * 255).rounded()) })
                        set.labels.append(UInt8(label))
                    }
                }
            }
        }
        return set
    }
}
