import CaptureCore
import Foundation

/// Finds an ID document (ID-1 card, ID-2/ID-3 page, visa) in a frame as a quadrilateral.
///
/// 1. The region of interest is box-downscaled to about ``workingSize`` pixels on its long side,
///    smoothed, and its Sobel gradients computed.
/// 2. ``EdgeLineDetector`` finds the dominant straight edges (orientation-restricted Hough).
/// 3. Pairs of roughly parallel edges are combined into quadrilaterals; each is scored by how much
///    of its perimeter is an edge of consistent polarity there (perimeter coverage), with priors on
///    size and on the aspect ratio of ICAO documents. Inner rectangles (portrait, MRZ band) lose to
///    the document because coverage is weighted by perimeter length.
/// 4. The winner's sides are refined in the full-resolution image: sub-pixel edge positions along
///    each side's normal, a robust line fit per side, corners at the intersections.
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
    }

    /// Locates the document inside `roi` of `image`; nil when nothing document-like is found.
    package func locate(in image: GrayImage, roi: PixelRect) -> Result? {
        let region = roi.clipped(width: image.width, height: image.height)
        guard region.width >= 32, region.height >= 32 else { return nil }
        let factor = max(1, Int((Double(max(region.width, region.height)) / Double(workingSize)).rounded()))
        let small = image.cropped(to: region).downscaled(by: factor).gaussianBlurred(sigma: 1.0)
        let field = GradientField(small)
        let noise = field.medianMagnitude()
        let threshold = max(8, 2.0 * noise)
        let minSide = min(small.width, small.height)
        let lines = EdgeLineDetector.lines(in: field, threshold: threshold, maximumLines: 28,
                                           minimumVotes: max(12, minSide / 10))
        guard let coarse = bestQuad(lines: lines, field: field, threshold: threshold) else { return nil }
        // Back to frame coordinates; refine at full resolution.
        let scale = Double(factor)
        let offset = Point2D(x: Double(region.x), y: Double(region.y))
        let coarseQuad = coarse.quad.mapped { p in Point2D(x: (p.x + 0.5) * scale - 0.5, y: (p.y + 0.5) * scale - 0.5) + offset }
        let refined = EdgeRefiner.refine(coarseQuad, polarities: coarse.polarities, in: image,
                                         searchRadius: 2 * scale + 3) ?? coarseQuad
        let ordered = Self.ordered(refined)
        return Result(quad: ordered.quad, coverage: coarse.sideCoverage.reduce(0, +) / 4,
                      sideCoverage: coarse.sideCoverage, isVertical: ordered.isVertical)
    }

    // MARK: - Quad search

    struct Scored {
        var quad: Quadrilateral2D
        var score: Double
        var sideCoverage: [Double]
        /// Per side, +1 when the document is brighter than the outside, -1 when darker.
        var polarities: [Double]
    }

    func bestQuad(lines: [ImageLine], field: GradientField, threshold: Float) -> Scored? {
        let w = Double(field.width), h = Double(field.height)
        let minSeparation = 0.12 * min(w, h)
        let supports = lines.map { LineSupport(line: $0, field: field, threshold: threshold) }
        // Pairs of roughly parallel lines far enough apart.
        var pairs: [(Int, Int)] = []
        let mid = Point2D(x: w / 2, y: h / 2)
        for i in 0..<lines.count {
            for j in (i + 1)..<lines.count {
                let a = lines[i], b = lines[j]
                guard a.angle(to: b) <= 0.45 else { continue }
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
                guard la1.angle(to: lb1) >= 0.75, la1.angle(to: lb2) >= 0.75,
                      la2.angle(to: lb1) >= 0.75, la2.angle(to: lb2) >= 0.75 else { continue }
                guard let c1 = la1.intersection(with: lb1), let c2 = lb1.intersection(with: la2),
                      let c3 = la2.intersection(with: lb2), let c4 = lb2.intersection(with: la1) else { continue }
                let quad = Quadrilateral2D(corners: [c1, c2, c3, c4])
                let sides = [supports[a1], supports[b1], supports[a2], supports[b2]]
                guard let scored = score(quad, sides: sides, width: w, height: h) else { continue }
                if best == nil || scored.score > best!.score { best = scored }
            }
        }
        return best
    }

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
        var supportedLength = 0.0, overshoot = 0.0
        for k in 0..<4 {
            let support = sides[k]
            let a = c[k], b = c[(k + 1) % 4]
            let ta = support.position(of: a), tb = support.position(of: b)
            let counts = support.counts(from: ta, to: tb)
            let steps = max(1, abs(tb - ta))
            guard Double(counts.visible) >= 0.4 * steps, counts.visible > 0 else { return nil }
            // "Positive" means brighter on the normal's side; is the inside on that side?
            let insideIsPositive = support.line.distance(centre) > 0
            let brighterInside = insideIsPositive ? counts.positive : counts.negative
            let darkerInside = insideIsPositive ? counts.negative : counts.positive
            let aligned = max(brighterInside, darkerInside)
            let cover = Double(aligned) / Double(counts.visible)
            guard cover >= minimumSideCoverage else { return nil }
            coverage.append(cover)
            polarity.append(brighterInside >= darkerInside ? 1 : -1)
            supportedLength += cover * lengths[k] * Double(counts.visible) / steps
            // A document's edge ends at its corners; a line of the background (tiles, a table
            // edge) runs on. Measure the same polarity's support past both corners.
            let overhang = 0.15 * steps
            let (lo, hi) = (min(ta, tb), max(ta, tb))
            for (from, to) in [(lo - overhang, lo - 2), (hi + 2, hi + overhang)] {
                let e = support.counts(from: from, to: to)
                guard e.visible >= 3 else { continue }
                let same = brighterInside >= darkerInside
                    ? (insideIsPositive ? e.positive : e.negative) : (insideIsPositive ? e.negative : e.positive)
                overshoot += Double(same) / Double(e.visible)
            }
        }
        // Prior on the aspect ratio of ICAO documents (1.42–1.59), loose because of perspective.
        let aspectPrior = exp(-pow(log(aspect / 1.5) / 0.25, 2) / 2)
        let minCoverage = coverage.min() ?? 0
        let score = supportedLength * (0.6 + 0.4 * aspectPrior) * (0.5 + minCoverage) * (1 - 0.08 * overshoot)
        return Scored(quad: quad, score: score, sideCoverage: coverage, polarities: polarity)
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
