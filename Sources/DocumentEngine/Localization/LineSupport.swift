import CaptureCore

/// Where along a line the image has an edge parallel to it, as prefix sums so that the edge
/// coverage of any segment of the line costs O(1).
///
/// Positions run along the line's direction `(−sin θ, cos θ)` in 1-pixel steps from `−maxT` to
/// `maxT`, measured from the foot of the perpendicular from the origin. At each position, the
/// strongest gradient within one pixel across the line is tested: an edge counts as "positive" when
/// the side the normal points to is the brighter one, "negative" otherwise.
struct LineSupport: Sendable {
    let line: ImageLine
    let maxT: Int
    /// Prefix sums (length 2·maxT + 2) of positive edges, negative edges, and positions in the image.
    private let positive: [Int32]
    private let negative: [Int32]
    private let visible: [Int32]
    /// Prefix sums of the gradient magnitude where an edge counted (either polarity).
    private let strength: [Float]

    init(line: ImageLine, field: GradientField, threshold: Float) {
        self.line = line
        let w = field.width, h = field.height
        let maxT = Int((Double(w * w + h * h)).squareRoot()) + 1
        self.maxT = maxT
        let n = line.normal
        let dir = Point2D(x: -n.y, y: n.x)
        let foot = n * line.rho
        var pos = [Int32](repeating: 0, count: 2 * maxT + 2)
        var neg = pos, vis = pos
        var str = [Float](repeating: 0, count: 2 * maxT + 2)
        field.magnitude.withUnsafeBufferPointer { mag in
            field.gx.withUnsafeBufferPointer { gx in
                field.gy.withUnsafeBufferPointer { gy in
                    for i in 0...(2 * maxT) {
                        let t = Double(i - maxT)
                        let p = foot + dir * t
                        let x = Int(p.x.rounded()), y = Int(p.y.rounded())
                        var isPositive = false, isNegative = false, inside = false
                        var edgeStrength: Float = 0
                        if x >= 2, y >= 2, x < w - 2, y < h - 2 {
                            inside = true
                            // The strongest gradient within one pixel across the line must be
                            // an edge parallel to it (within 20°), so that texture, whose gradients
                            // point anywhere, rarely counts.
                            var strongest: Float = 0, k = -1
                            for d in -1...1 {
                                let qx = x + Int((n.x * Double(d)).rounded()), qy = y + Int((n.y * Double(d)).rounded())
                                let q = qy * w + qx
                                if mag[q] > strongest {
                                    strongest = mag[q]
                                    k = q
                                }
                            }
                            if k >= 0, strongest >= threshold {
                                let dot = (Double(gx[k]) * n.x + Double(gy[k]) * n.y) / Double(strongest)
                                isPositive = dot >= 0.94
                                isNegative = dot <= -0.94
                                if isPositive || isNegative { edgeStrength = strongest }
                            }
                        }
                        pos[i + 1] = pos[i] + (isPositive ? 1 : 0)
                        neg[i + 1] = neg[i] + (isNegative ? 1 : 0)
                        vis[i + 1] = vis[i] + (inside ? 1 : 0)
                        str[i + 1] = str[i] + edgeStrength
                    }
                }
            }
        }
        positive = pos
        negative = neg
        visible = vis
        strength = str
    }

    /// The position of `p` along the line.
    func position(of p: Point2D) -> Double {
        let n = line.normal
        return p.x * -n.y + p.y * n.x
    }

    /// Coverage of the segment between positions `t1` and `t2`: (positive edges, negative edges,
    /// positions inside the image), each a count of 1-pixel steps.
    func counts(from t1: Double, to t2: Double) -> (positive: Int, negative: Int, visible: Int) {
        let (a, b) = indices(t1, t2)
        return (Int(positive[b] - positive[a]), Int(negative[b] - negative[a]), Int(visible[b] - visible[a]))
    }

    /// The mean gradient magnitude of the edge positions between `t1` and `t2` (0 when none).
    func meanEdgeStrength(from t1: Double, to t2: Double) -> Double {
        let (a, b) = indices(t1, t2)
        let n = Int(positive[b] - positive[a]) + Int(negative[b] - negative[a])
        return n > 0 ? Double(strength[b] - strength[a]) / Double(n) : 0
    }

    private func indices(_ t1: Double, _ t2: Double) -> (Int, Int) {
        let a = max(0, min(2 * maxT + 1, Int(min(t1, t2).rounded()) + maxT))
        let b = max(0, min(2 * maxT + 1, Int(max(t1, t2).rounded()) + maxT))
        return (a, b)
    }
}
