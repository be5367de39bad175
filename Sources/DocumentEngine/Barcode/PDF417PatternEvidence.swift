package import CaptureCore

/// Counts the PDF417 start and stop patterns seen on scanlines across a candidate region of a
/// frame: the evidence that ranks ``BarcodeRegionFinder`` candidates, so that a guilloche
/// background, striped paper or lines of text (all of them textures of parallel edges) do not
/// stand in front of the symbol.
///
/// Every PDF417 row begins with the start pattern (bar and space widths 8 1 1 1 1 1 1 3 modules)
/// and ends with the stop pattern (7 1 1 3 1 1 1 2 1), the same on every row. `lines` scanlines are
/// sampled along the region's rows (its first side) every half pixel, thresholded at a running
/// local mean, and their runs compared with both patterns, read in both directions (a symbol
/// upside down: the samples reversed read its rows in their own order). The score is the number of (scanline, pattern) hits: a symbol whose modules are
/// resolved scores about one or two per scanline, other textures about none.
///
/// Bounded work: at most `lines × 4000` bilinear samples per region.
package struct PDF417PatternEvidence: Sendable {
    /// Scanlines per region.
    package var lines = 16

    package init() {}

    /// Bar-space widths of the start and stop patterns, in modules, bar first.
    static let startWidths: [Double] = [8, 1, 1, 1, 1, 1, 1, 3]
    static let stopWidths: [Double] = [7, 1, 1, 3, 1, 1, 1, 2, 1]
    /// Most samples per scanline.
    static let longestSamples = 4000

    /// The number of (scanline, pattern) hits across `quad` (first side along the symbol's rows) in `image`.
    package func score(_ image: GrayImage, quad: Quadrilateral2D) -> Int {
        let c = quad.corners
        guard image.width >= 2, image.height >= 2, lines > 0 else { return 0 }
        var hits = 0
        image.pixels.withUnsafeBufferPointer { p in
            for k in 0..<lines {
                let t = (Double(k) + 0.5) / Double(lines)
                let from = c[0] + (c[3] - c[0]) * t, to = c[1] + (c[2] - c[1]) * t
                let length = from.distance(to: to)
                let count = min(Self.longestSamples, Int(2 * length))
                guard count >= 64 else { continue }
                let step = (to - from) * (1 / Double(count - 1))
                var samples = [Double](repeating: 0, count: count)
                for i in 0..<count {
                    let q = from + step * Double(i)
                    samples[i] = GrayImage.bilinearSample(p, width: image.width, height: image.height, x: q.x, y: q.y)
                }
                hits += Self.hits(samples)
                hits += Self.hits(samples.reversed())
            }
        }
        return hits
    }

    /// Start and stop patterns on one scanline read left to right (0, 1 or 2).
    static func hits(_ samples: [Double]) -> Int {
        let (runs, firstDark) = Self.runs(samples)
        var found = 0
        if Self.contains(runs, firstDark: firstDark, widths: startWidths) { found += 1 }
        if Self.contains(runs, firstDark: firstDark, widths: stopWidths) { found += 1 }
        return found
    }

    /// Run lengths of the scanline thresholded midway between the darkest and lightest samples
    /// within about 1/15 of its length around each sample (at least 18 samples: wider than a
    /// start pattern's 8-module bar, so that a bar is never thresholded at its own level), with
    /// sub-sample edges; whether the first run is dark. A flat stretch (range under 24 gray levels)
    /// counts as light.
    static func runs(_ samples: [Double]) -> (runs: [Double], firstDark: Bool) {
        let n = samples.count
        let radius = max(6, n / 45)
        // Block extremes (blocks of `radius`), the three around each sample.
        let blocks = (n + radius - 1) / radius
        var blockLo = [Double](repeating: 255, count: blocks), blockHi = [Double](repeating: 0, count: blocks)
        for i in 0..<n {
            blockLo[i / radius] = min(blockLo[i / radius], samples[i])
            blockHi[i / radius] = max(blockHi[i / radius], samples[i])
        }
        // Per block: the midpoint of the three blocks around it, nil where they are flat.
        let middles: [Double?] = (0..<blocks).map { b in
            let lo = min(blockLo[max(0, b - 1)], blockLo[b], blockLo[min(blocks - 1, b + 1)])
            let hi = max(blockHi[max(0, b - 1)], blockHi[b], blockHi[min(blocks - 1, b + 1)])
            return hi - lo >= 24 ? (hi + lo) / 2 : nil
        }
        func difference(_ i: Int) -> Double {
            guard let middle = middles[i / radius] else { return 1 }
            return samples[i] - middle
        }
        var runs: [Double] = []
        var previous = difference(0)
        let firstDark = previous < 0
        var dark = firstDark, start = 0.0
        for i in 1..<n {
            let d = difference(i)
            if (d < 0) != dark {
                let f = previous == d ? 0.5 : min(1, max(0, previous / (previous - d)))
                let edge = Double(i - 1) + f
                runs.append(edge - start)
                start = edge
                dark.toggle()
            }
            previous = d
        }
        runs.append(Double(n - 1) - start)
        return (runs, firstDark)
    }

    /// Whether some run sequence beginning with a dark run matches `widths` (modules, bar first)
    /// at one module width of at least 1.5 samples (0.75 pixels), each element within 0.6 modules
    /// (1.0 for elements of 3 or more).
    static func contains(_ runs: [Double], firstDark: Bool, widths: [Double]) -> Bool {
        let n = widths.count
        guard runs.count >= n else { return false }
        let total = widths.reduce(0, +)
        let first = widths[0], firstTolerance = first >= 3 ? 1.0 : 0.6
        for i in 0...(runs.count - n) where (i % 2 == 0) == firstDark {
            var sum = 0.0
            for j in 0..<n { sum += runs[i + j] }
            // The first element's share of the sequence, without a division: most sequences fail
            // there (a conservative bound; the exact test follows).
            guard abs(runs[i] * total - first * sum) <= (firstTolerance + 1e-9) * sum + 1e-9 else { continue }
            let m = sum / total
            guard m >= 1.5 else { continue }
            var ok = true
            for j in 0..<n where abs(runs[i + j] / m - widths[j]) > (widths[j] >= 3 ? 1.0 : 0.6) {
                ok = false
                break
            }
            if ok { return true }
        }
        return false
    }
}
