import CaptureCore
import Foundation

/// Finds an ID document (ID-1 card, ID-2/ID-3 page, visa) in a frame as a quadrilateral.
///
/// 1. The region of interest is box-downscaled to about ``workingSize`` pixels on its long side,
///    smoothed, and its Sobel gradients computed. Without an MRZ to anchor on, a colour frame's
///    colour-difference gradients join them where stronger (``edges(of:usingColour:)``); with one,
///    only when the outline of the luma's edges fits the MRZ less than well (``colourAgreement``).
/// 2. ``EdgeLineDetector`` finds the dominant straight edges (orientation-restricted Hough).
/// 3. Pairs of roughly parallel edges are combined into quadrilaterals; each is scored by how much
///    of its perimeter is an edge of consistent polarity there (perimeter coverage), with priors on
///    size and on the aspect ratio of ICAO documents. Inner rectangles (portrait, MRZ band) lose to
///    the document because coverage is weighted by perimeter length. Without an MRZ, the winner is
///    also taken for a card's portrait, and the card's sides are searched for where the ID-1 front's
///    layout puts them around it (``cardAroundPortrait(_:edges:)``). With a read MRZ (an
///    ``DocumentAnchor``), each edge is first sorted into the side it could be (below the last line,
///    beyond the lines' ends, well above the first line), only those combinations are scored, and
///    the score is weighted by how well the outline puts the MRZ where the layout has it. When no
///    outline of the strongest edges fits well, faint bottom and side edges are searched for near
///    where the MRZ puts them (``withPredictedEdges(_:anchor:)``). The top
///    edge, far from the MRZ, is judged by where the side edges and the MRZ lines predict it, and
///    a faint top is searched for near that prediction (``completedTops(_:edges:anchor:)``). The
///    whole outline the MRZ implies competes too, with less edge asked of its sides
///    (``predictedCandidate(_:anchor:)``).
/// 4. The winner's sides are refined in the full-resolution image: sub-pixel edge positions along
///    each side's normal, a robust line fit per side, corners at the intersections. With an MRZ, a
///    top that is a band's lower edge well below the predicted top is raised to the prediction
///    (``raisedTop(_:anchor:)``).
///
/// Corners may lie outside the region when the document is only partly in view.
package struct DocumentLocalizer: Sendable {
    /// Long side of the downscaled working image.
    package var workingSize = 480
    /// Smallest accepted perimeter coverage (0...1) for every side.
    package var minimumSideCoverage = 0.45

    package init() {}

    /// A found document.
    package struct Result: Sendable, Equatable {
        /// Corners in frame pixels, ordered clockwise on screen starting with the upper-left corner
        /// of the side chosen as "top" (a long side; see ``DocumentLocalizer``).
        package var quad: Quadrilateral2D
        /// Mean perimeter coverage of the four sides (0...1): a confidence.
        package var coverage: Double
        /// Coverage of each side, top, right, bottom, left.
        package var sideCoverage: [Double]
        /// Whether the document's long sides run more vertically than horizontally in the frame.
        package var isVertical: Bool
        /// Whether the outline was chosen to fit a read MRZ (which then also fixed which way is up).
        package var isAnchored: Bool
    }

    /// Locates the document inside `roi` of `image`; nil when nothing document-like is found.
    /// With an `anchor` (a read MRZ), only outlines that fit it are considered, and the MRZ decides
    /// which side is the bottom.
    package func locate(in image: GrayImage, roi: PixelRect, anchor: DocumentAnchor? = nil) -> Result? {
        locate(in: ReducedFrame(image, region: roi), anchor: anchor)
    }

    /// ``locate(in:roi:anchor:)`` on the region of `frame`, whose reduced copies other searches of
    /// the same frame may share.
    package func locate(in frame: ReducedFrame, anchor: DocumentAnchor? = nil) -> Result? {
        let image = frame.image, region = frame.region
        guard region.width >= 32, region.height >= 32 else { return nil }
        let edges = self.edges(of: frame, usingColour: anchor == nil,
                               maximumLines: anchor == nil ? Self.freeSearchLines : Self.anchoredSearchLines)
        let scale = Double(edges.factor)
        let offset = Point2D(x: Double(region.x), y: Double(region.y))
        let smallAnchor = anchor?.scaled(by: scale, offset: offset)
        func refined(_ coarse: Scored) -> Quadrilateral2D {
            // Back to frame coordinates; refine at full resolution.
            let quad = coarse.quad.mapped { p in Point2D(x: (p.x + 0.5) * scale - 0.5, y: (p.y + 0.5) * scale - 0.5) + offset }
            return EdgeRefiner.refine(quad, polarities: coarse.polarities, in: image, searchRadius: 2 * scale + 3) ?? quad
        }
        var found: (coarse: Scored, refined: Quadrilateral2D)?
        if let anchor, let smallAnchor {
            // The few best outlines that fit the MRZ, each expanded, and variants of them with the
            // top searched near where the MRZ predicts it. The best few of all those by their coarse
            // corners are refined, then judged again by where the refined corners put the MRZ (coarse
            // corners are too rough to decide between close candidates).
            typealias Fit = (coarse: Scored, refined: Quadrilateral2D, rank: Double, agreement: Double)
            // `predicted` is the MRZ's own outline measured on the gradient field alone, which the
            // searches with and without the faint predicted edges share.
            func fitted(_ edges: Edges, predicted: Scored?) -> Fit? {
                var candidates = anchoredQuads(edges, anchor: smallAnchor, limit: Self.anchoredCandidates).map {
                    expandedOutward($0, edges: edges, anchor: smallAnchor)
                }
                // The prediction depends on the side edges only: the best candidate with each pair is
                // completed.
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
                let coarseRanks = candidates.map { c in c.bottomSide.map { c.score * smallAnchor.layoutAgreement(of: c.quad, bottom: $0) } ?? 0 }
                let shortlist = candidates.indices.sorted { coarseRanks[$0] > coarseRanks[$1] }.prefix(Self.anchoredCandidates)
                var best: Fit?
                for expanded in shortlist.map({ candidates[$0] }) {
                    guard let bottom = expanded.bottomSide else { continue }
                    let quad = refined(expanded)
                    let agreement = anchor.layoutAgreement(of: quad, bottom: bottom)
                    let rank = expanded.score * agreement
                    if best == nil || rank > best!.rank { best = (expanded, quad, rank, agreement) }
                }
                return best
            }
            // The frame's strongest edges first; only when no outline of them fits the MRZ well are
            // faint edges searched for near where the MRZ puts the sides, and the outlines redone.
            func search(_ global: Edges) -> Fit? {
                let predicted = predictedCandidate(global, anchor: smallAnchor)
                var fit = fitted(global, predicted: predicted)
                if fit.map({ $0.agreement < Self.confidentAgreement }) ?? true {
                    let augmented = withPredictedEdges(global, anchor: smallAnchor)
                    if augmented.lines.count > global.lines.count, let second = fitted(augmented, predicted: predicted),
                       second.rank > fit?.rank ?? -1 {
                        fit = second
                    }
                }
                return fit
            }
            let global = edges
            var fit = search(global)
            // Luma first, as the MRZ predicts the sides it misses; when the outline still fits the MRZ
            // less than well, the search is redone with the colour edges joined in (a green header
            // band on a grey-green table has the table's luma, and the band's lower edge or a shadow
            // is taken for the top), and the outline that fits the MRZ better is kept.
            if fit.map({ $0.agreement < Self.colourAgreement }) ?? true, let coloured = withColour(global, of: frame),
               let second = search(coloured), second.agreement > fit?.agreement ?? -1 {
                fit = second
            }
            found = fit.map { ($0.coarse, $0.refined) }
            // No outline fits the MRZ's margins: an outline that at least contains the MRZ is still
            // better than none (its orientation is then decided by reading, not by the anchor). It is
            // sought among the frame's own strongest edges only: the lines found near the predicted
            // edges are faint ones, fit to complete a document that agrees with the MRZ, but in a
            // free search they make up large background outlines around it. Nor is an outline
            // taken whose area is far from that of the outline the MRZ implies
            // (``freeAreaRatio``): the scanner then reports the implied one.
            if found == nil, let free = bestQuad(global), smallAnchor.isInside(free.quad),
               smallAnchor.predictedOutline().map({ Self.freeAreaRatio.contains(free.quad.area / max(1e-9, $0.area)) }) ?? true {
                let expanded = expandedOutward(free, edges: global)
                found = (expanded, refined(expanded))
            }
        } else if var free = bestQuad(edges) {
            var searched = edges
            if let card = cardAroundPortrait(free, edges: edges), card.score > free.score {
                free = card
                searched = edges.adding(card.lines)
            }
            let expanded = expandedOutward(free, edges: searched)
            found = (expanded, refined(expanded))
        }
        guard let (coarse, refined) = found else { return nil }
        let ordered: (quad: Quadrilateral2D, isVertical: Bool)
        if let bottom = coarse.bottomSide {
            // The MRZ decided: side `bottom` becomes side 2 (lower-right → lower-left).
            let c = refined.corners
            var quad = Quadrilateral2D(corners: [c[(bottom + 2) % 4], c[(bottom + 3) % 4], c[bottom], c[(bottom + 1) % 4]])
            if let anchor, let raised = Self.raisedTop(quad, anchor: anchor) { quad = raised }
            let top = quad.upperRight - quad.upperLeft
            ordered = (quad, abs(top.y) > abs(top.x))
        } else {
            ordered = Self.ordered(refined)
        }
        return Result(quad: ordered.quad, coverage: coarse.sideCoverage.reduce(0, +) / 4,
                      sideCoverage: coarse.sideCoverage, isVertical: ordered.isVertical,
                      isAnchored: coarse.bottomSide != nil)
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
                >= cos(Self.raisedTopMaximumConvergence * Double.pi / 180) else { return nil }
        // How far each found top corner lies below the predicted one, along its side, in millimetres.
        func shortfall(found: Point2D, predicted: Point2D, bottom: Point2D) -> Double {
            let up = (found - bottom) * (1 / max(1e-9, found.distance(to: bottom)))
            let d = predicted - found
            return (d.x * up.x + d.y * up.y) / anchor.pixelsPerMillimetre
        }
        let leftShortfall = shortfall(found: c[0], predicted: predicted.left, bottom: c[3])
        let rightShortfall = shortfall(found: c[1], predicted: predicted.right, bottom: c[2])
        guard min(leftShortfall, rightShortfall) > Self.raisedTopShortfall,
              abs(leftShortfall - rightShortfall) < Self.raisedTopSkew else { return nil }
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

    /// The straight edges of a region, on the downscaled working image, with the frame's borders
    /// standing in for sides the frame cuts off.
    struct Edges {
        var factor: Int
        var field: GradientField
        var threshold: Float
        var lines: [ImageLine]
        var supports: [LineSupport]

        /// These edges and `extra` lines not among them (an outline's sides found by a local search,
        /// which ``expandedOutward(_:edges:anchor:)`` looks up by line).
        func adding(_ extra: [ImageLine]) -> Edges {
            var result = self
            for line in extra where !result.lines.contains(line) {
                result.lines.append(line)
                result.supports.append(LineSupport(line: line, field: field, threshold: threshold))
            }
            return result
        }
    }

    /// With `usingColour` and a colour frame, an edge between colours of about the same luma (a
    /// header band on wood) counts too (``joiningColour(_:of:factor:threshold:)``). An outline
    /// fitted to a read MRZ starts without: the MRZ predicts most sides luma misses, and the colour
    /// edges add about 2.8 ms to a 1080p frame (``withColour(_:of:)`` adds it later when needed).
    func edges(of frame: ReducedFrame, usingColour: Bool = false, maximumLines: Int = Self.anchoredSearchLines) -> Edges {
        let factor = frame.factor(forWorkingSize: workingSize)
        let small = frame.downscaled(by: factor).gaussianBlurred(sigma: 1.0)
        var field = GradientField(small)
        let noise = field.medianMagnitude()
        // Votes and support are counted with a low threshold: orientation alignment already
        // rejects noise, and faint edges (a white card on a pale table) need it.
        let threshold = max(6, 1.5 * noise)
        if usingColour, let joined = joiningColour(field, of: frame, factor: factor, threshold: threshold) {
            field = joined
        }
        return edges(in: field, factor: factor, threshold: threshold, maximumLines: maximumLines)
    }

    /// `edges` (of the luma alone) redone with the frame's colour edges joined in; nil without a
    /// colour frame.
    func withColour(_ edges: Edges, of frame: ReducedFrame) -> Edges? {
        joiningColour(edges.field, of: frame, factor: edges.factor, threshold: edges.threshold).map {
            self.edges(in: $0, factor: edges.factor, threshold: edges.threshold, maximumLines: Self.anchoredSearchLines)
        }
    }

    /// `field` with the gradients of the frame's colour differences (``RGBAImage/colourDifferences(_:by:)``)
    /// in place of its own wherever they are stronger and above `threshold`; nil without a colour frame.
    func joiningColour(_ field: GradientField, of frame: ReducedFrame, factor: Int, threshold: Float) -> GradientField? {
        guard let colour = frame.colourDifferences(by: factor) else { return nil }
        var joined = field
        for channel in [colour.blue, colour.red] {
            joined.takeStronger(of: GradientField(channel.gaussianBlurred(sigma: 1.0)), above: threshold)
        }
        return joined
    }

    /// The dominant straight edges of `field` and the field's borders.
    func edges(in field: GradientField, factor: Int, threshold: Float, maximumLines: Int) -> Edges {
        let minSide = min(field.width, field.height)
        var lines = EdgeLineDetector.lines(in: field, threshold: threshold, maximumLines: maximumLines,
                                           minimumVotes: max(12, minSide / 10))
        // The frame's borders stand in for a side the frame cuts off (partly visible documents).
        let sw = Double(field.width), sh = Double(field.height)
        lines += [ImageLine(theta: 0, rho: 0.5, votes: 0), ImageLine(theta: Double.pi, rho: -(sw - 1.5), votes: 0),
                  ImageLine(theta: Double.pi / 2, rho: 0.5, votes: 0), ImageLine(theta: 1.5 * Double.pi, rho: -(sh - 1.5), votes: 0)]
        let supports = lines.map { LineSupport(line: $0, field: field, threshold: threshold) }
        return Edges(factor: factor, field: field, threshold: threshold, lines: lines, supports: supports)
    }

    /// `edges` with the lines found near where a read MRZ puts the document's bottom and side
    /// edges (``DocumentAnchor/predictedEdges(outwards:)``): a faint side next to a strong
    /// background line, or among many, is often not among the transform's strongest lines over the
    /// whole frame, while near its predicted place it is one of few. The search reaches
    /// ``predictedEdgeReach`` millimetres either way of a line 1.5 mm outside the nominal edge and
    /// turns up to 4°. On `capkit eval`'s generated frames each of the three searches adds
    /// localised frames; searching near the top as well added none (``completedTops(_:edges:anchor:)``
    /// already does, once the sides are known).
    func withPredictedEdges(_ edges: Edges, anchor: DocumentAnchor) -> Edges {
        let s = anchor.pixelsPerMillimetre
        guard s > 0 else { return edges }
        var result = edges
        for (from, to) in anchor.predictedEdges(outwards: 1.5) {
            let found = EdgeLineDetector.linesNear(from, to, in: edges.field, threshold: edges.threshold,
                                                   maximumOffset: Self.predictedEdgeReach * s,
                                                   maximumAngle: 4 * Double.pi / 180, limit: 2)
            for found in found {
                // Votes of 0 mark the frame's borders; a found edge always counts.
                let line = ImageLine(theta: found.theta, rho: found.rho, votes: max(1, found.votes))
                let foot = line.normal * line.rho
                guard !result.lines.contains(where: { $0.parallelism(to: line) >= 0.9995 && abs($0.distance(foot)) < 1 })
                else { continue }
                result.lines.append(line)
                result.supports.append(LineSupport(line: line, field: edges.field, threshold: edges.threshold))
            }
        }
        return result
    }

    /// How far (millimetres) from its predicted place an edge is searched for.
    static let predictedEdgeReach = 4.5

    /// The area of an outline found without fitting the read MRZ, over the area of the outline the
    /// MRZ implies (``DocumentAnchor/predictedOutline()``), for it to be believed: about ±18% in
    /// size. On `capkit eval`'s generated frames, this range turned away a background outline around
    /// a glare-washed card (hard-000080 at seed 1000), which 0.5...2 still let in, and lost no frame
    /// that the free outline had been right on.
    static let freeAreaRatio = 0.7...1.4

    /// The layout agreement (``DocumentAnchor/layoutAgreement(of:bottom:)``) above which an
    /// outline of the frame's strongest edges is kept without searching for faint ones near the
    /// predicted sides (``withPredictedEdges(_:anchor:)``). On `capkit eval`'s generated frames,
    /// 0.6, 0.8 and searching always localise the same frames; most frames fit above 0.6 and skip
    /// the search's cost.
    static let confidentAgreement = 0.6

    /// The layout agreement below which an outline fitted to a read MRZ on the luma's edges is
    /// searched for again with the colour differences' edges joined in (``edges(of:usingColour:)``).
    /// Over `capkit eval`'s 1200 frames (seeds 7, 1000, 2000 and 3000), the colour edges in every
    /// anchored search localise four frames more and lose none, all four with the luma outline's
    /// agreement under 0.8 (0.0–0.79), but add 2.8 ms to every 1080p frame of `capkit bench`. Below
    /// 0.85 the same four are gained, and 3 of the bench's 20 frames pay for a second search (about
    /// 5 ms each, 0.8 ms per frame on average); on one of them the colour outline fits at 0.98
    /// where the luma one fitted at 0.81.
    static let colourAgreement = 0.85

    /// How many of the transform's strongest lines an outline fitted to a read MRZ is made of: the
    /// anchored search only combines lines placed like the document's sides around the MRZ, and
    /// searches for faint ones near where the MRZ puts them.
    static let anchoredSearchLines = 36
    /// How many lines the free search (no MRZ: card fronts) combines. On a busy background (papers
    /// with ruled lines, strokes across the frame) a card's side can be crowded out of the 36
    /// strongest. With 48, 720p fronts (`capkit synth --kinds td1Front --seed 4242 --count 150`) are
    /// localised 0.927 phone-like and 0.860 hard (from 0.913 and 0.833: three and five gained, one of
    /// each lost to a background outline that now outscores the card), 40 phone-like fronts at 1080p
    /// 0.925 (from 0.850), and `capkit eval`'s 1200 frames one more, losing none. 60 lines added one
    /// hard front more for twice the search's time.
    static let freeSearchLines = 48

    /// Outlines that fit a read MRZ kept for refinement and the final judgement.
    static let anchoredCandidates = 4

    // MARK: - Quad search

    struct Scored {
        var quad: Quadrilateral2D
        /// The line of each side (side k runs from corner k to corner k+1).
        var lines: [ImageLine] = []
        var score: Double
        var sideCoverage: [Double]
        /// Per side, +1 when the document is brighter than the outside, -1 when darker, 0 mixed.
        var polarities: [Double]
        /// Per corner, how much edge continues past it along either side's line (0...1).
        var cornerOverhang: [Double] = []
        /// With an anchor: the side below the MRZ.
        var bottomSide: Int?
    }

    /// The best-scoring quadrilateral of any four edges (two pairs of roughly parallel lines).
    func bestQuad(_ edges: Edges) -> Scored? {
        let lines = edges.lines, supports = edges.supports
        let w = Double(edges.field.width), h = Double(edges.field.height)
        let minSeparation = 0.12 * min(w, h)
        // Pairs of roughly parallel lines (within 0.45 rad) far enough apart.
        let parallel = cos(0.45), crossing = cos(0.75)
        var pairs: [(Int, Int)] = []
        let mid = Point2D(x: w / 2, y: h / 2)
        for i in 0..<lines.count {
            for j in (i + 1)..<lines.count {
                let a = lines[i], b = lines[j]
                guard a.parallelism(to: b) >= parallel else { continue }
                // Distance between them measured across, at the image centre's projection.
                let pa = mid - a.normal * a.distance(mid)
                guard abs(b.distance(pa)) >= minSeparation else { continue }
                pairs.append((i, j))
            }
        }
        var best: Scored?
        for i in 0..<pairs.count {
            for j in (i + 1)..<pairs.count {
                let (a1, a2) = pairs[i], (b1, b2) = pairs[j]
                guard a1 != b1, a1 != b2, a2 != b1, a2 != b2 else { continue }
                let la1 = lines[a1], la2 = lines[a2], lb1 = lines[b1], lb2 = lines[b2]
                // Each line of one pair crosses each of the other at 0.75 rad or more.
                guard la1.parallelism(to: lb1) <= crossing, la1.parallelism(to: lb2) <= crossing,
                      la2.parallelism(to: lb1) <= crossing, la2.parallelism(to: lb2) <= crossing else { continue }
                guard let c1 = la1.intersection(with: lb1), let c2 = lb1.intersection(with: la2),
                      let c3 = la2.intersection(with: lb2), let c4 = lb2.intersection(with: la1) else { continue }
                // An outline that cannot score above the best so far is not scored.
                if let best, Self.scoreBound(perimeter: c1.distance(to: c2) + c2.distance(to: c3) + c3.distance(to: c4)
                                             + c4.distance(to: c1)) <= best.score { continue }
                // Nor one whose edges cannot: the bound from the sides' edge counts is tighter, and
                // still far cheaper than scoring.
                if let best, Self.scoreBound(c1, c2, c3, c4, sides: (supports[b1], supports[a2], supports[b2], supports[a1]))
                    <= best.score { continue }
                // Side k runs from corner k to corner k+1: c1→c2 lies on b1, then a2, b2, a1.
                let (quad, sides) = Self.clockwise([c1, c2, c3, c4], sides: [supports[b1], supports[a2], supports[b2], supports[a1]])
                guard var scored = score(quad, sides: sides, width: w, height: h),
                      best == nil || scored.score > best!.score else { continue }
                scored.lines = sides.map(\.line)
                best = scored
            }
        }
        return best
    }

    /// The outline of `corners` (corner k between sides k−1 and k, side k the line of `sides[k]`)
    /// ordered clockwise on screen, so that side indices mean the same in every outline: reversed,
    /// with its sides, when the corners run the other way.
    static func clockwise(_ corners: [Point2D], sides: [LineSupport]) -> (quad: Quadrilateral2D, sides: [LineSupport]) {
        let quad = Quadrilateral2D(corners: corners)
        guard quad.signedArea < 0 else { return (quad, sides) }
        return (Quadrilateral2D(corners: [corners[0], corners[3], corners[2], corners[1]]),
                [sides[3], sides[2], sides[1], sides[0]])
    }

    /// An upper bound of ``score(_:sides:width:height:)`` for an outline of this perimeter: each
    /// side supports at most its length plus one position, the coverage factor is at most 1.5, and
    /// every other factor at most 1.
    static func scoreBound(perimeter: Double) -> Double {
        1.5 * (perimeter + 4) * (1 + 1e-9)
    }

    /// An upper bound of ``score(_:sides:width:height:)`` for the outline of corners `c0`…`c3`
    /// (side k from corner k to corner k+1 on `sides.k`, in either winding) from the edge counts
    /// along its sides: the supported length, the aspect prior and the smallest coverage as the
    /// score computes them, with the corner-termination and visibility factors (each at most 1)
    /// left out. 0 where the score is nil for want of visible sides.
    static func scoreBound(_ c0: Point2D, _ c1: Point2D, _ c2: Point2D, _ c3: Point2D,
                           sides: (LineSupport, LineSupport, LineSupport, LineSupport)) -> Double {
        let l0 = c0.distance(to: c1), l1 = c1.distance(to: c2), l2 = c2.distance(to: c3), l3 = c3.distance(to: c0)
        var supportedLength = 0.0, minCoverage = Double.infinity
        // A frame border (no votes) adds no length; its coverage is its neighbours' mean, never
        // below their minimum.
        func side(_ support: LineSupport, _ a: Point2D, _ b: Point2D, _ length: Double) -> Bool {
            guard support.line.votes > 0 else { return true }
            let ta = support.position(of: a), tb = support.position(of: b)
            let counts = support.counts(from: ta, to: tb)
            guard counts.visible > 0 else { return false }
            let edges = Double(counts.positive + counts.negative)
            supportedLength += edges * length / max(1, abs(tb - ta))
            minCoverage = min(minCoverage, edges / Double(counts.visible))
            return true
        }
        guard side(sides.0, c0, c1, l0), side(sides.1, c1, c2, l1), side(sides.2, c2, c3, l2), side(sides.3, c3, c0, l3)
        else { return 0 }
        let longSides = max(l0 + l2, l1 + l3), shortSides = min(l0 + l2, l1 + l3)
        let aspectFactor = 0.6 + 0.4 * Self.aspectPrior(longSides / max(1, shortSides))
        return supportedLength * aspectFactor * (0.5 + min(1, minCoverage)) * (1 + 1e-9)
    }

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
            guard let layout = anchor.layout, let first = layout.mrzLineCentresFromBottom.first else { return 15...Double.infinity }
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
                   line.votes == 0 || topReach.contains(above) { tops.append(i) }
            } else if alignment <= (1 - nearParallel * nearParallel).squareRoot() {
                // |sin| ≥ cos 35° ⇔ within 35° of the normal; both lines' ends must lie inside.
                let before = [anchor.firstLineStart, anchor.lastLineStart].compactMap { travel(line, from: $0, along: along * -1) }
                let beyond = [anchor.firstLineEnd, anchor.lastLineEnd].compactMap { travel(line, from: $0, along: along) }
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
                        guard let br = lines[b].intersection(with: lines[r]), let bl = lines[b].intersection(with: lines[l])
                        else { continue }
                        let quad = Quadrilateral2D(corners: [tl, tr, br, bl])
                        guard quad.signedArea > 0, anchor.bottomSide(of: quad) == 2 else { continue }
                        let sides = [supports[t], supports[r], supports[b], supports[l]]
                        // The agreement is at most 1: a score below the last kept rank cannot enter.
                        guard var scored = score(quad, sides: sides, width: w, height: h),
                              best.count < limit || scored.score > best[best.count - 1].rank else { continue }
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
        guard let bottom = candidate.bottomSide, candidate.lines.count == 4, anchor.pixelsPerMillimetre > 0 else { return [] }
        let top = (bottom + 2) % 4, right = (bottom + 3) % 4, left = (bottom + 1) % 4
        let lines = candidate.lines
        guard lines[left].votes > 0, lines[right].votes > 0,
              let predicted = anchor.predictedTopCorners(left: lines[left], right: lines[right])
        else { return [] }
        let w = Double(edges.field.width), h = Double(edges.field.height)
        let found = EdgeLineDetector.linesNear(predicted.left, predicted.right, in: edges.field, threshold: edges.threshold,
                                               maximumOffset: Self.completionReach * anchor.pixelsPerMillimetre,
                                               maximumAngle: 4 * Double.pi / 180, limit: 4)
        return found.compactMap { line in
            guard let start = line.intersection(with: lines[left]), let end = line.intersection(with: lines[right]) else { return nil }
            var corners = candidate.quad.corners
            corners[top] = start
            corners[(top + 1) % 4] = end
            let quad = Quadrilateral2D(corners: corners)
            guard anchor.bottomSide(of: quad) == bottom else { return nil }
            var sideLines = lines
            sideLines[top] = line
            let supports = sideLines.enumerated().map { k, l in
                k == top ? LineSupport(line: l, field: edges.field, threshold: edges.threshold)
                    : edges.supports[edges.lines.firstIndex(of: l) ?? 0]
            }
            guard var scored = score(quad, sides: supports, width: w, height: h) else { return nil }
            scored.lines = sideLines
            scored.bottomSide = bottom
            return scored
        }
    }

    /// The best outline of an ID-1 card front around `inner`, taken for the card's portrait: the
    /// front's layout (``DocumentLayout/face``) places the card's sides around its portrait zone,
    /// and each is searched for near there, under both readings of which way up the portrait is
    /// (``EdgeLineDetector/linesNear(_:_:in:threshold:maximumOffset:maximumAngle:limit:)``: two
    /// lines at most, ``portraitReach`` millimetres either way, up to 6° off). A card's side against
    /// a busy background (wood grain, tiles) can be missing from the transform's lines over the
    /// whole frame, and the portrait's strong frame then outscores every outline left; near where
    /// the card's sides must be, they are among few. Nil when no outline of found lines scores.
    func cardAroundPortrait(_ inner: Scored, edges: Edges) -> Scored? {
        let layout = DocumentLayout.of(.td1Front)
        guard let face = layout.face else { return nil }
        let c = inner.quad.corners
        let lengths = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }
        // The portrait is taller than wide: its long sides are the zone's left and right.
        let first = lengths[1] + lengths[3] >= lengths[0] + lengths[2] ? 0 : 1
        let zone = Quadrilateral2D(x: face.x, y: face.y, width: face.width, height: face.height)
        let card = Quadrilateral2D(x: 0, y: 0, width: layout.width, height: layout.height)
        let pixelsPerMillimetre = (inner.quad.area / (face.width * face.height)).squareRoot()
        let w = Double(edges.field.width), h = Double(edges.field.height)
        var best: Scored?
        for start in [first, first + 2] {
            let corners = (0..<4).map { c[(start + $0) % 4] }
            guard let toFrame = Homography(from: zone, to: Quadrilateral2D(corners: corners)) else { continue }
            let predicted = card.corners.map(toFrame.apply)
            guard predicted.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            // Up to two lines near each side (votes of 0 would mark the frame's borders).
            let found = (0..<4).map { k in
                EdgeLineDetector.linesNear(predicted[k], predicted[(k + 1) % 4], in: edges.field, threshold: edges.threshold,
                                           maximumOffset: Self.portraitReach * pixelsPerMillimetre, maximumAngle: 6 * Double.pi / 180,
                                           limit: 2)
                    .map { LineSupport(line: ImageLine(theta: $0.theta, rho: $0.rho, votes: max(1, $0.votes)),
                                       field: edges.field, threshold: edges.threshold) }
            }
            guard found.allSatisfy({ !$0.isEmpty }) else { continue }
            // Every choice of one line per side (combination i picks found[k][digit k of i]).
            for i in 0..<found.map(\.count).reduce(1, *) {
                var rest = i
                let chosen = found.map { options in
                    defer { rest /= options.count }
                    return options[rest % options.count]
                }
                let points = (0..<4).compactMap { k in chosen[(k + 3) % 4].line.intersection(with: chosen[k].line) }
                guard points.count == 4 else { continue }
                let (quad, supports) = Self.clockwise(points, sides: chosen)
                guard var scored = score(quad, sides: supports, width: w, height: h), scored.score > best?.score ?? 0
                else { continue }
                scored.lines = supports.map(\.line)
                best = scored
            }
        }
        return best
    }

    /// How far (millimetres of the card, at the portrait's scale) from where the portrait puts them
    /// the card's sides are searched for: the prediction extrapolates the portrait's corners over
    /// three to four times its size, and real cards place their portraits less exactly than the
    /// layout. On 150 phone-like and 150 hard generated fronts (`capkit synth --kinds td1Front
    /// --seed 4242`), 6 mm localised no more of them (0.907 / 0.827), 10 mm one more of each, and
    /// 14 mm lost the phone-like one again to lines beyond the card; over `capkit eval`'s 1200 frames
    /// 6 and 10 mm both gained one front and lost nothing. Fronts whose card edges are faint as well
    /// stay lost: the card's far side, predicted over the portrait's width three times, is then often
    /// further off than the reach.
    static let portraitReach = 10.0

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
        guard var scored = lenient.score(predicted, sides: supports, width: Double(edges.field.width),
                                         height: Double(edges.field.height)) else { return nil }
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
              min(lengths[1], lengths[3]) / max(lengths[1], lengths[3]) >= 0.45 else { return nil }
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
                for (neighbour, nearBorder, far) in [((k + 3) % 4, a, c[(k + 3) % 4]), ((k + 1) % 4, b, c[(k + 2) % 4])] {
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
        let score = supportedLength * (0.6 + 0.4 * Self.aspectPrior(aspect)) * (0.5 + minCoverage) * termination * visibility
        return Scored(quad: quad, score: score, sideCoverage: coverage, polarities: polarity, cornerOverhang: cornerOverhang)
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
                let agreement = current.bottomSide.map { anchor?.layoutAgreement(of: current.quad, bottom: $0) ?? 1 } ?? 1
                for (i, candidate) in lines.enumerated() where candidate.votes > 0 && candidate.parallelism(to: side) >= 0.9945 {
                    // Outside: on the other side of `side` from the centre, not too far.
                    let along = candidate.intersection(with: current.lines[(k + 3) % 4])
                    let along2 = candidate.intersection(with: current.lines[(k + 1) % 4])
                    guard let p0 = along, let p1 = along2 else { continue }
                    let gap = min(abs(side.distance(p0)), abs(side.distance(p1)))
                    // Both new corners beyond the old side, away from the centre.
                    guard side.distance(p0) * inside < 0, side.distance(p1) * inside < 0,
                          gap >= 2, max(abs(side.distance(p0)), abs(side.distance(p1))) <= 0.3 * extent else { continue }
                    var corners = c
                    corners[k] = p0
                    corners[(k + 1) % 4] = p1
                    let quad = Quadrilateral2D(corners: corners)
                    var sideLines = current.lines
                    sideLines[k] = candidate
                    let sideSupports = sideLines.map { l in supports[lines.firstIndex(of: l) ?? i] }
                    guard var scored = score(quad, sides: sideSupports, width: Double(field.width),
                                             height: Double(field.height)) else { continue }
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
                              anchor.layoutAgreement(of: quad, bottom: b) >= 0.9 * agreement else { continue }
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

    // MARK: - Corner order

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
