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
    /// Draws a shifted, scaled second cut of every cell (as the line fit can be off by that much);
    /// nil for one cut per cell.
    var jitter: SplitMix64?

    var count: Int { labels.count }
    static let patchSize = MRZCellSampler.width * MRZCellSampler.height

    /// Builds a set from `blockCount` blocks; `strength` of block i cycles through 0...1 so every
    /// degradation level is represented. `jitter` adds shifted copies of each cell.
    static func make(blockCount: Int, seed: UInt64, jitter: Bool, progress: (Int) -> Void = { _ in }) -> MRZTrainingSet
    {
        var renderer = MRZLineRenderer(rng: SplitMix64(seed: seed))
        var set = MRZTrainingSet()
        if jitter { set.jitter = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15) }
        for i in 0..<blockCount {
            let layout = MRZZoneReader.layouts[i % MRZZoneReader.layouts.count]
            let strength = Double((i * 7919) % 1000) / 999
            let block = renderer.render(lineCount: layout.lines, lineLength: layout.length, strength: strength)
            set.blocks += 1
            progress(i + 1)
            if !set.append(block.band, truth: block.lines) { set.rejectedBlocks += 1 }
        }
        return set
    }

    /// Cuts the cells of `band` (found by the engine's line finder) and labels them with `truth`;
    /// false, adding nothing, when the finder's lines do not have the truth's count and lengths.
    /// With ``jitter``, each cell is cut a second time, shifted and scaled a little.
    mutating func append(_ band: GrayImage, truth: [String]) -> Bool {
        guard let lines = MRZZoneReader.mrzLines(in: band), lines.count == truth.count,
            zip(lines, truth).allSatisfy({ $0.cellCount == $1.count })
        else { return false }
        for (line, text) in zip(lines, truth) { append(band, line: line, text: text) }
        return true
    }

    /// Cuts the cells of one fitted `line` of `band` and labels them with `text` (one character per
    /// cell), with ``jitter``'s second cut as in ``append(_:truth:)``.
    mutating func append(_ band: GrayImage, line: MRZTextLine, text: String) {
        for (k, ch) in text.enumerated() {
            guard let label = Self.alphabetIndex[ch] else { continue }
            var variants = [line]
            if var rng = jitter {
                var shifted = line
                shifted.x0 += rng.uniform(-0.12, 0.12) * line.pitch
                shifted.yIntercept += rng.uniform(-0.1, 0.1) * line.capHeight
                shifted.capHeight *= rng.uniform(0.92, 1.08)
                variants.append(shifted)
                jitter = rng
            }
            for v in variants {
                let patch = MRZCellSampler.sample(band, line: v, cell: k)
                patches.append(contentsOf: patch.map { UInt8(($0 * 255).rounded()) })
                labels.append(UInt8(label))
            }
        }
    }

    /// Adds `other`'s patches and labels after this set's (its counts of blocks stay its own).
    mutating func append(contentsOf other: MRZTrainingSet) {
        patches += other.patches
        labels += other.labels
    }

    static let alphabetIndex = Dictionary(
        uniqueKeysWithValues: MRZCharacterClassifier.alphabet.enumerated().map { ($1, $0) })
}
