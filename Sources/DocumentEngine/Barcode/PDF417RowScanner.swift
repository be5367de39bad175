package import CaptureCore

/// Reads the codewords of a PDF417 symbol from an upright image of it (rows horizontal, as
/// ``PDF417Reader`` cuts the symbol's fitted outline out of the frame), with the symbol's own
/// geometry instead of a search:
///
/// 1. every ``rowStep``-th scanline is binarised (two ways: local mean, local min/max midpoint) and
///    its edges placed to a fraction of a pixel;
/// 2. start (8 1 1 1 1 1 1 3) and stop (7 1 1 3 1 1 1 2 1) patterns are found where they are
///    legible, and straight lines fitted through their ends give the symbol's left and right
///    edge on **every** scanline, also where glare or fading hid them; the module width and the
///    number of columns follow from the span;
/// 3. each codeword slot (17 modules) is read from its 8 element widths, else from its 17
///    module centres, and looked up in the cluster tables (``PDF417CodewordTable``);
/// 4. row indicators give the row of a scanline, the number of rows, columns and the
///    error-correction level; scanlines whose indicators are unreadable get their row from a
///    line fitted through the others (y → row), checked against their cluster;
/// 5. every legible codeword on a scanline inside its row's band (not at the band's edges,
///    ``bandTolerance``) is a vote for its position (``PDF417CodewordGrid``): positions never
///    read become erasures for the error correction.
///
/// Bounded work: one pass per binarisation over every ``rowStep``-th row of the image (at most 2000 x
/// 2000 pixels are accepted), linear in the number of pixels.
package struct PDF417RowScanner: Sendable {
    /// Pixel rows from one scanline to the next.
    package var rowStep: Int

    /// A scanner reading every `rowStep`-th pixel row (the default, every second row, suits an
    /// image at full scale; every row of an image enlarged half as much across the rows reads
    /// about the same lines).
    package init(rowStep: Int = 2) {
        self.rowStep = max(1, rowStep)
    }

    /// How far from its band's centre, in rows, a line's codewords still vote (the middle 70% of a
    /// row's band). Decided on a symbol with 24 hidden codewords sampled at 48 vertical phases and
    /// scales (`BarcodeCodewordTests`): with every line voting, 5 samplings gave a hidden codeword a
    /// wrong vote; within 0.45 of the centre 4, within 0.4 2, within 0.35 none. The tuning family
    /// reads the same frames either way (`capkit eval-barcode --family tuning`).
    static let bandTolerance = 0.35

    /// Start and stop patterns, in modules.
    static let startWidths: [Double] = [8, 1, 1, 1, 1, 1, 1, 3]
    static let stopWidths: [Double] = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// Reads `image` as it is and turned by 180°, returning the grid with more votes (nil when
    /// neither gave a symbol's rows, columns and level). When the symbol's orientation is known
    /// (`upright`: true as it is, false turned by 180°), only that one is read: the other costs a
    /// second pass and reads nothing (a symbol turned by 180° shows its patterns reversed).
    package func scan(_ image: GrayImage, upright: Bool? = nil) -> PDF417CodewordGrid? {
        guard image.width >= 64, image.height >= 12, image.width <= 2000, image.height <= 2000 else { return nil }
        if let upright {
            return scanOriented(upright ? image : image.rotated(quarterTurnsClockwise: 2))
        }
        let upright = scanOriented(image)
        if let upright, upright.filled >= upright.rows * upright.columns * 3 / 4 { return upright }
        let turned = scanOriented(image.rotated(quarterTurnsClockwise: 2))
        switch (upright, turned) {
        case let (a?, b?): return a.filled >= b.filled ? a : b
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }

    /// One scanline's findings.
    struct Line {
        var y: Double
        var edges: [Double]
        /// Whether the first run (before edges[0]) is dark.
        var firstDark: Bool
        var start: (x: Double, module: Double)?
        var stop: (x: Double, module: Double)?
    }

    /// Reads `image` as it is (``scan(_:)`` also tries it turned by 180°).
    func scanOriented(_ image: GrayImage) -> PDF417CodewordGrid? {
        guard image.width >= 64, image.height >= 12, image.width <= 2000, image.height <= 2000 else { return nil }
        let lines = scanlines(image)
        // Geometry: module width and columns from lines with both patterns.
        let both = lines.filter { $0.start != nil && $0.stop != nil && $0.stop!.x > $0.start!.x }
        guard both.count >= 3 else { return nil }
        var columnVotes: [Int: Int] = [:]
        for l in both {
            let m = (l.start!.module + l.stop!.module) / 2
            let c = Int(((l.stop!.x - l.start!.x) / m - 18) / 17 - 3 + 0.5)
            if (1...30).contains(c) { columnVotes[c, default: 0] += 1 }
        }
        guard let geometricColumns = columnVotes.max(by: { $0.value < $1.value })?.key else { return nil }
        let totalModules = Double(17 * (geometricColumns + 3) + 18)
        let modules = both.map { ($0.stop!.x - $0.start!.x) / totalModules }.sorted()
        let module = modules[modules.count / 2]
        guard module >= 0.8 else { return nil }
        guard
            let startFit = Self.robustLine(
                lines.compactMap { l in l.start.map { (l.y, $0.x) } }, tolerance: 1.5 * module),
            let stopFit = Self.robustLine(lines.compactMap { l in l.stop.map { (l.y, $0.x) } }, tolerance: 1.5 * module)
        else { return nil }
        let patternYs = lines.filter { $0.start != nil || $0.stop != nil }.map(\.y)
        guard let top = patternYs.min(), let bottom = patternYs.max() else { return nil }

        // Read each line's codeword slots.
        struct Read {
            var y: Double
            var cluster: Int
            /// Per slot (0: left indicator, columns + 1: right indicator), the value read, -1 where none.
            var values: [Int]
        }
        var reads: [Read] = []
        // Votes for the indicator parts: rows, level, columns (each value mod 30).
        var metadata = [[Int]](repeating: [Int](repeating: 0, count: 30), count: 3)
        let slots = geometricColumns + 2
        for l in lines where l.y >= top && l.y <= bottom {
            let left = l.start?.x ?? (startFit.0 * l.y + startFit.1)
            let right = l.stop?.x ?? (stopFit.0 * l.y + stopFit.1)
            let m = (right - left) / totalModules
            guard m > 0.7 * module, m < 1.3 * module else { continue }
            var values = [Int](repeating: -1, count: slots)
            var clusters = [0, 0, 0]
            for slot in 0..<slots {
                let a = left + 17 * m * Double(slot + 1)
                if let hit = decodeSlot(l, from: a, module: m) {
                    values[slot] = hit.cluster * 1000 + hit.value
                    clusters[hit.cluster] += 1
                }
            }
            guard let best = clusters.indices.max(by: { clusters[$0] < clusters[$1] }), clusters[best] >= 2 else {
                continue
            }
            for slot in 0..<slots where values[slot] >= 0 {
                values[slot] = values[slot] / 1000 == best ? values[slot] % 1000 : -1
            }
            reads.append(Read(y: l.y, cluster: best, values: values))
            // The left indicator of cluster 0, 1, 2 holds rows, level, columns; the right one
            // columns, rows, level.
            if values[0] >= 0 { metadata[best][values[0] % 30] += 1 }
            if values[slots - 1] >= 0 { metadata[(best + 2) % 3][values[slots - 1] % 30] += 1 }
        }
        // The most voted part (the smallest on a tie), nil without a vote.
        func majority(_ part: Int) -> Int? {
            let votes = metadata[part]
            guard let most = votes.max(), most > 0 else { return nil }
            return votes.firstIndex(of: most)
        }
        guard let rowsPart = majority(0), let levelPart = majority(1) else { return nil }
        let columns = majority(2).map { $0 + 1 } ?? geometricColumns
        guard columns == geometricColumns else { return nil }
        let rows = rowsPart * 3 + levelPart % 3 + 1
        guard var grid = PDF417CodewordGrid(rows: rows, columns: columns, errorCorrectionLevel: levelPart / 3) else {
            return nil
        }

        // Rows: from the indicators, else from the fitted y → row line.
        var indicated: [(Double, Double)] = []
        func indicatedRow(_ r: Read) -> Int? {
            var candidates: [Int] = []
            if r.values[0] >= 0 { candidates.append(3 * (r.values[0] / 30) + r.cluster) }
            if r.values[columns + 1] >= 0 { candidates.append(3 * (r.values[columns + 1] / 30) + r.cluster) }
            guard let first = candidates.first, candidates.allSatisfy({ $0 == first }), first < rows else { return nil }
            return first
        }
        for r in reads { if let row = indicatedRow(r) { indicated.append((r.y, Double(row))) } }
        let rowFit = Self.robustLine(indicated, tolerance: 1.0)
        // Each line's row, and where it lies in the row's band (its fitted row less the row).
        var assigned: [(read: Read, row: Int, offset: Double?)] = []
        for r in reads {
            if let fit = rowFit {
                let estimate = fit.0 * r.y + fit.1
                let candidates = (Int(estimate.rounded()) - 1)...(Int(estimate.rounded()) + 1)
                let row = candidates.filter { $0 >= 0 && $0 < rows && $0 % 3 == r.cluster }
                    .min { abs(Double($0) - estimate) < abs(Double($1) - estimate) }
                if let row, abs(Double(row) - estimate) <= 1.0 { assigned.append((r, row, estimate - Double(row))) }
            } else if let row = indicatedRow(r) {
                assigned.append((r, row, nil))
            }
        }
        // The lines at a band's edges are left out: they straddle two rows of modules, and where a
        // codeword is hidden (glare, a print defect) its neighbour across the edge, mixed with what
        // hides it, can read as a valid codeword of the line's cluster: a wrong vote, where an
        // erasure costs the error correction half as much. The fit through the indicated rows can sit
        // off the bands' centres by a fraction of a row, so offsets are taken from their median.
        let offsets = assigned.compactMap(\.offset).sorted()
        let centre = offsets.isEmpty ? 0 : offsets[offsets.count / 2]
        for (r, row, offset) in assigned {
            if let offset, abs(offset - centre) > Self.bandTolerance { continue }
            for slot in 1...columns where r.values[slot] >= 0 {
                grid.vote(row: row, column: slot - 1, value: r.values[slot])
            }
        }
        return grid.filled > 0 ? grid : nil
    }

    // MARK: - Scanlines

    /// Every ``rowStep``-th row of `image` binarised both ways (local mean, then local min/max
    /// midpoint), its edges placed and its patterns found: the local-mean lines from top to
    /// bottom, then the midpoint lines. A row's pixels are converted once for both binarisations,
    /// into buffers reused from row to row.
    func scanlines(_ image: GrayImage) -> [Line] {
        let w = image.width
        let rows = (image.height + rowStep - 1) / rowStep
        var mean: [Line] = [], midpoint: [Line] = []
        mean.reserveCapacity(rows)
        midpoint.reserveCapacity(rows)
        let radius = max(6, w / 45)
        let block = max(3, radius / 2)
        let blocks = (w + block - 1) / block
        let p = UnsafeMutablePointer<Double>.allocate(capacity: w)
        let t = UnsafeMutablePointer<Double>.allocate(capacity: w)
        let prefix = UnsafeMutablePointer<Double>.allocate(capacity: w + 1)
        let lo = UnsafeMutablePointer<Double>.allocate(capacity: blocks)
        let hi = UnsafeMutablePointer<Double>.allocate(capacity: blocks)
        defer { for buffer in [p, t, prefix, lo, hi] { buffer.deallocate() } }
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: image.height, by: rowStep) {
                let row = pixels.baseAddress! + y * w
                for x in 0..<w { p[x] = Double(row[x]) }
                // Local mean over 2·radius + 1 pixels (fewer at the ends).
                prefix[0] = 0
                for x in 0..<w { prefix[x + 1] = prefix[x] + p[x] }
                for x in 0..<w {
                    let a = max(0, x - radius), b = min(w, x + radius + 1)
                    t[x] = (prefix[b] - prefix[a]) / Double(b - a)
                }
                mean.append(Self.line(y: y, p, t, width: w))
                // Block minima and maxima, then the midpoint over the three blocks around each pixel.
                for b in 0..<blocks {
                    var l = 255.0, h = 0.0
                    for x in (b * block)..<min(w, (b + 1) * block) {
                        l = min(l, p[x])
                        h = max(h, p[x])
                    }
                    lo[b] = l
                    hi[b] = h
                }
                for b in 0..<blocks {
                    let l = min(lo[max(0, b - 1)], lo[b], lo[min(blocks - 1, b + 1)])
                    let h = max(hi[max(0, b - 1)], hi[b], hi[min(blocks - 1, b + 1)])
                    let threshold = h - l < 12 ? 256 : (h + l) / 2
                    for x in (b * block)..<min(w, (b + 1) * block) { t[x] = threshold }
                }
                midpoint.append(Self.line(y: y, p, t, width: w))
            }
        }
        return mean + midpoint
    }

    /// The line of row `y` whose pixels are `p` and thresholds `t`: its edges (where the pixel
    /// crosses its threshold, to a fraction of a pixel) and its start and stop patterns.
    static func line(y: Int, _ p: UnsafePointer<Double>, _ t: UnsafePointer<Double>, width w: Int) -> Line {
        var edges: [Double] = []
        edges.reserveCapacity(max(16, w / 4))
        let firstDark = p[0] < t[0]
        var dark = firstDark
        var d0 = p[0] - t[0]
        for x in 0..<(w - 1) {
            let d1 = p[x + 1] - t[x + 1]
            let nextDark = d1 < 0
            if nextDark != dark {
                let f = d0 == d1 ? 0.5 : min(1, max(0, d0 / (d0 - d1)))
                edges.append(Double(x) + f + 0.5)
                dark = nextDark
            }
            d0 = d1
        }
        var result = Line(y: Double(y) + 0.5, edges: edges, firstDark: firstDark)
        result.start = findPattern(edges, firstDark: firstDark, widths: startWidths, last: false)
        result.stop = findPattern(edges, firstDark: firstDark, widths: stopWidths, last: true)
        return result
    }

    /// The first (or last) run sequence that matches `widths` (dark first): its left end (or its
    /// right end for `last`) and module width.
    static func findPattern(
        _ edges: [Double], firstDark: Bool, widths: [Double], last: Bool
    ) -> (x: Double, module: Double)? {
        let n = widths.count
        let total = widths.reduce(0, +)
        guard edges.count > n else { return nil }
        // Run i lies between edges[i-1] and edges[i]; it is dark when i is even for firstDark (run 0 before edges[0]).
        var found: (x: Double, module: Double)?
        // The first element's share of the span, checked without a division first: most runs are
        // not a pattern's first element, and this rejects them before the module width is computed.
        let first = widths[0], firstTolerance = first >= 7 ? 1.6 : first >= 3 ? 1.0 : 0.7
        // Runs alternate: the dark ones are every second, from the first dark index.
        for i in stride(from: firstDark ? 2 : 1, to: edges.count - n + 1, by: 2) {
            let begin = edges[i - 1], end = edges[i - 1 + n]
            let span = end - begin
            guard abs((edges[i] - begin) * total - first * span) <= (firstTolerance + 1e-9) * span + 1e-9 else {
                continue
            }
            let m = span / total
            guard m >= 0.8 else { continue }
            var ok = true
            for j in 0..<n {
                let width = (edges[i + j] - edges[i + j - 1]) / m
                if abs(width - widths[j]) > (widths[j] >= 7 ? 1.6 : widths[j] >= 3 ? 1.0 : 0.7) {
                    ok = false
                    break
                }
            }
            guard ok else { continue }
            found = last ? (end, m) : (begin, m)
            if !last { return found }
        }
        return found
    }

    /// Reads the codeword slot beginning at `a`: its element widths, else its module centres.
    func decodeSlot(_ line: Line, from a: Double, module m: Double) -> (cluster: Int, value: Int)? {
        let edges = line.edges
        // Index of the first edge at or after a - 0.7 m.
        var lo = 0, hi = edges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if edges[mid] < a - 0.7 * m { lo = mid + 1 } else { hi = mid }
        }
        // The slot begins with a bar: its first edge is light-to-dark (index parity).
        func darkAfter(_ index: Int) -> Bool { (index % 2 == 0) != line.firstDark }
        var i = lo
        if i < edges.count, !darkAfter(i) { i += 1 }
        if i + 8 < edges.count, abs(edges[i] - a) <= 0.7 * m, abs(edges[i + 8] - (a + 17 * m)) <= 0.9 * m {
            let begin = edges[i], span = edges[i + 8] - begin
            var widths = (0..<8).map { (edges[i + $0 + 1] - edges[i + $0]) * 17 / span }
            if let pattern = Self.pattern(&widths), let hit = PDF417CodewordTable.values[pattern] { return hit }
        }
        // Module centres against the threshold, from the edge list.
        var bits = 0
        var j = lo
        for k in 0..<17 {
            let x = a + (Double(k) + 0.5) * m
            while j < edges.count, edges[j] <= x { j += 1 }
            // x lies in the run that ends at edge j, the opposite colour of the run after it.
            bits = (bits << 1) | (darkAfter(j) ? 0 : 1)
        }
        return PDF417CodewordTable.values[bits]
    }

    /// Rounds 8 element widths (summing to 17) to integers 1...6 that sum to 17; the pattern bits.
    static func pattern(_ widths: inout [Double]) -> Int? {
        var rounded = widths.map { max(1, min(6, Int($0.rounded()))) }
        var sum = rounded.reduce(0, +)
        var guardCount = 0
        while sum != 17, guardCount < 8 {
            guardCount += 1
            // Move the element whose rounding was furthest off toward its true width.
            let residuals = widths.indices.map { widths[$0] - Double(rounded[$0]) }
            if sum > 17 {
                guard let k = residuals.indices.filter({ rounded[$0] > 1 }).min(by: { residuals[$0] < residuals[$1] })
                else { return nil }
                rounded[k] -= 1
            } else {
                guard let k = residuals.indices.filter({ rounded[$0] < 6 }).max(by: { residuals[$0] < residuals[$1] })
                else { return nil }
                rounded[k] += 1
            }
            sum = rounded.reduce(0, +)
        }
        guard sum == 17 else { return nil }
        var bits = 0
        for (k, width) in rounded.enumerated() {
            for _ in 0..<width { bits = (bits << 1) | (k % 2 == 0 ? 1 : 0) }
        }
        return bits
    }

    /// Least-squares line x = a·y + b through `points` (y, x), refitted without points further
    /// than `tolerance` from the first fit; nil with fewer than 3 points.
    static func robustLine(_ points: [(Double, Double)], tolerance: Double) -> (Double, Double)? {
        func fit(_ p: [(Double, Double)]) -> (Double, Double)? {
            guard p.count >= 3 else { return nil }
            let n = Double(p.count)
            let my = p.map(\.0).reduce(0, +) / n, mx = p.map(\.1).reduce(0, +) / n
            var syy = 0.0, sxy = 0.0
            for (y, x) in p {
                syy += (y - my) * (y - my)
                sxy += (y - my) * (x - mx)
            }
            guard syy > 0 else { return (0, mx) }
            let a = sxy / syy
            return (a, mx - a * my)
        }
        guard var line = fit(points) else { return nil }
        for _ in 0..<2 {
            let kept = points.filter { abs(line.0 * $0.0 + line.1 - $0.1) <= max(tolerance, 1e-9) * 2 }
            guard let refit = fit(kept) else { break }
            line = refit
        }
        let kept = points.filter { abs(line.0 * $0.0 + line.1 - $0.1) <= tolerance }
        return fit(kept) ?? line
    }
}
