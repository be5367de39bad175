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
        // Pairs of roughly parallel lines far enough apart.
        var pairs: [(ImageLine, ImageLine)] = []
        for i in 0..<lines.count {
            for j in (i + 1)..<lines.count {
                let a = lines[i], b = lines[j]
                guard a.angle(to: b) <= 0.45 else { continue }
                let mid = Point2D(x: w / 2, y: h / 2)
                // Distance between them measured across, at the image centre's projection.
                let pa = mid - a.normal * a.distance(mid)
                guard abs(b.distance(pa)) >= minSeparation else { continue }
                pairs.append((a, b))
            }
        }
        var best: Scored?
        for i in 0..<pairs.count {
            for j in (i + 1)..<pairs.count {
                let (a1, a2) = pairs[i], (b1, b2) = pairs[j]
                guard a1.angle(to: b1) >= 0.75, a1.angle(to: b2) >= 0.75,
                      a2.angle(to: b1) >= 0.75, a2.angle(to: b2) >= 0.75 else { continue }
                guard let c1 = a1.intersection(with: b1), let c2 = b1.intersection(with: a2),
                      let c3 = a2.intersection(with: b2), let c4 = b2.intersection(with: a1) else { continue }
                let quad = Quadrilateral2D(corners: [c1, c2, c3, c4])
                guard let scored = score(quad, field: field, threshold: threshold) else { continue }
                if best == nil || scored.score > best!.score { best = scored }
            }
        }
        return best
    }

    /// Perimeter coverage with priors; nil when the quad is implausible.
    func score(_ quad: Quadrilateral2D, field: GradientField, threshold: Float) -> Scored? {
        let w = Double(field.width), h = Double(field.height)
        guard quad.isConvex else { return nil }
        let area = quad.area
        guard area >= 0.03 * w * h, area <= 1.6 * w * h else { return nil }
        // Corners may leave the image (partial view) but not absurdly.
        for c in quad.corners {
            guard c.x >= -0.5 * w, c.x <= 1.5 * w, c.y >= -0.5 * h, c.y <= 1.5 * h else { return nil }
        }
        let c = quad.corners
        let sides = (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }
        let longSides = max(sides[0] + sides[2], sides[1] + sides[3]), shortSides = min(sides[0] + sides[2], sides[1] + sides[3])
        let aspect = longSides / max(1, shortSides)
        guard aspect >= 1.08, aspect <= 2.4 else { return nil }
        // Opposite sides of a document seen at a sane angle are of similar length.
        guard min(sides[0], sides[2]) / max(sides[0], sides[2]) >= 0.45,
              min(sides[1], sides[3]) / max(sides[1], sides[3]) >= 0.45 else { return nil }
        var coverage: [Double] = [], polarity: [Double] = []
        var supportedLength = 0.0
        let centre = quad.centroid
        for k in 0..<4 {
            guard let s = sideSupport(from: c[k], to: c[(k + 1) % 4], inside: centre, field: field,
                                      threshold: threshold) else { return nil }
            guard s.coverage >= minimumSideCoverage else { return nil }
            coverage.append(s.coverage)
            polarity.append(s.polarity)
            supportedLength += s.coverage * s.visibleLength
        }
        // Prior on the aspect ratio of ICAO documents (1.42–1.59), loose because of perspective.
        let aspectPrior = exp(-pow(log(aspect / 1.5) / 0.25, 2) / 2)
        let minCoverage = coverage.min() ?? 0
        let score = supportedLength * (0.6 + 0.4 * aspectPrior) * (0.5 + minCoverage)
        return Scored(quad: quad, score: score, sideCoverage: coverage, polarities: polarity)
    }

    /// Fraction of the visible part of segment a→b where the gradient is an edge parallel to the
    /// segment with one consistent polarity; nil when less than 40% of the side is visible.
    func sideSupport(from a: Point2D, to b: Point2D, inside: Point2D, field: GradientField, threshold: Float)
        -> (coverage: Double, polarity: Double, visibleLength: Double)?
    {
        let length = a.distance(to: b)
        guard length >= 4 else { return nil }
        let dir = (b - a) * (1 / length)
        var normal = Point2D(x: -dir.y, y: dir.x)
        // Make the normal point into the quad.
        if (inside - a).x * normal.x + (inside - a).y * normal.y < 0 { normal = normal * -1 }
        let steps = Int(length / 1.5)
        var visible = 0, brighterInside = 0, darkerInside = 0
        let w = field.width, hgt = field.height
        for s in 0...steps {
            let t = (Double(s) + 0.5) / Double(steps + 1)
            let p = a + (b - a) * t
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            guard x >= 2, y >= 2, x < w - 2, y < hgt - 2 else { continue }
            visible += 1
            // Best response within one pixel across the edge.
            var bestDot = 0.0
            for d in -1...1 {
                let qx = x + Int((normal.x * Double(d)).rounded()), qy = y + Int((normal.y * Double(d)).rounded())
                let i = qy * w + qx
                let m = field.magnitude[i]
                guard m >= threshold else { continue }
                let gx = Double(field.gx[i]), gy = Double(field.gy[i])
                let dot = (gx * normal.x + gy * normal.y) / Double(m)
                if abs(dot) > abs(bestDot) { bestDot = dot }
            }
            // Within ~25° of the normal.
            if bestDot >= 0.9 { brighterInside += 1 } else if bestDot <= -0.9 { darkerInside += 1 }
        }
        guard Double(visible) >= 0.4 * Double(steps + 1) else { return nil }
        let aligned = max(brighterInside, darkerInside)
        return (Double(aligned) / Double(visible), brighterInside >= darkerInside ? 1 : -1,
                length * Double(visible) / Double(steps + 1))
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
