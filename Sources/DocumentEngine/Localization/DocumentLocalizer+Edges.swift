import CaptureCore
import Foundation

// The edges the outline search works on: the gradient field of the working image, its dominant
// lines, colour edges, and faint sides searched for where a read MRZ predicts them.
extension DocumentLocalizer {
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
    func edges(of frame: ReducedFrame, usingColour: Bool = false, maximumLines: Int = Self.anchoredSearchLines) -> Edges
    {
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
    func joiningColour(_ field: GradientField, of frame: ReducedFrame, factor: Int, threshold: Float) -> GradientField?
    {
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
        var lines = EdgeLineDetector.lines(
            in: field, threshold: threshold, maximumLines: maximumLines,
            minimumVotes: max(12, minSide / 10))
        // The frame's borders stand in for a side the frame cuts off (partly visible documents).
        let sw = Double(field.width), sh = Double(field.height)
        lines += [
            ImageLine(theta: 0, rho: 0.5, votes: 0), ImageLine(theta: Double.pi, rho: -(sw - 1.5), votes: 0),
            ImageLine(theta: Double.pi / 2, rho: 0.5, votes: 0),
            ImageLine(theta: 1.5 * Double.pi, rho: -(sh - 1.5), votes: 0),
        ]
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
            let found = EdgeLineDetector.linesNear(
                from, to, in: edges.field, threshold: edges.threshold,
                maximumOffset: Self.predictedEdgeReach * s,
                maximumAngle: 4 * Double.pi / 180, limit: 2)
            for found in found {
                // Votes of 0 mark the frame's borders; a found edge always counts.
                let line = ImageLine(theta: found.theta, rho: found.rho, votes: max(1, found.votes))
                let foot = line.normal * line.rho
                guard
                    !result.lines.contains(where: { $0.parallelism(to: line) >= 0.9995 && abs($0.distance(foot)) < 1 })
                else { continue }
                result.lines.append(line)
                result.supports.append(LineSupport(line: line, field: edges.field, threshold: edges.threshold))
            }
        }
        return result
    }

    /// How far (millimetres) from its predicted place an edge is searched for.
    static let predictedEdgeReach = 4.5
}
