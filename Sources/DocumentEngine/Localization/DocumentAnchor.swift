package import CaptureCore
import Foundation

/// What a read MRZ says about where the document's edges can be: the document contains the zone,
/// its bottom edge runs a few millimetres below the last line, and its side edges a few
/// millimetres beyond the lines' ends. ``DocumentLocalizer`` only accepts outlines that agree.
package struct DocumentAnchor: Sendable, Equatable {
    /// Centres of the first and last glyph of the first and of the last MRZ line.
    package var firstLineStart: Point2D
    package var firstLineEnd: Point2D
    package var lastLineStart: Point2D
    package var lastLineEnd: Point2D
    /// Unit vector towards the document's bottom edge (from the first MRZ line to the last).
    package var down: Point2D
    /// Scale at the MRZ.
    package var pixelsPerMillimetre: Double
    /// The layout the MRZ's format implies, when it parsed: outlines are then also judged by where
    /// they put the MRZ on the document (see ``layoutAgreement(of:bottom:)``).
    package var layout: DocumentLayout?

    /// How far (millimetres, root mean square) the MRZ may sit from its nominal place before an
    /// outline's agreement falls to e^-1/2: the generous side of ICAO's print tolerances plus
    /// perspective and outline error.
    package static let layoutTolerance = 2.0

    package init(
        firstLineStart: Point2D, firstLineEnd: Point2D, lastLineStart: Point2D, lastLineEnd: Point2D,
        down: Point2D, pixelsPerMillimetre: Double, layout: DocumentLayout? = nil
    ) {
        self.firstLineStart = firstLineStart
        self.firstLineEnd = firstLineEnd
        self.lastLineStart = lastLineStart
        self.lastLineEnd = lastLineEnd
        self.down = down
        self.pixelsPerMillimetre = pixelsPerMillimetre
        self.layout = layout
    }

    /// Unit vector along the MRZ lines (reading direction).
    var along: Point2D {
        let d = (firstLineEnd - firstLineStart) + (lastLineEnd - lastLineStart)
        return d * (1 / max(1e-9, d.length))
    }

    /// How far (millimetres) the top corners may sit from where ``predictedTopCorners(left:right:)``
    /// puts them before the top's agreement falls to e^-1/2. From the true sides of 119 generated
    /// 1080p frames (`capkit synth --seed 77`, every tier) the prediction is off by 0.9 mm (median),
    /// 2.4 mm (90%) and 4.6 mm at most; ICAO's print tolerances for the lines' positions add to that
    /// on real documents, so the term is a soft prior, while a header band or a background line taken
    /// for the top is typically 7 mm or more away.
    package static let topTolerance = 4.0

    /// 0...1: how well `quad`, whose side `bottom` is the document's bottom edge, puts the MRZ where
    /// the layout has it. The quad's homography maps the four anchor points into document
    /// millimetres; their distance from the layout's nominal glyph centres, root mean square, gives
    /// exp(-½ (d / tolerance)²). 1 without a layout. A shadow taken for the bottom, or a background
    /// line for a side, moves the MRZ by millimetres and is judged accordingly, however strong its
    /// edges.
    ///
    /// The top edge is far from the MRZ, so a wrong top hardly moves the MRZ in document millimetres:
    /// it is judged separately, by the distance of the quad's top corners from where its side edges
    /// and the MRZ lines predict them, exp(-½ (d / ``topTolerance``)²), and the two terms
    /// multiply.
    func layoutAgreement(of quad: Quadrilateral2D, bottom: Int) -> Double {
        let c = quad.corners
        let upright = Quadrilateral2D(corners: [
            c[(bottom + 2) % 4], c[(bottom + 3) % 4], c[bottom], c[(bottom + 1) % 4],
        ])
        return mrzAgreement(of: quad, bottom: bottom) * topAgreement(of: upright)
    }

    /// The MRZ term of ``layoutAgreement(of:bottom:)`` alone. The top term predicts the top from the
    /// other sides, so among outlines whose top is wrong it favours those whose other sides are
    /// wrong the matching way; the first, coarse ranking of edge combinations therefore uses this
    /// term, and the top is judged once a top near the prediction has been searched for.
    func mrzAgreement(of quad: Quadrilateral2D, bottom: Int) -> Double {
        guard let layout, layout.hasMRZ, let firstFromBottom = layout.mrzLineCentresFromBottom.first,
            let lastFromBottom = layout.mrzLineCentresFromBottom.last
        else { return 1 }
        let c = quad.corners
        let upright = Quadrilateral2D(corners: [
            c[(bottom + 2) % 4], c[(bottom + 3) % 4], c[bottom], c[(bottom + 1) % 4],
        ])
        guard
            let toDocument = Homography(
                from: upright,
                to: Quadrilateral2D(
                    x: 0, y: 0, width: layout.width,
                    height: layout.height))
        else { return 0 }
        let pitch = DocumentLayout.mrzPitch
        let startX = layout.mrzLeftMargin + pitch / 2
        let endX = startX + Double(layout.mrzLineLength - 1) * pitch
        let firstY = layout.height - firstFromBottom, lastY = layout.height - lastFromBottom
        let pairs: [(Point2D, Point2D)] = [
            (firstLineStart, Point2D(x: startX, y: firstY)), (firstLineEnd, Point2D(x: endX, y: firstY)),
            (lastLineStart, Point2D(x: startX, y: lastY)), (lastLineEnd, Point2D(x: endX, y: lastY)),
        ]
        var sum = 0.0
        for (seen, nominal) in pairs {
            let p = toDocument.apply(seen)
            guard p.x.isFinite, p.y.isFinite else { return 0 }
            let d = p - nominal
            sum += d.x * d.x + d.y * d.y
        }
        let rms = (sum / 4).squareRoot() / Self.layoutTolerance
        return exp(-0.5 * rms * rms)
    }

    /// The top-edge term of ``layoutAgreement(of:bottom:)`` for an upright quad (side 2 the bottom).
    func topAgreement(of upright: Quadrilateral2D) -> Double {
        let c = upright.corners
        guard pixelsPerMillimetre > 0, let predicted = predictedTopCorners(of: upright) else { return 1 }
        let d = max(predicted.left.distance(to: c[0]), predicted.right.distance(to: c[1])) / pixelsPerMillimetre
        let ratio = d / Self.topTolerance
        return exp(-0.5 * ratio * ratio)
    }

    /// ``predictedTopCorners(left:right:)`` on the side edges of `upright` (side 2 the bottom); nil
    /// also when a side has no length.
    func predictedTopCorners(of upright: Quadrilateral2D) -> (left: Point2D, right: Point2D)? {
        let c = upright.corners
        guard c[0] != c[3], c[1] != c[2] else { return nil }
        return predictedTopCorners(left: ImageLine(through: c[3], c[0]), right: ImageLine(through: c[1], c[2]))
    }

    /// Where the layout puts the document's top corners on the `left` and `right` side lines: along
    /// each side line, the crossings of the first and the last MRZ line and the sides' vanishing
    /// point are three points of a 1-D projective map from document millimetres, which places the
    /// top edge's crossing (perspective included). The bottom edge is not used: it is the side most
    /// often confused with the frame's border or a shadow, and the MRZ lines are located to a
    /// fraction of a pixel. Nil without a layout, or when the lines are degenerate.
    func predictedTopCorners(left: ImageLine, right: ImageLine) -> (left: Point2D, right: Point2D)? {
        guard let layout, layout.hasMRZ, let first = layout.mrzLineCentresFromBottom.first,
            let last = layout.mrzLineCentresFromBottom.last, first > last
        else { return nil }
        let firstLine = ImageLine(through: firstLineStart, firstLineEnd)
        let lastLine = ImageLine(through: lastLineStart, lastLineEnd)
        // The cross-ratio (top, last line; first line, vanishing point) in document millimetres.
        let r = -(layout.height - first) / (first - last)
        func top(on side: ImageLine, other: ImageLine) -> Point2D? {
            guard let b = side.intersection(with: lastLine), let p = side.intersection(with: firstLine) else {
                return nil
            }
            let u = side.direction, o = side.normal * side.rho
            func t(_ q: Point2D) -> Double { (q.x - o.x) * u.x + (q.y - o.y) * u.y }
            // The vanishing point in homogeneous form (w = 0 when the sides are parallel).
            let (a1, b1, c1) = (side.cosTheta, side.sinTheta, -side.rho)
            let (a2, b2, c2) = (other.cosTheta, other.sinTheta, -other.rho)
            let vx = b1 * c2 - c1 * b2, vy = c1 * a2 - a1 * c2, vw = a1 * b2 - b1 * a2
            let tn = (vx - vw * o.x) * u.x + (vy - vw * o.y) * u.y
            let tb = t(b), t1 = t(p)
            // The same cross-ratio along the line, solved for the top's position.
            let numerator = r * (tb - t1) * tn - t1 * (tb * vw - tn)
            let denominator = r * (tb - t1) * vw - (tb * vw - tn)
            guard abs(denominator) > 1e-12 * max(1, abs(numerator)) else { return nil }
            let ta = numerator / denominator
            guard ta.isFinite else { return nil }
            return o + u * ta
        }
        guard let l = top(on: left, other: right), let r = top(on: right, other: left) else { return nil }
        return (l, r)
    }

    /// A point of the document, `x` millimetres from its left edge and `y` above its bottom edge,
    /// placed in the image by the MRZ alone: the four anchor points span a bilinear patch (glyph
    /// centres of the first and last line, at their nominal places), extended beyond it. Each end
    /// of the zone carries its own vertical direction, so perspective across the lines is followed;
    /// far from the zone the error grows with the distance. Nil without a layout.
    func predictedPoint(x: Double, y: Double) -> Point2D? {
        guard let layout, layout.hasMRZ, layout.mrzLineLength > 1, let first = layout.mrzLineCentresFromBottom.first,
            let last = layout.mrzLineCentresFromBottom.last, first > last
        else { return nil }
        let pitch = DocumentLayout.mrzPitch
        let startX = layout.mrzLeftMargin + pitch / 2
        let u = (x - startX) / (Double(layout.mrzLineLength - 1) * pitch)
        let v = (y - last) / (first - last)
        let start = lastLineStart + (firstLineStart - lastLineStart) * v
        let end = lastLineEnd + (firstLineEnd - lastLineEnd) * v
        return start + (end - start) * u
    }

    /// Segments along which the layout puts the document's bottom, left and right edges
    /// (``predictedPoint(x:y:)``), each moved `outwards` millimetres away from the MRZ: a search
    /// around them reaches further out than in, where the glyphs are. The side segments run from
    /// the bottom to 60% of the height, where the prediction is still close. (The top, far from the
    /// MRZ, is predicted from the side edges instead: ``predictedTopCorners(left:right:)``.) Empty
    /// without a layout.
    func predictedEdges(outwards o: Double) -> [(from: Point2D, to: Point2D)] {
        guard let layout, layout.hasMRZ else { return [] }
        let w = layout.width, h = layout.height
        let segments = [((0, -o), (w, -o)), ((-o, 0), (-o, 0.6 * h)), ((w + o, 0), (w + o, 0.6 * h))]
        return segments.compactMap { a, b in
            guard let from = predictedPoint(x: a.0, y: a.1), let to = predictedPoint(x: b.0, y: b.1) else { return nil }
            return (from, to)
        }
    }

    /// The whole outline the MRZ implies, upper-left corner first (clockwise on screen): the bottom
    /// corners and the side edges from ``predictedPoint(x:y:)``, the top corners on those sides by
    /// ``predictedTopCorners(left:right:)``, so that perspective is followed throughout. Nil
    /// without a layout or when the prediction degenerates.
    func predictedOutline() -> Quadrilateral2D? {
        guard let layout, let lowerLeft = predictedPoint(x: 0, y: 0),
            let lowerRight = predictedPoint(x: layout.width, y: 0),
            let midLeft = predictedPoint(x: 0, y: 0.6 * layout.height),
            let midRight = predictedPoint(x: layout.width, y: 0.6 * layout.height),
            lowerLeft != midLeft, lowerRight != midRight,
            let top = predictedTopCorners(
                left: ImageLine(through: lowerLeft, midLeft), right: ImageLine(through: lowerRight, midRight))
        else { return nil }
        let quad = Quadrilateral2D(corners: [top.left, top.right, lowerRight, lowerLeft])
        guard quad.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), quad.isConvex, quad.signedArea > 0 else {
            return nil
        }
        return quad
    }

    /// The extent the MRZ implies for the whole document, to judge whether it overfills the frame:
    /// ``predictedOutline()``, or, when that degenerates (sides near parallel lines through a
    /// far-off vanishing point, a top that does not place), the four corners that
    /// ``predictedPoint(x:y:)`` extends the zone to. Nil without a layout.
    func impliedExtent() -> Quadrilateral2D? {
        if let outline = predictedOutline() { return outline }
        guard let layout, let lowerLeft = predictedPoint(x: 0, y: 0),
            let lowerRight = predictedPoint(x: layout.width, y: 0),
            let upperRight = predictedPoint(x: layout.width, y: layout.height),
            let upperLeft = predictedPoint(x: 0, y: layout.height)
        else { return nil }
        let quad = Quadrilateral2D(corners: [upperLeft, upperRight, lowerRight, lowerLeft])
        return quad.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? quad : nil
    }

    /// The anchor in the coordinates of an image scaled by `1/factor` and shifted by `-offset`.
    func scaled(by factor: Double, offset: Point2D) -> DocumentAnchor {
        func map(_ p: Point2D) -> Point2D {
            Point2D(x: (p.x - offset.x + 0.5) / factor - 0.5, y: (p.y - offset.y + 0.5) / factor - 0.5)
        }
        return DocumentAnchor(
            firstLineStart: map(firstLineStart), firstLineEnd: map(firstLineEnd),
            lastLineStart: map(lastLineStart), lastLineEnd: map(lastLineEnd), down: down,
            pixelsPerMillimetre: pixelsPerMillimetre / factor, layout: layout)
    }

    /// Whether all four anchor points lie inside `quad` (a convex quadrilateral).
    func isInside(_ quad: Quadrilateral2D) -> Bool {
        let c = quad.corners
        let centre = quad.centroid
        func side(_ k: Int, _ p: Point2D) -> Double {
            let a = c[k], d = c[(k + 1) % 4] - a
            return d.x * (p.y - a.y) - d.y * (p.x - a.x)
        }
        return [firstLineStart, firstLineEnd, lastLineStart, lastLineEnd].allSatisfy { p in
            (0..<4).allSatisfy { k in side(k, p) * side(k, centre) > 0 }
        }
    }

    /// The index of the quad's bottom side (0...3, side k from corner k to k+1) when the quad fits
    /// the MRZ, else nil. Margins (millimetres, generous for print and perspective): bottom edge
    /// 1.5–14 below the last line's centre, side edges 1–18 beyond the lines' end glyphs' centres,
    /// top edge at least 15 above the first line.
    func bottomSide(of quad: Quadrilateral2D) -> Int? {
        let c = quad.corners
        let centre = quad.centroid
        // Signed distance of p from the line through side k (cross product; no trigonometry).
        func distance(_ k: Int, _ p: Point2D) -> Double {
            let a = c[k], d = c[(k + 1) % 4] - a
            let length = d.length
            return length > 0 ? (d.x * (p.y - a.y) - d.y * (p.x - a.x)) / length : 0
        }
        // Every anchor point inside the quad.
        for p in [firstLineStart, firstLineEnd, lastLineStart, lastLineEnd] {
            for k in 0..<4 where distance(k, p) * distance(k, centre) <= 0 { return nil }
        }
        // The bottom side: its outward normal closest to `down`.
        var bottom = -1, best = -2.0
        for k in 0..<4 {
            let d = c[(k + 1) % 4] - c[k]
            let length = d.length
            guard length > 0 else { return nil }
            var n = Point2D(x: -d.y / length, y: d.x / length)
            if n.x * (centre.x - c[k].x) + n.y * (centre.y - c[k].y) > 0 { n = n * -1 }  // make it outward
            let dot = n.x * down.x + n.y * down.y
            if dot > best {
                best = dot
                bottom = k
            }
        }
        guard best >= 0.9 else { return nil }  // within ~25°
        let s = pixelsPerMillimetre
        func mm(_ side: Int, _ p: Point2D) -> Double { abs(distance(side, p)) / s }
        let lastMid = (lastLineStart + lastLineEnd) * 0.5, firstMid = (firstLineStart + firstLineEnd) * 0.5
        let below = mm(bottom, lastMid)
        guard below >= 1.5, below <= 14 else { return nil }
        guard mm((bottom + 2) % 4, firstMid) >= 15 else { return nil }
        // Side edges: the one beyond the lines' start and the one beyond their end.
        let right = (bottom + 3) % 4, left = (bottom + 1) % 4
        let startMargin = min(mm(left, firstLineStart), mm(left, lastLineStart))
        let endMargin = min(mm(right, firstLineEnd), mm(right, lastLineEnd))
        guard startMargin >= 1, startMargin <= 18, endMargin >= 1, endMargin <= 18 else { return nil }
        return bottom
    }
}
