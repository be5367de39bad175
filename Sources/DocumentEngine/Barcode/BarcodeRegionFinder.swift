package import CaptureCore
import Foundation

/// Finds the area of a frame that looks like a stacked barcode (PDF417): a block of strong edges
/// that are all parallel, and its orientation, so that the reader can turn it upright and enlarge
/// it before handing it to zxing-cpp (whose detector gives up on symbols turned by more than a few
/// degrees, or with modules under two pixels).
///
/// Method: central-difference gradients on every second pixel; per square cell, the edge energy
/// (sum of gradient magnitudes) and the coherence of the edge directions (length of the mean
/// doubled-angle vector); cells that are both energetic (at least ``relativeEnergy`` of the
/// strongest coherent cell) and coherent (≥ ``minimumCoherence``, then ≥ ``lowCoherence``) are
/// joined into 8-connected groups of cells whose edge directions agree; the groups are ranked by
/// start/stop pattern evidence, then energy (``candidates(in:within:limit:)``). A group's
/// orientation is the energy-weighted mean doubled angle; its extent the cells' corners projected
/// on the symbol's axes. Text (edges in all directions) and lone card edges (little energy per
/// cell) do not qualify; lines of text, striped paper and guilloche may, and rank behind a
/// symbol whose start and stop patterns are legible. O(pixels / 4) plus a few scanlines per group.
package struct BarcodeRegionFinder: Sendable {
    /// A found region.
    package struct Region: Sendable, Equatable {
        /// The region as an oriented rectangle in image pixels: upper-left, upper-right, lower-right,
        /// lower-left, with the first side running along the symbol's rows (across its bars).
        package var quad: Quadrilateral2D
        /// Direction of the rows (across the bars), radians in the image (y down).
        package var angle: Double
        /// Cells in the group, and their mean coherence (0...1).
        package var cellCount: Int
        package var coherence: Double
        /// Sum of the cells' edge energy (gradient magnitudes).
        package var energy: Double
        /// Start/stop pattern hits on scanlines across the region (``PDF417PatternEvidence``).
        package var patternEvidence: Int
    }

    /// Cell side, pixels.
    package var cellSize = 24
    /// Smallest gradient magnitude counted as an edge (0-255 scale per pixel step of 2).
    package var minimumMagnitude = 22.0
    /// Smallest direction coherence of a barcode cell.
    package var minimumCoherence = 0.5
    /// Smallest direction coherence of a cell of a symbol with short rows (second grouping).
    package var lowCoherence = 0.15
    /// Smallest coherence at which a cell's edge direction is compared with its neighbours'.
    package var directedCoherence = 0.3
    /// Largest difference between the edge directions of two neighbouring cells of one group, radians.
    package var maximumAngleDifference = 20 * Double.pi / 180
    /// Smallest energy of a barcode cell relative to the most energetic coherent cell.
    package var relativeEnergy = 0.25

    package init() {}

    /// The most barcode-like region inside `rect` of `image` (the first of ``candidates(in:within:limit:)``),
    /// nil when no group of at least four cells qualifies.
    package func find(in image: GrayImage, within rect: PixelRect? = nil) -> Region? {
        candidates(in: image, within: rect, limit: 1).first
    }

    /// Up to `limit` barcode-like regions inside `rect` of `image`, most symbol-like first: ranked by
    /// their start/stop pattern evidence (``PDF417PatternEvidence``), then by edge energy.
    ///
    /// Groups are formed twice, at ``minimumCoherence`` and at ``lowCoherence``: a symbol whose rows
    /// are about three modules high has nearly as many horizontal edges (between rows) as vertical
    /// ones (its bars), so the coherence of its cells scatters from about 0.2 to 0.6 (a textbook
    /// symbol with rows of four modules or more stays above 0.5). Neighbouring cells join only when
    /// their edge directions agree within ``maximumAngleDifference`` (when both have a direction,
    /// coherence ≥ ``directedCoherence``), so that a symbol is not merged with the curved lines of
    /// a guilloche or with lines of text around it. Groups found at both levels over the same area
    /// are kept once, the larger.
    package func candidates(in image: GrayImage, within rect: PixelRect? = nil, limit: Int = 4) -> [Region] {
        let area = (rect ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            .clipped(width: image.width, height: image.height)
        let cs = cellSize
        let cols = area.width / cs, rows = area.height / cs
        guard limit > 0, cols >= 2, rows >= 2, image.width >= 3, image.height >= 3 else { return [] }
        var energy = [Double](repeating: 0, count: cols * rows)
        var sumCos = [Double](repeating: 0, count: cols * rows), sumSin = sumCos
        let w = image.width, threshold = minimumMagnitude * minimumMagnitude
        image.pixels.withUnsafeBufferPointer { p in
            for cy in 0..<rows {
                for cx in 0..<cols {
                    var e = 0.0, c = 0.0, s = 0.0
                    let x0 = max(1, area.x + cx * cs), y0 = max(1, area.y + cy * cs)
                    let x1 = min(w - 1, x0 + cs), y1 = min(image.height - 1, y0 + cs)
                    var y = y0
                    while y < y1 {
                        var x = x0
                        let row = y * w
                        while x < x1 {
                            let gx = Double(Int(p[row + x + 1]) - Int(p[row + x - 1]))
                            let gy = Double(Int(p[row + x + w]) - Int(p[row + x - w]))
                            let m2 = gx * gx + gy * gy
                            if m2 >= threshold {
                                let m = m2.squareRoot()
                                e += m
                                c += (gx * gx - gy * gy) / m
                                s += 2 * gx * gy / m
                            }
                            x += 2
                        }
                        y += 2
                    }
                    let i = cy * cols + cx
                    energy[i] = e
                    sumCos[i] = c
                    sumSin[i] = s
                }
            }
        }
        let coherence = (0..<energy.count).map { i in
            energy[i] > 0 ? (sumCos[i] * sumCos[i] + sumSin[i] * sumSin[i]).squareRoot() / energy[i] : 0
        }
        let agreement = cos(2 * maximumAngleDifference)

        struct Group {
            var members: [Int]
            var energy: Double
        }
        var groups: [Group] = []
        for level in [minimumCoherence, lowCoherence] {
            let strongest = (0..<energy.count).filter { coherence[$0] >= level }.map { energy[$0] }.max() ?? 0
            guard strongest > 0 else { continue }
            let candidate = (0..<energy.count).map {
                energy[$0] >= relativeEnergy * strongest && coherence[$0] >= level
            }
            // Neighbours whose doubled-angle directions agree: cos(2θi − 2θj) from the unit vectors.
            // A cell under ``directedCoherence`` has no direction to speak of and joins on energy alone.
            func agree(_ i: Int, _ j: Int) -> Bool {
                if coherence[i] < directedCoherence || coherence[j] < directedCoherence { return true }
                let ni = (sumCos[i] * sumCos[i] + sumSin[i] * sumSin[i]).squareRoot()
                let nj = (sumCos[j] * sumCos[j] + sumSin[j] * sumSin[j]).squareRoot()
                guard ni > 0, nj > 0 else { return false }
                return (sumCos[i] * sumCos[j] + sumSin[i] * sumSin[j]) / (ni * nj) >= agreement
            }
            var labelled = [Bool](repeating: false, count: candidate.count)
            for start in 0..<candidate.count where candidate[start] && !labelled[start] {
                var stack = [start], members: [Int] = [], total = 0.0
                labelled[start] = true
                while let i = stack.popLast() {
                    members.append(i)
                    total += energy[i]
                    let cx = i % cols, cy = i / cols
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let nx = cx + dx, ny = cy + dy
                            guard nx >= 0, ny >= 0, nx < cols, ny < rows else { continue }
                            let j = ny * cols + nx
                            if candidate[j], !labelled[j], agree(i, j) {
                                labelled[j] = true
                                stack.append(j)
                            }
                        }
                    }
                }
                guard members.count >= 4 else { continue }
                let set = Set(members)
                // The same area found at the stricter level: keep the larger group once.
                if let k = groups.firstIndex(where: { g in
                    let shared = g.members.filter { set.contains($0) }.count
                    return 2 * shared >= min(g.members.count, members.count)
                }) {
                    if members.count > groups[k].members.count { groups[k] = Group(members: members, energy: total) }
                    continue
                }
                groups.append(Group(members: members, energy: total))
            }
        }
        // The most energetic groups are measured for start/stop evidence.
        groups.sort { $0.energy > $1.energy }
        let evidence = PDF417PatternEvidence()
        var regions: [Region] = []
        for group in groups.prefix(max(limit, Self.measuredGroups)) {
            var region = self.region(group.members, cols: cols, area: area, sumCos: sumCos, sumSin: sumSin)
            region.energy = group.energy
            region.coherence = group.members.reduce(0.0) { $0 + coherence[$1] } / Double(group.members.count)
            region.patternEvidence = evidence.score(image, quad: region.quad)
            regions.append(region)
        }
        regions.sort {
            let a = $0.patternEvidence >= Self.minimumEvidence, b = $1.patternEvidence >= Self.minimumEvidence
            if a != b { return a }
            if a, $0.patternEvidence != $1.patternEvidence { return $0.patternEvidence > $1.patternEvidence }
            return $0.energy > $1.energy
        }
        return Array(regions.prefix(limit))
    }

    /// Groups measured for pattern evidence (the most energetic ones).
    static let measuredGroups = 6
    /// Pattern hits (of 2 × 2 × ``PDF417PatternEvidence/lines``) that count as evidence of a symbol.
    static let minimumEvidence = 3

    /// The oriented rectangle around a group of cells, with a margin.
    private func region(_ members: [Int], cols: Int, area: PixelRect, sumCos: [Double], sumSin: [Double]) -> Region {
        let cs = cellSize
        let c = members.reduce(0.0) { $0 + sumCos[$1] }, s = members.reduce(0.0) { $0 + sumSin[$1] }
        let angle = atan2(s, c) / 2
        let u = Point2D(x: cos(angle), y: sin(angle)), v = Point2D(x: -sin(angle), y: cos(angle))
        var uMin = Double.infinity, uMax = -Double.infinity, vMin = Double.infinity, vMax = -Double.infinity
        for i in members {
            let x0 = Double(area.x + (i % cols) * cs), y0 = Double(area.y + (i / cols) * cs)
            for (x, y) in [(x0, y0), (x0 + Double(cs), y0), (x0, y0 + Double(cs)), (x0 + Double(cs), y0 + Double(cs))] {
                let pu = x * u.x + y * u.y, pv = x * v.x + y * v.y
                uMin = min(uMin, pu); uMax = max(uMax, pu); vMin = min(vMin, pv); vMax = max(vMax, pv)
            }
        }
        // A margin of one cell plus 6% of the extent: the symbol's corners stick out of the cells'
        // rectangle under perspective, and the decoder wants a quiet zone.
        let uMargin = Double(cs) + 0.06 * (uMax - uMin), vMargin = Double(cs) + 0.06 * (vMax - vMin)
        uMin -= uMargin; uMax += uMargin; vMin -= vMargin; vMax += vMargin
        func point(_ pu: Double, _ pv: Double) -> Point2D { u * pu + v * pv }
        let quad = Quadrilateral2D(corners: [
            point(uMin, vMin), point(uMax, vMin), point(uMax, vMax), point(uMin, vMax),
        ])
        return Region(quad: quad, angle: angle, cellCount: members.count, coherence: 0, energy: 0, patternEvidence: 0)
    }
}
