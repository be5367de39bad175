import CaptureCore

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

    package init(firstLineStart: Point2D, firstLineEnd: Point2D, lastLineStart: Point2D, lastLineEnd: Point2D,
                 down: Point2D, pixelsPerMillimetre: Double) {
        self.firstLineStart = firstLineStart
        self.firstLineEnd = firstLineEnd
        self.lastLineStart = lastLineStart
        self.lastLineEnd = lastLineEnd
        self.down = down
        self.pixelsPerMillimetre = pixelsPerMillimetre
    }

    /// The anchor in the coordinates of an image scaled by `1/factor` and shifted by `-offset`.
    func scaled(by factor: Double, offset: Point2D) -> DocumentAnchor {
        func map(_ p: Point2D) -> Point2D { Point2D(x: (p.x - offset.x + 0.5) / factor - 0.5, y: (p.y - offset.y + 0.5) / factor - 0.5) }
        return DocumentAnchor(firstLineStart: map(firstLineStart), firstLineEnd: map(firstLineEnd),
                              lastLineStart: map(lastLineStart), lastLineEnd: map(lastLineEnd), down: down,
                              pixelsPerMillimetre: pixelsPerMillimetre / factor)
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
