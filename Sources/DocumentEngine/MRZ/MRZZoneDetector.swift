package import CaptureCore
import Foundation

/// Finds machine-readable zones directly in a frame, without the document's outline: a zone is
/// two or three parallel, evenly spaced lines of 30–44 evenly spaced glyphs of one size.
///
/// 1. The frame is box-downscaled to about ``workingSize`` pixels on its long side and thresholded
///    against its local mean (dark ink on lighter paper).
/// 2. Glyph-sized connected components vote, by their centres, in a Hough accumulator for the
///    straight lines through them; lines of text collect one vote per glyph.
/// 3. For each peak, the components near the line are ordered along it; the longest run whose
///    neighbouring gaps stay close to one pitch is a text line. MRZ lines have at least 20 glyphs
///    in such a run (fillers `<` included, blur may merge some).
/// 4. Parallel text lines one line-pitch apart with overlapping extents form a zone.
///
/// Which way is up cannot be told from geometry alone (a 180° turn keeps every line parallel);
/// the zone's `down` vector points to the lower half of the frame, and the reader tries the
/// opposite when the text does not read.
package struct MRZZoneDetector: Sendable {
    /// Long side of the working image.
    package var workingSize = 1000
    /// Whether the search also maps the thin ink of its working image (``Search/thinInk``).
    package var mapsThinInk = false

    package init() {}

    /// A zone found in the frame, in frame pixels.
    package struct Zone: Sendable, Equatable {
        /// Reading direction (unit vector along the lines) and the direction from the first line to
        /// the last (unit vector perpendicular to it).
        package var along: Point2D
        package var down: Point2D
        /// Centre of the first glyph of the first line, before any later extension.
        package var origin: Point2D
        /// Distance between glyph centres, between line centres, and the glyphs' height.
        package var pitch: Double
        package var lineSpacing: Double
        package var glyphHeight: Double
        /// Number of lines and the number of glyph positions spanned (the longest line).
        package var lineCount: Int
        package var cellSpan: Int
        /// Glyphs counted on the lines (a confidence).
        package var glyphCount: Int

        /// The frame position of cell `k` of line `i`.
        package func cellCentre(line i: Int, cell k: Int) -> Point2D {
            origin + along * (Double(k) * pitch) + down * (Double(i) * lineSpacing)
        }
    }

    /// What one search of a frame found.
    package struct Search: Sendable {
        /// The zones, most glyphs first.
        package var zones: [Zone] = []
        /// The midpoints, in frame pixels, of the MRZ-like text lines seen (runs of at least 18
        /// evenly spaced glyphs of one size), whether or not they formed a zone: a frame without
        /// any shows no MRZ at this scale, and an MRZ the zones missed lies where one was seen.
        package var textLineMidpoints: [Point2D] = []

        /// The thin ink of the working image, when the detector ``mapsThinInk``.
        package var thinInk: MRZThinInkMap?

        package var textLineCount: Int { textLineMidpoints.count }
    }

    /// The zones and text lines in the region of `frame` (its reduced copy at this detector's
    /// working size, shared with other searches of the same frame).
    package func search(_ frame: ReducedFrame) -> Search {
        let region = frame.region
        guard region.width >= 64, region.height >= 32 else { return Search() }
        let factor = downscaleFactor(for: region)
        let small = frame.downscaled(by: factor)
        let components = ConnectedComponents.label(
            MRZTextLineFinder.inkRuns(small, radius: 10), minimumArea: mapsThinInk ? 2 : 4)
        let thinInk =
            mapsThinInk
            ? MRZThinInkMap(
                components: components, width: small.width, height: small.height, factor: factor, region: region)
            : nil
        let glyphs = Self.glyphs(of: components)
        guard glyphs.count >= 20 else { return Search(thinInk: thinInk) }
        let lines = Self.textLines(glyphs, width: small.width, height: small.height)
        let scale = Double(factor)
        let offset = Point2D(x: Double(region.x), y: Double(region.y))
        func toFrame(_ p: Point2D) -> Point2D {
            (p + Point2D(x: 0.5, y: 0.5)) * scale - Point2D(x: 0.5, y: 0.5) + offset
        }
        let zones = Self.group(lines).map { zone in
            var z = zone
            z.origin = toFrame(z.origin)
            z.pitch *= scale
            z.lineSpacing *= scale
            z.glyphHeight *= scale
            return z
        }
        // Zones may stand on merged cells (tiny print); the MRZ-like text lines reported beside them,
        // which decide whether an MRZ is looked for again, keep needing 18 single glyphs.
        let textLines = lines.filter { $0.singleGlyphCount >= Self.minimumSingleGlyphsPerTextLine }
        return Search(zones: zones, textLineMidpoints: textLines.map { toFrame($0.midpoint) }, thinInk: thinInk)
    }

    /// The box-downscale factor that brings `region`'s long side to about ``workingSize``.
    package func downscaleFactor(for region: PixelRect) -> Int {
        ReducedFrame.factor(bringing: region, to: workingSize)
    }

    // MARK: - Tiny print

    /// The zones and text lines of print too small for the search that made `thinInk`: searched in
    /// the windows of the map (``MRZThinInkMap/windows()``) only, at this detector's working size
    /// (which should keep the frame's own pixels, as a window is far smaller than the frame).
    package func searchTinyPrint(_ frame: ReducedFrame, thinInk: MRZThinInkMap) -> Search {
        var result = Search()
        for window in thinInk.windows() where window.width >= 64 && window.height >= 32 {
            let found = search(ReducedFrame(frame.image, region: window))
            result.zones += found.zones
            result.textLineMidpoints += found.textLineMidpoints
        }
        result.zones.sort { $0.glyphCount > $1.glyphCount }
        return result
    }

    // MARK: - Glyphs

    struct Glyph {
        var centre: Point2D
        /// max(width, height) of the bounding box.
        var size: Double
        /// Wider than a glyph: a run of glyphs merged by blur (counts for extents only).
        var isRun: Bool
        var minX: Double, maxX: Double, minY: Double, maxY: Double
    }

    static func glyphs(in image: GrayImage) -> [Glyph] {
        glyphs(of: ConnectedComponents.label(MRZTextLineFinder.inkRuns(image, radius: 10), minimumArea: 4))
    }

    /// The glyphs among `components` (the ink of a working image; those under 4 pixels are left
    /// out).
    static func glyphs(of components: [ConnectedComponent]) -> [Glyph] {
        var out: [Glyph] = []
        for c in components where c.area >= 4 {
            let w = Double(c.width), h = Double(c.height)
            let size = max(w, h), small = min(w, h)
            let fill = Double(c.area) / (w * h)
            guard size >= 3, fill >= 0.08 else { continue }
            let glyph = Glyph(
                centre: c.boxCentre, size: size, isRun: false, minX: Double(c.minX),
                maxX: Double(c.maxX), minY: Double(c.minY), maxY: Double(c.maxY))
            if size <= 36, small >= 0.2 * size {
                out.append(glyph)
            } else if small >= 3, small <= 30, size <= 60 * small {
                var run = glyph
                run.isRun = true
                run.size = small
                out.append(run)
            }
        }
        return out
    }

    // MARK: - Text lines

    /// Single glyphs a run needs to be reported as an MRZ-like text line.
    static let minimumSingleGlyphsPerTextLine = 18

    struct TextLine {
        /// Unit normal of the line and the line's end points (glyph centres at both ends).
        var normal: Point2D
        var startPoint: Point2D
        var endPoint: Point2D
        var pitch: Double
        var size: Double
        /// Glyphs of the run, merged cells included.
        var count: Int
        /// Glyphs in the longest run of single components on the line (merged cells left out): a
        /// line reported as MRZ-like text needs 18, as before merged cells counted.
        var singleGlyphCount: Int

        var midpoint: Point2D { (startPoint + endPoint) * 0.5 }
        var length: Double { startPoint.distance(to: endPoint) }
    }

    /// Straight runs of evenly spaced glyphs of one size.
    static func textLines(_ glyphs: [Glyph], width: Int, height: Int) -> [TextLine] {
        let angleBins = 180
        let maxRho = Int(Double(width * width + height * height).squareRoot()) + 1
        let rhoBins = maxRho + 1  // 2-pixel bins over −maxRho...maxRho
        var accumulator = [Int32](repeating: 0, count: angleBins * rhoBins)
        // Votes in 32.32 fixed point from centres in half pixels (box centres are multiples of ½):
        // bin = round((ρ + maxRho) / 2) = (2x·cos/4 + 2y·sin/4 + maxRho/2 + ½) >> 32, in 2^32ths.
        let one = Double(1 << 32)
        let cosines = (0..<angleBins).map { Int((cos(Double($0) * Double.pi / Double(angleBins)) / 4 * one).rounded()) }
        let sines = (0..<angleBins).map { Int((sin(Double($0) * Double.pi / Double(angleBins)) / 4 * one).rounded()) }
        let bias = Int(((Double(maxRho) / 2 + 0.5) * one).rounded())
        let voters = glyphs.filter { !$0.isRun }
        accumulator.withUnsafeMutableBufferPointer { acc in
            cosines.withUnsafeBufferPointer { cosines in
                sines.withUnsafeBufferPointer { sines in
                    for g in voters {
                        // A glyph votes for every line passing within a third of its size of its
                        // centre, so a text line's votes gather in one bin despite jitter and angle
                        // quantisation.
                        let spread = max(1, Int((g.size / 3 / 2).rounded()))
                        let hx = Int((2 * g.centre.x).rounded()), hy = Int((2 * g.centre.y).rounded())
                        var row = acc.baseAddress!
                        for t in 0..<angleBins {
                            let bin = (hx &* cosines[t] &+ hy &* sines[t] &+ bias) &>> 32
                            for b in max(0, bin - spread)...min(rhoBins - 1, bin + spread) { row[b] &+= 1 }
                            row += rhoBins
                        }
                    }
                }
            }
        }
        // Peaks: local maxima with at least 18 votes.
        var peaks: [(t: Int, r: Int, v: Int32)] = []
        accumulator.withUnsafeBufferPointer { acc in
            for t in 0..<angleBins {
                for r in 1..<(rhoBins - 1) {
                    let v = acc[t * rhoBins + r]
                    guard v >= 18 else { continue }
                    var isPeak = true
                    check: for dt in -2...2 {
                        let tt = (t + dt + angleBins) % angleBins
                        // Wrapping the angle flips the sign of rho.
                        let rr = (t + dt < 0 || t + dt >= angleBins) ? rhoBins - 1 - r : r
                        for dr in -2...2 where dt != 0 || dr != 0 {
                            let q = rr + dr
                            guard q >= 0, q < rhoBins else { continue }
                            let u = acc[tt * rhoBins + q]
                            if u > v || (u == v && (dt, dr) < (0, 0)) {
                                isPeak = false
                                break check
                            }
                        }
                    }
                    if isPeak { peaks.append((t, r, v)) }
                }
            }
        }
        peaks.sort { $0.v > $1.v }
        var lines: [TextLine] = []
        for peak in peaks.prefix(150) {
            let theta = Double(peak.t) * Double.pi / Double(angleBins)
            let normal = Point2D(x: cos(theta), y: sin(theta))
            let direction = Point2D(x: -normal.y, y: normal.x)
            let rho = Double(peak.r) * 2 - Double(maxRho)
            guard let line = bestRun(glyphs, normal: normal, direction: direction, rho: rho) else { continue }
            // Skip duplicates of a line already found.
            let duplicate = lines.contains { other in
                abs(other.normal.x * line.normal.x + other.normal.y * line.normal.y) >= cos(0.05)
                    && abs(
                        (line.midpoint - other.midpoint).x * other.normal.x + (line.midpoint - other.midpoint).y
                            * other.normal.y)
                        < 0.6 * line.size
            }
            if duplicate { continue }
            lines.append(line)
        }
        return lines
    }

    /// The longest run of evenly spaced, similar glyphs near the line (θ, ρ), refitted.
    static func bestRun(_ glyphs: [Glyph], normal: Point2D, direction: Point2D, rho: Double) -> TextLine? {
        var near: [(t: Double, g: Glyph)] = []
        for g in glyphs {
            let d = g.centre.x * normal.x + g.centre.y * normal.y - rho
            guard abs(d) <= max(2.5, 0.45 * g.size) else { continue }
            near.append((g.centre.x * direction.x + g.centre.y * direction.y, g))
        }
        let singles = near.filter { !$0.g.isRun }.sorted { $0.t < $1.t }
        guard singles.count >= 18 else { return nil }
        let size = singles.map(\.g.size).sorted()[singles.count / 2]
        // Keep glyphs of the line's size.
        let similar = singles.filter { $0.g.size >= 0.55 * size && $0.g.size <= 1.6 * size }
        // Merged glyphs count later for the cells they span; the pitch needs a dozen single ones.
        guard similar.count >= 12 else { return nil }
        let gaps = zip(similar, similar.dropFirst()).map { $1.t - $0.t }.filter { $0 >= 0.5 * size && $0 <= 2.0 * size }
        guard gaps.count >= 10 else { return nil }
        let pitch = gaps.sorted()[gaps.count / 2]
        let merged = mergedGlyphCells(near, singles: similar, size: size, pitch: pitch, direction: direction)
        let sequence = (similar + merged).sorted { $0.t < $1.t }
        // Longest run with gaps under 1.6 pitches (a missed glyph), or bridged by a merged run.
        let runs = near.filter { $0.g.isRun }.map { r -> (Double, Double) in
            let a = r.g.minX * direction.x + r.g.minY * direction.y, b = r.g.maxX * direction.x + r.g.maxY * direction.y
            let c = r.g.maxX * direction.x + r.g.minY * direction.y, d = r.g.minX * direction.x + r.g.maxY * direction.y
            return ([a, b, c, d].min()!, [a, b, c, d].max()!)
        }
        func longestRun(_ ts: [Double]) -> (start: Int, end: Int) {
            var best = (start: 0, end: 0), current = 0
            for i in ts.indices.dropFirst() {
                let bridged = runs.contains { $0.0 <= ts[i - 1] + 0.8 * pitch && $0.1 >= ts[i] - 0.8 * pitch }
                if ts[i] - ts[i - 1] <= 1.6 * pitch || bridged {
                    if i - current > best.end - best.start { best = (current, i) }
                } else {
                    current = i
                }
            }
            return best
        }
        let best = longestRun(sequence.map(\.t))
        let run = Array(sequence[best.start...best.end])
        // The longest run of single glyphs alone, as counted before merged cells joined in.
        let singleRun = similar.isEmpty ? (start: 0, end: -1) : longestRun(similar.map(\.t))
        guard run.count >= 18 else { return nil }
        // Refit the line through the run's centres (total least squares).
        guard let fitted = ImageLine.fit(run.map(\.g.centre)) else { return nil }
        let n = fitted.normal
        let dir = Point2D(x: -n.y, y: n.x)
        let foot = n * fitted.rho
        let ts = run.map { $0.g.centre.x * dir.x + $0.g.centre.y * dir.y }
        var start = ts.min() ?? 0, end = ts.max() ?? 0
        // Merged runs on the line adjacent to its ends extend it.
        for r in near where r.g.isRun {
            let corners = [
                Point2D(x: r.g.minX, y: r.g.minY), Point2D(x: r.g.maxX, y: r.g.minY),
                Point2D(x: r.g.maxX, y: r.g.maxY), Point2D(x: r.g.minX, y: r.g.maxY),
            ]
            let t = corners.map { $0.x * dir.x + $0.y * dir.y }
            let (a, b) = (t.min()!, t.max()!)
            if b >= start - 1.2 * pitch, a < start { start = min(start, a + 0.5 * pitch) }
            if a <= end + 1.2 * pitch, b > end { end = max(end, b - 0.5 * pitch) }
        }
        return TextLine(
            normal: n, startPoint: foot + dir * start, endPoint: foot + dir * end,
            pitch: pitch, size: size, count: run.count, singleGlyphCount: singleRun.end - singleRun.start + 1)
    }

    /// Glyphs that blur merged into one component on the line (wider than the line's glyphs, as
    /// tall as them; not wide enough to count as a run), as one glyph per cell they span, centred
    /// one pitch apart along `direction`. In tiny print (a pitch of 5–7 working pixels) neighbours
    /// touch often, and a line cut at every merged pair never gathers the glyphs of an MRZ line.
    /// `singles` are the line's glyphs of its size: a component of k glyphs spans k − 1 pitches
    /// plus one glyph's extent along the line.
    static func mergedGlyphCells(
        _ near: [(t: Double, g: Glyph)], singles: [(t: Double, g: Glyph)], size: Double, pitch: Double,
        direction: Point2D
    ) -> [(t: Double, g: Glyph)] {
        func extent(_ g: Glyph) -> Double {
            let ends = [
                Point2D(x: g.minX, y: g.minY), Point2D(x: g.maxX, y: g.minY),
                Point2D(x: g.maxX, y: g.maxY), Point2D(x: g.minX, y: g.maxY),
            ].map { $0.x * direction.x + $0.y * direction.y }
            return (ends.max() ?? 0) - (ends.min() ?? 0)
        }
        let wide = near.filter { item in
            guard !item.g.isRun, item.g.size > 1.6 * size else { return false }
            let thickness = min(item.g.maxX - item.g.minX, item.g.maxY - item.g.minY) + 1
            return thickness >= 0.55 * size && thickness <= 1.6 * size
        }
        guard !wide.isEmpty, !singles.isEmpty else { return [] }
        let glyphExtent = singles.map { extent($0.g) }.sorted()[singles.count / 2]
        var cells: [(t: Double, g: Glyph)] = []
        for (t, g) in wide {
            let count = Int(((extent(g) - glyphExtent) / pitch).rounded()) + 1
            guard count >= 2, count <= 6 else { continue }
            for k in 0..<count {
                let offset = (Double(k) - Double(count - 1) / 2) * pitch
                let centre = g.centre + direction * offset
                cells.append(
                    (
                        t + offset,
                        Glyph(
                            centre: centre, size: size, isRun: false, minX: centre.x, maxX: centre.x,
                            minY: centre.y, maxY: centre.y)
                    ))
            }
        }
        return cells
    }

    // MARK: - Zones

    /// Parallel lines one line-pitch apart whose extents overlap, two or three together.
    static func group(_ lines: [TextLine]) -> [Zone] {
        var zones: [Zone] = []
        var used = Set<Int>()
        let order = lines.indices.sorted { lines[$0].count > lines[$1].count }
        for i in order where !used.contains(i) {
            let a = lines[i]
            let n0 = a.normal, dir0 = Point2D(x: -n0.y, y: n0.x)
            func along(_ p: Point2D) -> Double { p.x * dir0.x + p.y * dir0.y }
            func across(_ p: Point2D) -> Double { p.x * n0.x + p.y * n0.y }
            // Lines parallel to `a`, of its size and pitch, overlapping it; sorted across.
            let members = lines.indices.filter { j in
                let b = lines[j]
                guard !used.contains(j), abs(b.normal.x * n0.x + b.normal.y * n0.y) >= cos(0.06) else { return false }
                guard b.size >= 0.7 * a.size, b.size <= 1.4 * a.size, abs(b.pitch - a.pitch) <= 0.2 * a.pitch else {
                    return false
                }
                let (a0, a1) = (
                    min(along(a.startPoint), along(a.endPoint)), max(along(a.startPoint), along(a.endPoint))
                )
                let (b0, b1) = (
                    min(along(b.startPoint), along(b.endPoint)), max(along(b.startPoint), along(b.endPoint))
                )
                return min(a1, b1) - max(a0, b0) >= 0.6 * min(a1 - a0, b1 - b0)
            }.sorted { across(lines[$0].midpoint) < across(lines[$1].midpoint) }
            // The longest chain of consecutive members 1.2–2.8 glyph sizes apart, at most three.
            var chain: [Int] = [], bestChain: [Int] = []
            for j in members {
                if let last = chain.last {
                    let gap = across(lines[j].midpoint) - across(lines[last].midpoint)
                    if gap < 1.2 * a.size { continue }  // the same line found twice
                    if gap <= 2.8 * a.size, chain.count < 3 { chain.append(j) } else { chain = [j] }
                } else {
                    chain = [j]
                }
                if chain.count > bestChain.count || (chain.count == bestChain.count && chain.contains(i)) {
                    bestChain = chain
                }
            }
            guard bestChain.count >= 2, bestChain.contains(i) else { continue }
            for j in bestChain { used.insert(j) }
            zones.append(zone(from: bestChain.map { lines[$0] }, normal: n0))
        }
        return zones.sorted { $0.glyphCount > $1.glyphCount }
    }

    /// The zone of `lines`, sorted across along `normal`.
    static func zone(from lines: [TextLine], normal: Point2D) -> Zone {
        // "Down" runs from the first line to the last; prefer the way that points down the frame.
        var ordered = lines
        var down = normal
        if down.y < 0 || (abs(down.y) < 1e-6 && down.x < 0) {
            down = down * -1
            ordered.reverse()
        }
        // Upright text reads at a right angle clockwise from "up": along × down = +1.
        let along = Point2D(x: down.y, y: -down.x)
        func t(_ p: Point2D) -> Double { p.x * along.x + p.y * along.y }
        let start = ordered.flatMap { [t($0.startPoint), t($0.endPoint)] }.min() ?? 0
        let end = ordered.flatMap { [t($0.startPoint), t($0.endPoint)] }.max() ?? 0
        let first = ordered[0], last = ordered[ordered.count - 1]
        // The first line's point at the zone's common start.
        let firstStart = t(first.startPoint) <= t(first.endPoint) ? first.startPoint : first.endPoint
        let origin = firstStart + along * (start - t(firstStart))
        let spacing =
            ((last.midpoint - first.midpoint).x * down.x + (last.midpoint - first.midpoint).y * down.y)
            / Double(max(1, ordered.count - 1))
        let pitch = ordered.map(\.pitch).sorted()[ordered.count / 2]
        return Zone(
            along: along, down: down, origin: origin, pitch: pitch, lineSpacing: spacing,
            glyphHeight: ordered.map(\.size).sorted()[ordered.count / 2], lineCount: ordered.count,
            cellSpan: Int(((end - start) / pitch).rounded()) + 1,
            glyphCount: ordered.map(\.count).reduce(0, +))
    }
}
