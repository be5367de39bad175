import CaptureCore

/// Where along a line the image has an edge parallel to it, as prefix sums so that the edge
/// coverage of any segment of the line costs O(1).
///
/// Positions run along the line's direction `(−sin θ, cos θ)` in 1-pixel steps from `−maxT` to
/// `maxT`, measured from the foot of the perpendicular from the origin. At each position, the
/// strongest gradient within one pixel across the line is tested: an edge counts as "positive" when
/// the side the normal points to is the brighter one, "negative" otherwise.
final class LineSupport: Sendable {
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
        let dir = line.direction
        let foot = n * line.rho
        let count = 2 * maxT + 2
        var pos = [Int32](repeating: 0, count: count)
        var neg = pos, vis = pos
        var str = [Float](repeating: 0, count: count)
        // Offsets of the three pixels across the line (one pixel either side along the normal).
        // Coordinates are rounded as Int(v + bias) - bias with a bias that keeps v + bias positive,
        // which is exact round-half-up and avoids a libm call per position.
        let bias = Double(4 * maxT + 4)
        func rounded(_ v: Double) -> Int { Int(v + 0.5 + bias) - Int(bias) }
        let acrossX = rounded(n.x), acrossY = rounded(n.y)
        let across = acrossY * w + acrossX
        let nx = Float(n.x), ny = Float(n.y)
        field.magnitude.withUnsafeBufferPointer { mag in
            field.gx.withUnsafeBufferPointer { gx in
                field.gy.withUnsafeBufferPointer { gy in
                    pos.withUnsafeMutableBufferPointer { pos in
                        neg.withUnsafeMutableBufferPointer { neg in
                            vis.withUnsafeMutableBufferPointer { vis in
                                str.withUnsafeMutableBufferPointer { str in
                                    var px = foot.x - dir.x * Double(maxT), py = foot.y - dir.y * Double(maxT)
                                    var p: Int32 = 0, q: Int32 = 0, v: Int32 = 0, e: Float = 0
                                    for i in 0...(2 * maxT) {
                                        let x = rounded(px), y = rounded(py)
                                        px += dir.x
                                        py += dir.y
                                        if x >= 2, y >= 2, x < w - 2, y < h - 2 {
                                            v += 1
                                            // The strongest gradient within one pixel across the line
                                            // must be an edge parallel to it (within 20°), so that
                                            // texture, whose gradients point anywhere, rarely counts.
                                            let centre = y * w + x
                                            var k = centre - across, strongest = mag[k]
                                            if mag[centre] > strongest { k = centre; strongest = mag[centre] }
                                            if mag[centre + across] > strongest {
                                                k = centre + across; strongest = mag[k]
                                            }
                                            if strongest >= threshold, strongest > 0 {
                                                let dot = (gx[k] * nx + gy[k] * ny) / strongest
                                                if dot >= 0.94 {
                                                    p += 1
                                                    e += strongest
                                                } else if dot <= -0.94 {
                                                    q += 1
                                                    e += strongest
                                                }
                                            }
                                        }
                                        pos[i + 1] = p
                                        neg[i + 1] = q
                                        vis[i + 1] = v
                                        str[i + 1] = e
                                    }
                                }
                            }
                        }
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
