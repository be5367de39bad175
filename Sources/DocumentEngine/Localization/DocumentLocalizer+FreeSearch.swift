import CaptureCore
import Foundation

// The free search (no MRZ to anchor on): every pair of roughly parallel edge pairs, with exact
// score bounds, and a card searched for around a portrait taken for the best outline.
extension DocumentLocalizer {
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
                    la2.parallelism(to: lb1) <= crossing, la2.parallelism(to: lb2) <= crossing
                else { continue }
                guard let c1 = la1.intersection(with: lb1), let c2 = lb1.intersection(with: la2),
                    let c3 = la2.intersection(with: lb2), let c4 = lb2.intersection(with: la1)
                else { continue }
                // An outline that cannot score above the best so far is not scored.
                if let best,
                    Self.scoreBound(
                        perimeter: c1.distance(to: c2) + c2.distance(to: c3) + c3.distance(to: c4)
                            + c4.distance(to: c1)) <= best.score
                {
                    continue
                }
                // Nor one whose edges cannot: the bound from the sides' edge counts is tighter, and
                // still far cheaper than scoring.
                if let best,
                    Self.scoreBound(c1, c2, c3, c4, sides: (supports[b1], supports[a2], supports[b2], supports[a1]))
                        <= best.score
                {
                    continue
                }
                // Side k runs from corner k to corner k+1: c1→c2 lies on b1, then a2, b2, a1.
                let (quad, sides) = Self.clockwise(
                    [c1, c2, c3, c4], sides: [supports[b1], supports[a2], supports[b2], supports[a1]])
                guard var scored = score(quad, sides: sides, width: w, height: h),
                    best == nil || scored.score > best!.score
                else { continue }
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
        return (
            Quadrilateral2D(corners: [corners[0], corners[3], corners[2], corners[1]]),
            [sides[3], sides[2], sides[1], sides[0]]
        )
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
    static func scoreBound(
        _ c0: Point2D, _ c1: Point2D, _ c2: Point2D, _ c3: Point2D,
        sides: (LineSupport, LineSupport, LineSupport, LineSupport)
    ) -> Double {
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
                EdgeLineDetector.linesNear(
                    predicted[k], predicted[(k + 1) % 4], in: edges.field, threshold: edges.threshold,
                    maximumOffset: Self.portraitReach * pixelsPerMillimetre, maximumAngle: 6 * Double.pi / 180,
                    limit: 2
                )
                .map {
                    LineSupport(
                        line: ImageLine(theta: $0.theta, rho: $0.rho, votes: max(1, $0.votes)),
                        field: edges.field, threshold: edges.threshold)
                }
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
}
