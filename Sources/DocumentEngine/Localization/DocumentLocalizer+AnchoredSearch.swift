import CaptureCore
import Foundation

// The search anchored on a read MRZ: outlines that put the MRZ where the layout has it, tops
// completed from the sides' prediction, the outline the MRZ implies, and a raised top.
extension DocumentLocalizer {
    /// A candidate outline judged against the read MRZ: its coarse and refined corners, its rank
    /// (the coarse score weighted by the refined corners' layout agreement) and that agreement.
    typealias AnchoredFit = (coarse: Scored, refined: Quadrilateral2D, rank: Double, agreement: Double)

    /// The outline that fits a read MRZ. The frame's luma edges are searched first, as the MRZ
    /// predicts the sides they miss; when the outline still fits the MRZ less than well
    /// (``colourAgreement``), the search is redone with the colour edges joined in (a green header
    /// band on a grey-green table has the table's luma, and the band's lower edge or a shadow is
    /// taken for the top), and the outline that fits the MRZ better is kept.
    ///
    /// When no outline fits the MRZ's margins, an outline that at least contains the MRZ is still
    /// better than none (its orientation is then decided by reading, not by the anchor). It is
    /// sought among the frame's own strongest edges only: the lines found near the predicted edges
    /// are faint ones, fit to complete a document that agrees with the MRZ, but in a free search
    /// they make up large background outlines around it. Nor is an outline taken whose area is far
    /// from that of the outline the MRZ implies (``freeAreaRatio``): the scanner then reports the
    /// implied one.
    func anchoredOutline(
        _ edges: Edges, anchor: DocumentAnchor, frame: ReducedFrame, refinement: Refinement
    ) -> Found? {
        let smallAnchor = anchor.scaled(by: refinement.scale, offset: refinement.offset)
        var fit = anchoredFit(edges, anchor: anchor, smallAnchor: smallAnchor, refinement: refinement)
        if fit.map({ $0.agreement < Self.colourAgreement }) ?? true, let coloured = withColour(edges, of: frame),
            let second = anchoredFit(coloured, anchor: anchor, smallAnchor: smallAnchor, refinement: refinement),
            second.agreement > fit?.agreement ?? -1
        {
            fit = second
        }
        if let fit {
            // An outline that puts the MRZ nowhere near its layout's place: the outline the MRZ
            // implies is the better report (the scanner makes it), not a free outline of the same
            // edges.
            guard fit.agreement >= Self.minimumAnchoredAgreement else { return nil }
            return (fit.coarse, fit.refined)
        }
        guard let free = bestQuad(edges), smallAnchor.isInside(free.quad),
            smallAnchor.predictedOutline().map({ Self.freeAreaRatio.contains(free.quad.area / max(1e-9, $0.area)) })
                ?? true
        else { return nil }
        let expanded = expandedOutward(free, edges: edges)
        return (expanded, refinement.refined(expanded))
    }

    /// The best fit among `edges`, the frame's strongest edges first; only when no outline of them
    /// fits the MRZ well (``confidentAgreement``) are faint edges searched for near where the MRZ
    /// puts the sides (``withPredictedEdges(_:anchor:)``), and the outlines redone. `anchor` is the
    /// MRZ in frame coordinates, `smallAnchor` the same on the reduced edges.
    func anchoredFit(
        _ edges: Edges, anchor: DocumentAnchor, smallAnchor: DocumentAnchor, refinement: Refinement
    ) -> AnchoredFit? {
        // The MRZ's own outline measured on the gradient field alone, which the searches with and
        // without the faint predicted edges share.
        let predicted = predictedCandidate(edges, anchor: smallAnchor)
        var fit = bestFit(
            edges, predicted: predicted, anchor: anchor, smallAnchor: smallAnchor, refinement: refinement)
        if fit.map({ $0.agreement < Self.confidentAgreement }) ?? true {
            let augmented = withPredictedEdges(edges, anchor: smallAnchor)
            if augmented.lines.count > edges.lines.count,
                let second = bestFit(
                    augmented, predicted: predicted, anchor: anchor, smallAnchor: smallAnchor,
                    refinement: refinement),
                second.rank > fit?.rank ?? -1
            {
                fit = second
            }
        }
        return fit
    }

    /// The few best outlines of `edges` that fit the MRZ, each expanded, and variants of them with
    /// the top searched near where the MRZ predicts it (``completedTops(_:edges:anchor:)``, once
    /// per pair of sides, as the prediction depends on the sides only), plus `predicted`. The best
    /// few of all those by their coarse corners are refined, then judged again by where the refined
    /// corners put the MRZ (coarse corners are too rough to decide between close candidates).
    func bestFit(
        _ edges: Edges, predicted: Scored?, anchor: DocumentAnchor, smallAnchor: DocumentAnchor,
        refinement: Refinement
    ) -> AnchoredFit? {
        var candidates = anchoredQuads(edges, anchor: smallAnchor, limit: Self.anchoredCandidates).map {
            expandedOutward($0, edges: edges, anchor: smallAnchor)
        }
        var completedSides: [[ImageLine]] = []
        for candidate in candidates {
            guard let bottom = candidate.bottomSide, candidate.lines.count == 4 else { continue }
            let key = [candidate.lines[(bottom + 1) % 4], candidate.lines[(bottom + 3) % 4]]
            guard !completedSides.contains(key) else { continue }
            completedSides.append(key)
            for completed in completedTops(candidate, edges: edges, anchor: smallAnchor)
            where !candidates.contains(where: { $0.quad == completed.quad }) {
                candidates.append(completed)
            }
        }
        if let predicted { candidates.append(predicted) }
        let coarseRanks = candidates.map { c in
            c.bottomSide.map { c.score * smallAnchor.layoutAgreement(of: c.quad, bottom: $0) } ?? 0
        }
        let shortlist = candidates.indices.sorted { coarseRanks[$0] > coarseRanks[$1] }.prefix(
            Self.anchoredCandidates)
        var best: AnchoredFit?
        for expanded in shortlist.map({ candidates[$0] }) {
            guard let bottom = expanded.bottomSide else { continue }
            let quad = refinement.refined(expanded)
            let agreement = anchor.layoutAgreement(of: quad, bottom: bottom)
            let rank = expanded.score * agreement
            if best == nil || rank > best!.rank { best = (expanded, quad, rank, agreement) }
        }
        return best
    }

    /// `upright` (side 2 the bottom) with its top corners moved to where the MRZ puts them, when the
    /// top it found lies well inside that place: more than ``raisedTopShortfall`` millimetres below
    /// it along both sides, by about the same amount (within ``raisedTopSkew``: a parallel edge).
    /// That is a band printed across the document's top whose colour matches the background, so the
    /// document's own top edge has no contrast and the band's lower edge was taken for it. The
    /// layouts' heights above the MRZ are fixed (ICAO 9303), so the prediction is good to a
    /// millimetre or two as long as the side edges are within ``raisedTopMaximumConvergence`` of
    /// parallel: it extrapolates the MRZ lines over about fifteen times their spacing, and under
    /// strong perspective (sides converging) the lines' small errors grow past a band's height
    /// (held-out hard-000090, tilted 31°, lost its correct top that way). A top found above the
    /// prediction is left alone. Nil when nothing moves.
    static func raisedTop(_ upright: Quadrilateral2D, anchor: DocumentAnchor) -> Quadrilateral2D? {
        let c = upright.corners
        guard anchor.pixelsPerMillimetre > 0, let predicted = anchor.predictedTopCorners(of: upright),
            ImageLine(through: c[3], c[0]).parallelism(to: ImageLine(through: c[1], c[2]))
                >= cos(Self.raisedTopMaximumConvergence * Double.pi / 180)
        else { return nil }
        // How far each found top corner lies below the predicted one, along its side, in millimetres.
        func shortfall(found: Point2D, predicted: Point2D, bottom: Point2D) -> Double {
            let up = (found - bottom) * (1 / max(1e-9, found.distance(to: bottom)))
            let d = predicted - found
            return (d.x * up.x + d.y * up.y) / anchor.pixelsPerMillimetre
        }
        let leftShortfall = shortfall(found: c[0], predicted: predicted.left, bottom: c[3])
        let rightShortfall = shortfall(found: c[1], predicted: predicted.right, bottom: c[2])
        guard min(leftShortfall, rightShortfall) > Self.raisedTopShortfall,
            abs(leftShortfall - rightShortfall) < Self.raisedTopSkew
        else { return nil }
        return Quadrilateral2D(corners: [predicted.left, predicted.right, c[2], c[3]])
    }

    /// See ``raisedTop(_:anchor:)``: the header bands taken for the top on generated frames fell 5–9
    /// mm short; the predicted top is within 1–2 mm of the true one there.
    static let raisedTopShortfall = 3.5
    /// See ``raisedTop(_:anchor:)``: how much the two corners' shortfalls may differ, in millimetres
    /// (each predicted corner is good to about 1.5 mm, so a parallel edge can differ by twice that).
    static let raisedTopSkew = 3.0
    /// See ``raisedTop(_:anchor:)``: the largest angle between the side edges, in degrees.
    static let raisedTopMaximumConvergence = 3.0

    /// The best quadrilateral that fits a read MRZ: every edge is sorted into the sides it could be
    /// (bottom: parallel to the lines, 1.5–14 mm below the last; top: parallel, at least 15 mm
    /// above the first; left and right: across the lines, 1–18 mm beyond their first and last
    /// glyphs), and each combination of one top, right, bottom and left edge is scored, weighted by
    /// ``DocumentAnchor/mrzAgreement(of:bottom:)``. The `limit` best come first; side 2 of each
    /// is the bottom.
    func anchoredQuads(_ edges: Edges, anchor: DocumentAnchor, limit: Int) -> [Scored] {
        let lines = edges.lines, supports = edges.supports
        let w = Double(edges.field.width), h = Double(edges.field.height)
        let s = anchor.pixelsPerMillimetre
        guard s > 0 else { return [] }
        let along = anchor.along, down = anchor.down
        let firstMid = (anchor.firstLineStart + anchor.firstLineEnd) * 0.5
        let lastMid = (anchor.lastLineStart + anchor.lastLineEnd) * 0.5
        // Millimetres from `p` to `line` travelling along `direction` (nil when nearly parallel).
        func travel(_ line: ImageLine, from p: Point2D, along direction: Point2D) -> Double? {
            let rate = line.normal.x * direction.x + line.normal.y * direction.y
            guard abs(rate) > 0.2 else { return nil }
            return -line.distance(p) / rate / s
        }
        // With a layout, a top (other than the frame's border, standing in for a top out of view)
        // lies between half and twice its nominal distance from the first line, measured at the
        // MRZ's scale: perspective stretches or shrinks it, but lines much nearer (the document's
        // own text, a header band's lower edge) or much farther (the background) are not the top.
        let topReach: ClosedRange<Double> = {
            guard let layout = anchor.layout, let first = layout.mrzLineCentresFromBottom.first else {
                return 15...Double.infinity
            }
            let nominal = layout.height - first
            return max(15, 0.5 * nominal)...max(15, 2 * nominal)
        }()
        // Side directions within 35° of the lines (top, bottom) or of their normal (left, right).
        let nearParallel = cos(35 * Double.pi / 180)
        var tops: [Int] = [], bottoms: [Int] = [], lefts: [Int] = [], rights: [Int] = []
        for (i, line) in lines.enumerated() {
            let d = line.direction
            let alignment = abs(d.x * along.x + d.y * along.y)
            if alignment >= nearParallel {
                if let below = travel(line, from: lastMid, along: down), below >= 1.5, below <= 14 { bottoms.append(i) }
                if let above = travel(line, from: firstMid, along: down * -1), above >= 15,
                    line.votes == 0 || topReach.contains(above)
                {
                    tops.append(i)
                }
            } else if alignment <= (1 - nearParallel * nearParallel).squareRoot() {
                // |sin| ≥ cos 35° ⇔ within 35° of the normal; both lines' ends must lie inside.
                let before = [anchor.firstLineStart, anchor.lastLineStart].compactMap {
                    travel(line, from: $0, along: along * -1)
                }
                let beyond = [anchor.firstLineEnd, anchor.lastLineEnd].compactMap {
                    travel(line, from: $0, along: along)
                }
                if before.count == 2, let m = before.min(), m >= 1, m <= 18, before.max()! <= 24 { lefts.append(i) }
                if beyond.count == 2, let m = beyond.min(), m >= 1, m <= 18, beyond.max()! <= 24 { rights.append(i) }
            }
        }
        var best: [(scored: Scored, rank: Double)] = []
        for t in tops {
            for r in rights {
                guard let tr = lines[t].intersection(with: lines[r]) else { continue }
                for l in lefts {
                    guard let tl = lines[t].intersection(with: lines[l]) else { continue }
                    for b in bottoms {
                        guard let br = lines[b].intersection(with: lines[r]),
                            let bl = lines[b].intersection(with: lines[l])
                        else { continue }
                        let quad = Quadrilateral2D(corners: [tl, tr, br, bl])
                        guard quad.signedArea > 0, anchor.bottomSide(of: quad) == 2 else { continue }
                        let sides = [supports[t], supports[r], supports[b], supports[l]]
                        // The agreement is at most 1: a score below the last kept rank cannot enter.
                        guard var scored = score(quad, sides: sides, width: w, height: h),
                            best.count < limit || scored.score > best[best.count - 1].rank
                        else { continue }
                        let rank = scored.score * anchor.mrzAgreement(of: quad, bottom: 2)
                        guard best.count < limit || rank > best[best.count - 1].rank else { continue }
                        scored.lines = sides.map(\.line)
                        scored.bottomSide = 2
                        best.insert((scored, rank), at: best.firstIndex { $0.rank < rank } ?? best.count)
                        if best.count > limit { best.removeLast() }
                    }
                }
            }
        }
        return best.map(\.scored)
    }

    /// The most the top edge of a completed outline may be from where the MRZ predicts it, in
    /// millimetres (the prediction is within 4 mm on generated frames; see
    /// ``DocumentAnchor/topTolerance``).
    static let completionReach = 7.0

    /// Variants of an anchored outline whose top edge is searched afresh near where its side edges
    /// and the MRZ lines predict it (``DocumentAnchor/predictedTopCorners(left:right:)``),
    /// with ``EdgeLineDetector/linesNear(_:_:in:threshold:maximumOffset:maximumAngle:limit:)``. A
    /// card's top edge is often faint (a pale card on pale paper) and lies close to stronger
    /// parallel lines (a header band inside, tiles or paper edges outside) that suppress it in the
    /// global transform; near the prediction it is one of few candidates.
    func completedTops(_ candidate: Scored, edges: Edges, anchor: DocumentAnchor) -> [Scored] {
        guard let bottom = candidate.bottomSide, candidate.lines.count == 4, anchor.pixelsPerMillimetre > 0 else {
            return []
        }
        let top = (bottom + 2) % 4, right = (bottom + 3) % 4, left = (bottom + 1) % 4
        let lines = candidate.lines
        guard lines[left].votes > 0, lines[right].votes > 0,
            let predicted = anchor.predictedTopCorners(left: lines[left], right: lines[right])
        else { return [] }
        let w = Double(edges.field.width), h = Double(edges.field.height)
        let found = EdgeLineDetector.linesNear(
            predicted.left, predicted.right, in: edges.field, threshold: edges.threshold,
            maximumOffset: Self.completionReach * anchor.pixelsPerMillimetre,
            maximumAngle: 4 * Double.pi / 180, limit: 4)
        return found.compactMap { line in
            guard let start = line.intersection(with: lines[left]), let end = line.intersection(with: lines[right])
            else { return nil }
            var corners = candidate.quad.corners
            corners[top] = start
            corners[(top + 1) % 4] = end
            let quad = Quadrilateral2D(corners: corners)
            guard anchor.bottomSide(of: quad) == bottom else { return nil }
            var sideLines = lines
            sideLines[top] = line
            let supports = sideLines.enumerated().map { k, l in
                k == top
                    ? LineSupport(line: l, field: edges.field, threshold: edges.threshold)
                    : edges.supports[edges.lines.firstIndex(of: l) ?? 0]
            }
            guard var scored = score(quad, sides: supports, width: w, height: h) else { return nil }
            scored.lines = sideLines
            scored.bottomSide = bottom
            return scored
        }
    }

    /// The outline the MRZ implies (``DocumentAnchor/predictedOutline()``, side 2 the bottom) as a
    /// candidate of its own, scored on the frame's edges like the outlines made of lines, but with
    /// ``predictedSideCoverage`` asked of each side instead of ``minimumSideCoverage``: the MRZ is
    /// evidence for it already. A pale card on a pale table can have a side too faint to be among
    /// the transform's lines, or too faint beside a stronger parallel line to be taken with them;
    /// the sides the MRZ predicts are then measured where they are. Nil when the prediction fails
    /// or its outline is implausible.
    func predictedCandidate(_ edges: Edges, anchor: DocumentAnchor) -> Scored? {
        guard let predicted = anchor.predictedOutline() else { return nil }
        let c = predicted.corners
        // One vote: a side to be measured, not the frame's border (which has none).
        let lines = (0..<4).map { k in
            let line = ImageLine(through: c[k], c[(k + 1) % 4])
            return ImageLine(theta: line.theta, rho: line.rho, votes: 1)
        }
        let supports = lines.map { LineSupport(line: $0, field: edges.field, threshold: edges.threshold) }
        var lenient = self
        lenient.minimumSideCoverage = Self.predictedSideCoverage
        guard
            var scored = lenient.score(
                predicted, sides: supports, width: Double(edges.field.width),
                height: Double(edges.field.height))
        else { return nil }
        scored.lines = lines
        scored.bottomSide = 2
        return scored
    }

    /// The edge coverage each side of ``predictedCandidate(_:anchor:)`` needs. Over `capkit eval`'s
    /// 1200 frames (seeds 7, 1000, 2000 and 3000): without the candidate 1179 are localised; with it
    /// at 0.45 (as for other outlines) and at 0.35, 1182; at 0.25, 1184, losing none; at 0, 1182,
    /// five more gained and five lost: outlines the MRZ implies with hardly any edge then beat true
    /// outlines under strong perspective, where the prediction is off, and those of misread MRZs.
    static let predictedSideCoverage = 0.25
}
