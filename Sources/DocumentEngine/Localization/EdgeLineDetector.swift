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

    /// atan2 within 4e-7 rad (an odd polynomial fitted to atan on 0...1, then octant symmetry): a
    /// bin flips for about one edge pixel in 50 000, and it is several times cheaper than libm's.
    @inline(__always)
    static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay)
        guard big > 0 else { return 0 }
        let a = min(ax, ay) / big, s = a * a
        var r: Float = 0.006812851
        r = r * s - 0.0336073994
        r = r * s + 0.0796273124
        r = r * s - 0.132335398
        r = r * s + 0.198078670
        r = r * s - 0.333173737
        r = (r * s + 0.999996113) * a
        if ay > ax { r = Float.pi / 2 - r }
        if x < 0 { r = Float.pi - r }
        return y < 0 ? -r : r
    }

    /// The strongest lines, at most `maximumLines`, after non-maximum suppression.
    static func lines(in field: GradientField, threshold: Float, maximumLines: Int, minimumVotes: Int) -> [ImageLine] {
        let w = field.width, h = field.height
        let maxRho = Int((Double(w * w + h * h)).squareRoot()) + 1
        let rhoCount = 2 * maxRho + 1
        let bins = angleBins
        var accumulator = [Int32](repeating: 0, count: bins * rhoCount)
        let binWidth = 2 * Double.pi / Double(bins)
        let binsPerRadian = Float(1 / binWidth)
        let twoPi = Float(2 * Double.pi)
        // Votes in 16.16 fixed point: accumulator index = (x·cos θ + y·sin θ + maxRho + ½ + t·rhoCount)
        // >> 16, with the angle tables extended by the spread at both ends so no vote wraps.
        let spread = angleSpread
        let one = Double(1 << 16)
        let cosTable = (-spread..<(bins + spread)).map { t in Int((cos(Double((t + bins) % bins) * binWidth) * one).rounded()) }
        let sinTable = (-spread..<(bins + spread)).map { t in sin(Double((t + bins) % bins) * binWidth) }
        let rowBase = (-spread..<(bins + spread)).map { t in Int(((Double(maxRho) + 0.5 + Double((t + bins) % bins * rhoCount)) * one).rounded()) }
        var rowTerms = [Int](repeating: 0, count: bins + 2 * spread)
        field.magnitude.withUnsafeBufferPointer { mag in
            field.gx.withUnsafeBufferPointer { gx in
                field.gy.withUnsafeBufferPointer { gy in
                    cosTable.withUnsafeBufferPointer { cosTable in
                        rowTerms.withUnsafeMutableBufferPointer { rowTerms in
                            accumulator.withUnsafeMutableBufferPointer { acc in
                                let cosines = cosTable.baseAddress!, terms = rowTerms.baseAddress!, votes = acc.baseAddress!
                                for y in 1..<(h - 1) {
                                    for t in 0..<(bins + 2 * spread) {
                                        terms[t] = rowBase[t] + Int((Double(y) * sinTable[t] * one).rounded())
                                    }
                                    let m = mag.baseAddress! + y * w, rx = gx.baseAddress! + y * w, ry = gy.baseAddress! + y * w
                                    for x in 1..<(w - 1) where m[x] >= threshold {
                                        var a = Self.atan2(ry[x], rx[x])
                                        if a < 0 { a += twoPi }
                                        // a ≥ 0, so truncating a + 0.5 rounds to the nearest bin; the
                                        // extended tables start `spread` bins early.
                                        let centre = Int(a * binsPerRadian + 0.5) % bins
                                        for k in centre..<(centre + 2 * spread + 1) {
                                            votes[(x &* cosines[k] &+ terms[k]) &>> 16] &+= 1
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
