import CaptureCore
import Foundation

// How an outline is scored (edge coverage, polarity, corner termination, aspect prior), how the
// winner is expanded outward, and the corner order of a result.
extension DocumentLocalizer {
    /// Perimeter coverage with priors; nil when the quad is implausible. `sides[k]` is the support
    /// of the line through corners k and k+1.
    func score(_ quad: Quadrilateral2D, sides: [LineSupport], width w: Double, height h: Double) -> Scored? {
        guard quad.isConvex else { return nil }
        let area = quad.area
        guard area >= 0.03 * w * h, area <= 1.6 * w * h else { return nil }
        // Corners may leave the image (partial view) but not absurdly.
        for c in quad.corners {
            guard c.x >= -0.5 * w, c.x <= 1.5 * w, c.y >= -0.5 * h, c.y <= 1.5 * h else { return nil }
        }
        let c = quad.corners
        let lengths = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }
        let longSides = max(lengths[0] + lengths[2], lengths[1] + lengths[3])
        let shortSides = min(lengths[0] + lengths[2], lengths[1] + lengths[3])
        let aspect = longSides / max(1, shortSides)
        guard aspect >= 1.08, aspect <= 2.4 else { return nil }
        // Opposite sides of a document seen at a sane angle are of similar length.
        guard min(lengths[0], lengths[2]) / max(lengths[0], lengths[2]) >= 0.45,
            min(lengths[1], lengths[3]) / max(lengths[1], lengths[3]) >= 0.45
        else { return nil }
        let centre = quad.centroid
        var coverage: [Double] = [], polarity: [Double] = []
        var supportedLength = 0.0
        var cornerOverhang = [Double](repeating: 0, count: 4)
        for k in 0..<4 {
            let support = sides[k]
            let a = c[k], b = c[(k + 1) % 4]
            let ta = support.position(of: a), tb = support.position(of: b)
            let steps = max(1, abs(tb - ta))
            if support.line.votes == 0 {
                // A frame border: the document runs out of view here. That is only believable when
                // both neighbouring sides are edges right up to the border.
                for (neighbour, nearBorder, far) in [
                    ((k + 3) % 4, a, c[(k + 3) % 4]), ((k + 1) % 4, b, c[(k + 2) % 4]),
                ] {
                    let n = sides[neighbour]
                    guard n.line.votes > 0 else { return nil }
                    let t0 = n.position(of: nearBorder), t1 = n.position(of: nearBorder + (far - nearBorder) * 0.25)
                    let e = n.counts(from: t0, to: t1)
                    guard e.visible >= 3, Double(e.positive + e.negative) >= 0.6 * Double(e.visible) else { return nil }
                }
                coverage.append(-1)  // filled in below with the neighbours' mean
                polarity.append(1)
                continue
            }
            let counts = support.counts(from: ta, to: tb)
            guard Double(counts.visible) >= 0.4 * steps, counts.visible > 0 else { return nil }
            // "Positive" means brighter on the normal's side; is the inside on that side?
            let insideIsPositive = support.line.distance(centre) > 0
            let brighterInside = insideIsPositive ? counts.positive : counts.negative
            let darkerInside = insideIsPositive ? counts.negative : counts.positive
            // Either polarity counts: a document is often brighter than one part of its background
            // and darker than another. The polarity is kept for the refinement only when one
            // dominates (0 means "search either").
            let cover = Double(brighterInside + darkerInside) / Double(counts.visible)
            guard cover >= minimumSideCoverage else { return nil }
            coverage.append(cover)
            let dominant = Double(max(brighterInside, darkerInside)) / Double(max(1, brighterInside + darkerInside))
            polarity.append(dominant < 0.8 ? 0 : (brighterInside >= darkerInside ? 1 : -1))
            supportedLength += cover * lengths[k] * Double(counts.visible) / steps
            // A document's edge ends at its corners; a line of the background (tiles, a table
            // edge, wood grain) runs on. Measure each line's edge support just past both corners.
            let overhang = 0.15 * steps
            let startFirst = ta <= tb
            let (lo, hi) = (min(ta, tb), max(ta, tb))
            // The share of the overhang that is an edge, discounted when that edge is much weaker
            // than the side itself (wood grain meeting a card's corner is not the card's edge).
            let sideStrength = max(1, support.meanEdgeStrength(from: lo, to: hi))
            func overhangShare(_ from: Double, _ to: Double) -> Double {
                let e = support.counts(from: from, to: to)
                guard e.visible >= 3 else { return 0 }
                let share = Double(e.positive + e.negative) / Double(e.visible)
                return share * min(1, support.meanEdgeStrength(from: from, to: to) / sideStrength)
            }
            let extLo = overhangShare(lo - overhang, lo - 2)
            let extHi = overhangShare(hi + 2, hi + overhang)
            // Corner k is at `a` (position ta), corner k+1 at `b`.
            let extAtA = startFirst ? extLo : extHi, extAtB = startFirst ? extHi : extLo
            cornerOverhang[k] = max(cornerOverhang[k], extAtA)
            cornerOverhang[(k + 1) % 4] = max(cornerOverhang[(k + 1) % 4], extAtB)
        }
        guard sides.filter({ $0.line.votes == 0 }).count <= 1 else { return nil }
        if let border = coverage.firstIndex(of: -1) {
            coverage[border] = (coverage[(border + 1) % 4] + coverage[(border + 3) % 4]) / 2
        }
        let minCoverage = coverage.min() ?? 0
        // A corner where a line runs on well past it is probably not a document's corner.
        let termination = cornerOverhang.reduce(1.0) { f, e in f * (1 - 0.6 * min(1, max(0, (e - 0.25) / 0.5))) }
        // Corners out of view (or on the border) cannot be checked that way, and a document partly
        // out of view is the exception: each one costs a little.
        let outside = quad.corners.filter { $0.x < 3 || $0.y < 3 || $0.x > w - 3 || $0.y > h - 3 }.count
        let visibility = pow(0.75, Double(outside))
        let score =
            supportedLength * (0.6 + 0.4 * Self.aspectPrior(aspect)) * (0.5 + minCoverage) * termination * visibility
        return Scored(
            quad: quad, score: score, sideCoverage: coverage, polarities: polarity, cornerOverhang: cornerOverhang)
    }

    /// Prior (0...1) on an outline's aspect ratio (long sides over short ones) from that of ICAO
    /// documents (1.42–1.59), loose because of perspective.
    static func aspectPrior(_ aspect: Double) -> Double {
        exp(-pow(log(aspect / 1.5) / 0.25, 2) / 2)
    }

    /// Moves sides outwards onto parallel edges just outside the quad when the document's own edge
    /// continues there: documents are the outermost object, while header bands, portrait frames
    /// and the MRZ band are inside them. A side moves when the line outside is within 6° and 30%
    /// of the quad's extent, has edge coverage itself, and both neighbouring sides' edges continue
    /// along the added length (a background line parallel to the side does not make them continue);
    /// opposite a read MRZ, one continuing neighbour suffices.
    /// With a layout (a parsed MRZ), a move must not put the MRZ noticeably further from its
    /// nominal place (a shadow below the bottom edge would).
    func expandedOutward(_ best: Scored, edges: Edges, anchor: DocumentAnchor? = nil) -> Scored {
        guard best.lines.count == 4 else { return best }
        var current = best
        let lines = edges.lines, supports = edges.supports, field = edges.field
        for _ in 0..<2 {
            var changed = false
            for k in 0..<4 {
                let side = current.lines[k]
                guard side.votes > 0 else { continue }
                let centre = current.quad.centroid
                let inside = side.distance(centre)
                let c = current.quad.corners
                // Extent across this side: distance from the side to the opposite corners.
                let extent = max(abs(side.distance(c[(k + 2) % 4])), abs(side.distance(c[(k + 3) % 4])))
                var bestCandidate: (Scored, Double)?
                let agreement =
                    current.bottomSide.map { anchor?.layoutAgreement(of: current.quad, bottom: $0) ?? 1 } ?? 1
                for (i, candidate) in lines.enumerated()
                where candidate.votes > 0 && candidate.parallelism(to: side) >= 0.9945 {
                    // Outside: on the other side of `side` from the centre, not too far.
                    let along = candidate.intersection(with: current.lines[(k + 3) % 4])
                    let along2 = candidate.intersection(with: current.lines[(k + 1) % 4])
                    guard let p0 = along, let p1 = along2 else { continue }
                    let gap = min(abs(side.distance(p0)), abs(side.distance(p1)))
                    // Both new corners beyond the old side, away from the centre.
                    guard side.distance(p0) * inside < 0, side.distance(p1) * inside < 0,
                        gap >= 2, max(abs(side.distance(p0)), abs(side.distance(p1))) <= 0.3 * extent
                    else { continue }
                    var corners = c
                    corners[k] = p0
                    corners[(k + 1) % 4] = p1
                    let quad = Quadrilateral2D(corners: corners)
                    var sideLines = current.lines
                    sideLines[k] = candidate
                    let sideSupports = sideLines.map { l in supports[lines.firstIndex(of: l) ?? i] }
                    guard
                        var scored = score(
                            quad, sides: sideSupports, width: Double(field.width),
                            height: Double(field.height))
                    else { continue }
                    // The neighbours' edges must continue over the added length. Opposite a read
                    // MRZ (the document's top, where header bands are), one continuing neighbour is
                    // enough: the other often runs along a pale background there.
                    var continuing = 0, checked = 0
                    for (neighbour, from, to) in [((k + 3) % 4, c[k], p0), ((k + 1) % 4, c[(k + 1) % 4], p1)] {
                        let support = sideSupports[neighbour]
                        guard support.line.votes > 0 else { continue }
                        let cnt = support.counts(from: support.position(of: from), to: support.position(of: to))
                        guard cnt.visible > 0 else { continue }
                        checked += 1
                        if Double(max(cnt.positive, cnt.negative)) >= 0.5 * Double(cnt.visible) { continuing += 1 }
                    }
                    let isTop = current.bottomSide.map { ($0 + 2) % 4 == k } ?? false
                    guard continuing == checked || (isTop && continuing >= 1) else { continue }
                    if let anchor {
                        guard let b = anchor.bottomSide(of: quad),
                            anchor.layoutAgreement(of: quad, bottom: b) >= 0.9 * agreement
                        else { continue }
                        scored.bottomSide = b
                    }
                    scored.lines = sideLines
                    if bestCandidate == nil || gap > bestCandidate!.1 { bestCandidate = (scored, gap) }
                }
                if let (scored, _) = bestCandidate {
                    current = scored
                    changed = true
                }
            }
            if !changed { break }
        }
        return current
    }

    /// Orders corners clockwise on screen with the "top" side first: the long side whose midpoint
    /// is highest (smallest y) when long sides run horizontally, else the left long side's … The
    /// document's true top is decided later by where its MRZ is.
    static func ordered(_ quad: Quadrilateral2D) -> (quad: Quadrilateral2D, isVertical: Bool) {
        var c = quad.corners
        // Clockwise on screen (y down) means positive signed area.
        if Quadrilateral2D(corners: c).signedArea < 0 { c = [c[0], c[3], c[2], c[1]] }
        let sides = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }
        // Sides 0/2 or 1/3 are the long pair.
        let longFirst = sides[0] + sides[2] >= sides[1] + sides[3]
        if !longFirst { c = [c[1], c[2], c[3], c[0]] }
        // Now side 0 (c0→c1) and side 2 are long. Is the long direction horizontal?
        let d = c[1] - c[0]
        let isVertical = abs(d.y) > abs(d.x)
        // Choose the rotation by two steps (0 or 2) that puts the top side first: for horizontal
        // documents the long side with the smaller mid y; for vertical ones the long side on the left,
        // so "top" of the document points left (a 90° counter-clockwise turn of an upright card).
        let mid0 = (c[0] + c[1]) * 0.5, mid2 = (c[2] + c[3]) * 0.5
        let flip = isVertical ? mid2.x > mid0.x : mid2.y < mid0.y
        if flip { c = [c[2], c[3], c[0], c[1]] }
        return (Quadrilateral2D(corners: c), isVertical)
    }
}
