package import CaptureCore

/// Finds the lines of fixed-pitch OCR-B text in a rectified image of a document's lower band.
///
/// Steps: adaptive threshold (dark ink on a lighter local background), 8-connected components,
/// character-sized components grouped into rows, a straight baseline fitted through each row,
/// and the cell pitch fitted through the character centres (every MRZ position holds a glyph,
/// fillers `<` included, so neighbouring centres are one pitch apart). Runs of glyphs that blur
/// merged into one component count for the cells they span.
package struct MRZTextLineFinder: Sendable {
    /// Expected pitch and cap height in band pixels (from the rectification scale; the finder
    /// measures the real values and tolerates ±30%).
    package var expectedPitch: Double
    package var expectedCapHeight: Double
    /// Lines with fewer cells are not reported.
    package var minimumCells = 12

    package init(expectedPitch: Double, expectedCapHeight: Double) {
        self.expectedPitch = expectedPitch
        self.expectedCapHeight = expectedCapHeight
    }

    /// The text lines in `band`, top to bottom.
    package func lines(in band: GrayImage) -> [MRZTextLine] {
        let components = characterComponents(in: band)
        return rows(of: components).compactMap(fitLine)
            .sorted { $0.centreY < $1.centreY }
    }

    // MARK: - Components

    struct Candidate {
        var component: ConnectedComponent
        /// Wider than one glyph: several glyphs merged by blur.
        var isRun: Bool
        var centre: Point2D { component.boxCentre }
    }

    /// Ink mask by a local-mean threshold, then character-sized components.
    func characterComponents(in band: GrayImage) -> [Candidate] {
        let w = band.width, h = band.height
        guard w > 4, h > 4 else { return [] }
        let ink = Self.inkRuns(band, radius: max(4, Int((expectedPitch * 1.2).rounded())))
        let h0 = expectedCapHeight, p0 = expectedPitch
        let minArea = max(3, Int(0.02 * h0 * h0))
        var out: [Candidate] = []
        for c in ConnectedComponents.label(ink, minimumArea: minArea) {
            let ch = Double(c.height), cw = Double(c.width)
            guard ch >= 0.5 * h0, ch <= 1.7 * h0 else { continue }
            if cw <= 1.3 * p0 {
                out.append(Candidate(component: c, isRun: false))
            } else if cw <= 46 * p0, Double(c.area) >= 0.2 * cw * ch {
                out.append(Candidate(component: c, isRun: true))
            }
        }
        return out
    }

    /// Dark ink on a lighter local background: a pixel is ink when it is darker than its
    /// neighbourhood's mean by more than a quarter of the neighbourhood's standard deviation plus
    /// `margin` grey levels. The neighbourhood is the box of half size `radius` clipped to the
    /// image. Returned as runs.
    static func inkRuns(_ image: GrayImage, radius: Int, margin: Int = 8) -> PixelRuns {
        precondition(radius >= 0 && radius <= 400, "ink mask radius out of range")
        precondition(margin >= 0 && margin <= 255, "ink mask margin out of range")
        let w = image.width, h = image.height
        var runs = PixelRuns(width: w, height: h)
        guard w > 0, h > 0 else { return runs }
        // Sliding box sums: column sums over the window's rows, then prefix sums along the row. A
        // column holds at most 801 rows, so its sums fit 32 bits (801·255² < 2³¹) and the updates
        // run four lanes wide; the prefix sums along a row need 64.
        let columnSums = UnsafeMutablePointer<Int32>.allocate(capacity: w)
        let columnSquares = UnsafeMutablePointer<Int32>.allocate(capacity: w)
        let prefixSums = UnsafeMutablePointer<Int>.allocate(capacity: w + 1)
        let prefixSquares = UnsafeMutablePointer<Int>.allocate(capacity: w + 1)
        defer {
            columnSums.deallocate()
            columnSquares.deallocate()
            prefixSums.deallocate()
            prefixSquares.deallocate()
        }
        columnSums.initialize(repeating: 0, count: w)
        columnSquares.initialize(repeating: 0, count: w)
        prefixSums[0] = 0
        prefixSquares[0] = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            let px = pixels.baseAddress!
            var top = 0, bottom = 0  // rows top ..< bottom are in the column sums
            for y in 0..<h {
                let y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
                while bottom < y1 {
                    let row = px + bottom * w
                    for x in 0..<w {
                        let v = Int32(row[x])
                        columnSums[x] &+= v
                        columnSquares[x] &+= v &* v
                    }
                    bottom += 1
                }
                while top < y0 {
                    let row = px + top * w
                    for x in 0..<w {
                        let v = Int32(row[x])
                        columnSums[x] &-= v
                        columnSquares[x] &-= v &* v
                    }
                    top += 1
                }
                var sum = 0, squares = 0
                for x in 0..<w {
                    sum &+= Int(columnSums[x])
                    squares &+= Int(columnSquares[x])
                    prefixSums[x + 1] = sum
                    prefixSquares[x + 1] = squares
                }
                let rows = bottom - top
                let row = px + y * w
                // Wrapping arithmetic: with radius <= 400 a box holds under 7e5 pixels, so no
                // product below comes near Int64's range. Branch-free per pixel (ink and paper
                // alternate too often within text for a branch to be predicted); only a change
                // between them branches.
                var runStart = 0, wasInk = false
                @inline(__always) func visit(_ x: Int, _ x0: Int, _ x1: Int, _ n: Int) {
                    let sum = prefixSums[x1] &- prefixSums[x0]
                    let squares = prefixSquares[x1] &- prefixSquares[x0]
                    // In units of 1/n: m·n = mean·n − (margin + v)·n;
                    // variance·n² = squares·n − sum²;  m > σ/4  ⇔  16·m² > variance.
                    let marginN = sum &- (margin &+ Int(row[x])) &* n
                    let darker = marginN > 0, contrasted = 16 &* marginN &* marginN > squares &* n &- sum &* sum
                    let isInk = darker && contrasted
                    if isInk != wasInk {
                        if isInk { runStart = x } else { runs.append(start: runStart, end: x) }
                        wasInk = isInk
                    }
                }
                // Columns whose box the left or right border clips, and the full boxes between.
                let leftEnd = min(w, radius), rightStart = max(leftEnd, w - radius)
                for x in 0..<leftEnd {
                    let x0 = 0, x1 = min(w, x + radius + 1)
                    visit(x, x0, x1, (x1 - x0) &* rows)
                }
                let fullN = (2 * radius + 1) * rows
                for x in leftEnd..<rightStart { visit(x, x &- radius, x &+ radius &+ 1, fullN) }
                for x in rightStart..<w {
                    let x0 = max(0, x - radius), x1 = w
                    visit(x, x0, x1, (x1 - x0) &* rows)
                }
                if wasInk { runs.append(start: runStart, end: w) }
                runs.finishRow()
            }
        }
        return runs
    }

    /// Groups candidates into rows by chaining each glyph to its right-hand neighbour (box gap
    /// under two pitches, centres within a third of a cap height of each other, so lines tilted by
    /// a few degrees stay whole), then joins chains that lie on one straight line.
    func rows(of candidates: [Candidate]) -> [[Candidate]] {
        let sorted = candidates.sorted { $0.component.minX < $1.component.minX }
        var parent = Array(0..<sorted.count)
        func find(_ a: Int) -> Int {
            var a = a
            while parent[a] != a {
                parent[a] = parent[parent[a]]
                a = parent[a]
            }
            return a
        }
        let p0 = expectedPitch, h0 = expectedCapHeight
        for i in 0..<sorted.count {
            let a = sorted[i]
            var bestJ = -1, bestGap = Double.infinity
            for j in (i + 1)..<sorted.count {
                let b = sorted[j]
                let gap = Double(b.component.minX - a.component.maxX)
                if gap > 2.0 * p0 { break }
                guard gap >= -0.35 * p0 else { continue }
                let dy = abs(b.centre.y - a.centre.y)
                guard dy <= 0.3 * h0 + 0.06 * max(0, gap) else { continue }
                if gap < bestGap {
                    bestGap = gap
                    bestJ = j
                }
            }
            if bestJ >= 0 { parent[find(bestJ)] = find(i) }
        }
        var groups: [Int: [Candidate]] = [:]
        for i in 0..<sorted.count { groups[find(i), default: []].append(sorted[i]) }
        var chains = groups.values.filter { $0.count >= 2 }.sorted { $0[0].component.minX < $1[0].component.minX }
        // Join chains that continue one another on the same straight line.
        var merged = true
        while merged {
            merged = false
            outer: for i in 0..<chains.count {
                for j in 0..<chains.count where j != i {
                    if Self.continues(chains[i], chains[j], capHeight: h0) {
                        chains[i] += chains[j]
                        chains.remove(at: j)
                        merged = true
                        break outer
                    }
                }
            }
        }
        return chains
    }

    /// Whether `b` lies to the right of `a` on `a`'s fitted line (and `a` on `b`'s).
    static func continues(_ a: [Candidate], _ b: [Candidate], capHeight h: Double) -> Bool {
        let aRight = a.map(\.component.maxX).max() ?? 0, bLeft = b.map(\.component.minX).min() ?? 0
        guard bLeft >= aRight - 2 else { return false }
        let fa = leastSquares(a.map { ($0.centre.x, $0.centre.y) })
        let fb = leastSquares(b.map { ($0.centre.x, $0.centre.y) })
        let bx = b[b.count / 2].centre.x, ax = a[a.count / 2].centre.x
        let slopeA = a.count >= 4 ? fa.1 : 0, slopeB = b.count >= 4 ? fb.1 : 0
        let predictedB = a.count >= 4 ? fa.0 + slopeA * bx : a[a.count / 2].centre.y
        let predictedA = b.count >= 4 ? fb.0 + slopeB * ax : b[b.count / 2].centre.y
        return abs(predictedB - b[b.count / 2].centre.y) <= 0.4 * h
            && abs(predictedA - a[a.count / 2].centre.y) <= 0.4 * h
    }

    // MARK: - Line fit

    /// Fits baseline and pitch through one row; nil when the row is not a fixed-pitch text line.
    func fitLine(_ row: [Candidate]) -> MRZTextLine? {
        var singles = row.filter { !$0.isRun }.sorted { $0.centre.x < $1.centre.x }
        guard singles.count >= 6 else { return nil }
        // Glyphs of one line share a height; fragments of background patterns that touched the
        // line do not.
        let medianHeight = Self.median(singles.map { Double($0.component.height) })
        singles = singles.filter {
            Double($0.component.height) >= 0.6 * medianHeight && Double($0.component.height) <= 1.5 * medianHeight
        }
        guard singles.count >= 6 else { return nil }

        // Baseline: least squares of centre y on x, then drop outliers and refit.
        var (yIntercept, slope) = Self.leastSquares(singles.map { ($0.centre.x, $0.centre.y) })
        singles = singles.filter { abs($0.centre.y - (yIntercept + slope * $0.centre.x)) <= 0.35 * expectedCapHeight }
        guard singles.count >= 6 else { return nil }
        (yIntercept, slope) = Self.leastSquares(singles.map { ($0.centre.x, $0.centre.y) })

        // Pitch: the median gap between neighbouring glyphs that are about one pitch apart.
        let gaps = zip(singles, singles.dropFirst()).map { $1.centre.x - $0.centre.x }
            .filter { $0 >= 0.7 * expectedPitch && $0 <= 1.35 * expectedPitch }
        guard gaps.count >= 4 else { return nil }
        let pitch = Self.median(gaps)

        // Index every glyph, then fit the perspective model of equally spaced cells,
        // x = (x0 + b·k) / (1 + c·k), linear in (x0, b, c) as x = x0 + b·k − c·k·x.
        // Incrementally, neighbour to neighbour, so a pitch that drifts along the line (residual
        // perspective) never accumulates into a wrong index.
        var indexed: [(k: Double, x: Double)] = [(0, singles[0].centre.x)]
        for s in singles.dropFirst() {
            let last = indexed[indexed.count - 1]
            let steps = ((s.centre.x - last.x) / pitch).rounded()
            guard steps >= 1 else { continue }
            indexed.append((last.k + steps, s.centre.x))
        }
        var model = MRZTextLine(
            x0: singles[0].centre.x, pitch: pitch, yIntercept: yIntercept, slope: slope,
            capHeight: expectedCapHeight, cellCount: 1, separateCharacters: 0)
        for _ in 0..<2 {
            if let fitted = Self.fitPositions(indexed, perspective: indexed.count >= 12) {
                (model.x0, model.b, model.c) = fitted
            }
            // Re-index with the refined model and drop glyphs that sit between cells.
            indexed = singles.compactMap { s -> (k: Double, x: Double)? in
                let k = model.cellIndex(of: s.centre.x)
                return abs(model.cellX(k) - s.centre.x) <= 0.3 * pitch ? (k, s.centre.x) : nil
            }
            guard indexed.count >= 6 else { return nil }
        }
        // The longest run of glyphs without a gap of more than two cells: a stray mark beyond the
        // line's end must not stretch it.
        indexed.sort { $0.k < $1.k }
        var runStart = 0, bestRun = (0, 0)
        for i in 1..<indexed.count {
            if indexed[i].k - indexed[i - 1].k > 3 { runStart = i }
            if i - runStart > bestRun.1 - bestRun.0 { bestRun = (runStart, i) }
        }
        indexed = Array(indexed[bestRun.0...bestRun.1])
        guard indexed.count >= 6 else { return nil }
        var lowest = indexed.map(\.k).min() ?? 0
        var highest = indexed.map(\.k).max() ?? 0

        // Merged runs on this row extend the line over the cells they cover.
        for run in row where run.isRun {
            let c = run.component
            let y = yIntercept + slope * run.centre.x
            guard abs(run.centre.y - y) <= 0.4 * expectedCapHeight else { continue }
            let left = model.cellIndex(of: Double(c.minX) + 0.35 * pitch)
            let right = model.cellIndex(of: Double(c.maxX) - 0.35 * pitch)
            // Only runs adjacent to (or inside) the line extend it.
            guard left <= highest + 2, right >= lowest - 2 else { continue }
            lowest = min(lowest, left)
            highest = max(highest, right)
        }
        let heights = singles.map { Double($0.component.height) }.sorted()
        model.capHeight = heights[min(heights.count - 1, heights.count * 4 / 5)]
        model.cellCount = Int(highest) + 1
        model.separateCharacters = indexed.count
        let rebased = model.extended(before: -Int(lowest), after: 0)
        return rebased.cellCount >= minimumCells ? rebased : nil
    }

    /// Least squares of x = x0 + b·k − c·(k·x) (the perspective model; `c = 0` when not asked
    /// for); nil when degenerate.
    static func fitPositions(_ points: [(k: Double, x: Double)], perspective: Bool) -> (Double, Double, Double)? {
        if !perspective {
            let (a, b) = leastSquares(points.map { ($0.k, $0.x) })
            return (a, b, 0)
        }
        // Normal equations of the 3-parameter linear model with regressors (1, k, -k·x).
        var m = [[Double]](repeating: [0, 0, 0], count: 3), t = [0.0, 0, 0]
        for (k, x) in points {
            let r = [1, k, -k * x]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += r[i] * r[j] }
                t[i] += r[i] * x
            }
        }
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-9 else { return nil }
        func replaced(_ col: Int) -> [[Double]] {
            var a = m
            for r in 0..<3 { a[r][col] = t[r] }
            return a
        }
        let solution = (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
        // A wild perspective term (more than ±30% pitch change over 44 cells) is a bad fit.
        guard abs(solution.2) * 44 <= 0.3 else {
            let (a, b) = leastSquares(points.map { ($0.k, $0.x) })
            return (a, b, 0)
        }
        return solution
    }

    /// Least squares y = a + b·x.
    static func leastSquares(_ points: [(Double, Double)]) -> (Double, Double) {
        let n = Double(points.count)
        guard n >= 2 else { return (points.first?.1 ?? 0, 0) }
        let sx = points.reduce(0) { $0 + $1.0 }, sy = points.reduce(0) { $0 + $1.1 }
        let sxx = points.reduce(0) { $0 + $1.0 * $1.0 }, sxy = points.reduce(0) { $0 + $1.0 * $1.1 }
        let d = n * sxx - sx * sx
        guard abs(d) > 1e-12 else { return (sy / n, 0) }
        let b = (n * sxy - sx * sy) / d
        return ((sy - b * sx) / n, b)
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }
}
