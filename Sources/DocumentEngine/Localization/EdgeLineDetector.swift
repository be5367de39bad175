import Foundation

/// Finds the dominant straight edges of an image with a Hough transform restricted by gradient
/// orientation: each edge pixel votes only for lines whose normal lies within a few degrees of its
/// own gradient, so textures with random orientations spread their votes thin while a straight
/// edge, even a faint one, collects one vote per pixel along its length.
struct EdgeLineDetector: Sendable {
    /// Angular resolution of the accumulator.
    static let angleBins = 180  // 2° each over 360° (directed normals)
    /// Votes go to bins within this many steps of the gradient's own bin.
    static let angleSpread = 2

    /// The strongest lines, at most `maximumLines`, after non-maximum suppression.
    static func lines(in field: GradientField, threshold: Float, maximumLines: Int, minimumVotes: Int) -> [ImageLine] {
        let w = field.width, h = field.height
        let maxRho = Int((Double(w * w + h * h)).squareRoot()) + 1
        let rhoCount = 2 * maxRho + 1
        let bins = angleBins
        var accumulator = [Int32](repeating: 0, count: bins * rhoCount)
        let binWidth = 2 * Double.pi / Double(bins)
        let cosTable = (0..<bins).map { cos(Double($0) * binWidth) }
        let sinTable = (0..<bins).map { sin(Double($0) * binWidth) }
        let binsPerRadian = Float(1 / binWidth)
        let twoPi = Float(2 * Double.pi)
        let rhoBias = Double(maxRho) + 0.5
        field.magnitude.withUnsafeBufferPointer { mag in
            field.gx.withUnsafeBufferPointer { gx in
                field.gy.withUnsafeBufferPointer { gy in
                    cosTable.withUnsafeBufferPointer { cosTable in
                        sinTable.withUnsafeBufferPointer { sinTable in
                            accumulator.withUnsafeMutableBufferPointer { acc in
                                for y in 1..<(h - 1) {
                                    let fy = Double(y)
                                    for x in 1..<(w - 1) {
                                        let i = y * w + x
                                        guard mag[i] >= threshold else { continue }
                                        var a = atan2f(gy[i], gx[i])
                                        if a < 0 { a += twoPi }
                                        // a ≥ 0, so truncating a + 0.5 rounds to the nearest bin.
                                        let centre = Int(a * binsPerRadian + 0.5) % bins
                                        let fx = Double(x)
                                        for d in -angleSpread...angleSpread {
                                            var t = centre + d
                                            if t < 0 { t += bins } else if t >= bins { t -= bins }
                                            // ρ + maxRho ≥ 0, so truncation after + 0.5 rounds.
                                            let rho = Int(fx * cosTable[t] + fy * sinTable[t] + rhoBias)
                                            acc[t * rhoCount + rho] += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Non-maximum suppression over a window of angle x rho.
        var peaks: [ImageLine] = []
        let tWindow = 3, rWindow = 6
        accumulator.withUnsafeBufferPointer { acc in
            for t in 0..<bins {
                for r in 0..<rhoCount {
                    let v = acc[t * rhoCount + r]
                    guard v >= minimumVotes else { continue }
                    var isPeak = true
                    search: for dt in -tWindow...tWindow {
                        let tt = (t + dt + bins) % bins
                        for dr in -rWindow...rWindow {
                            let rr = r + dr
                            guard rr >= 0, rr < rhoCount, dt != 0 || dr != 0 else { continue }
                            let u = acc[tt * rhoCount + rr]
                            // Ties are broken by position so one of equal neighbours survives.
                            if u > v || (u == v && (dt, dr) < (0, 0)) {
                                isPeak = false
                                break search
                            }
                        }
                    }
                    if isPeak {
                        peaks.append(ImageLine(theta: Double(t) * binWidth, rho: Double(r - maxRho), votes: Int(v)))
                    }
                }
            }
        }
        return Array(peaks.sorted { $0.votes > $1.votes }.prefix(maximumLines))
    }
}
