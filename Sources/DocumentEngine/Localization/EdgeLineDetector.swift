import CaptureCore
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
        // 16-bit counts (half the memory the votes scatter over): a bin counts pixels of a strip one
        // pixel wide, at most about twice the long side, so they cannot overflow on the working
        // images this runs on; a field too large for that has no lines.
        guard max(w, h) < 30_000 else { return [] }
        var accumulator = [UInt16](repeating: 0, count: bins * rhoCount)
        let binWidth = 2 * Double.pi / Double(bins)
        let binsPerRadian = Float(1 / binWidth)
        let twoPi = Float(2 * Double.pi)
        // Votes in 16.16 fixed point: accumulator index = (x·cos θ + y·sin θ + maxRho + ½ + t·rhoCount)
        // >> 16, with the angle tables extended by the spread at both ends so no vote wraps.
        let spread = angleSpread
        let one = Double(1 << 16)
        let cosTable = (-spread..<(bins + spread)).map { t in
            Int((cos(Double((t + bins) % bins) * binWidth) * one).rounded())
        }
        let sinTable = (-spread..<(bins + spread)).map { t in sin(Double((t + bins) % bins) * binWidth) }
        let rowBase = (-spread..<(bins + spread)).map { t in
            Int(((Double(maxRho) + 0.5 + Double((t + bins) % bins * rhoCount)) * one).rounded())
        }
        var rowTerms = [Int](repeating: 0, count: bins + 2 * spread)
        field.magnitude.withUnsafeBufferPointer { mag in
            field.gx.withUnsafeBufferPointer { gx in
                field.gy.withUnsafeBufferPointer { gy in
                    cosTable.withUnsafeBufferPointer { cosTable in
                        rowTerms.withUnsafeMutableBufferPointer { rowTerms in
                            accumulator.withUnsafeMutableBufferPointer { acc in
                                let cosines = cosTable.baseAddress!, terms = rowTerms.baseAddress!,
                                    votes = acc.baseAddress!
                                for y in 1..<(h - 1) {
                                    for t in 0..<(bins + 2 * spread) {
                                        terms[t] = rowBase[t] + Int((Double(y) * sinTable[t] * one).rounded())
                                    }
                                    let m = mag.baseAddress! + y * w, rx = gx.baseAddress! + y * w,
                                        ry = gy.baseAddress! + y * w
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

    /// Lines near an expected one, at a finer resolution than ``lines(in:threshold:maximumLines:minimumVotes:)``:
    /// a small Hough transform over the strip within `maximumOffset` pixels of the segment `a`–`b`
    /// (its middle 84%, where corners do not interfere), with angles within `maximumAngle` radians
    /// of the segment's in steps of 1° (half the global transform's) and offsets in 1-pixel steps.
    /// Edge pixels whose gradient lies within 20° of the segment's normal vote with their gradient
    /// magnitude (either polarity), so a peak sits on an edge's centre line rather than anywhere
    /// across its blurred width. Returns at most `limit` local maxima, strongest first, at least 3
    /// pixels or 4° apart (`votes` is the peak in units of `threshold`); a faint document edge that a
    /// strong parallel line nearby suppressed in the global transform shows up here.
    static func linesNear(
        _ a: Point2D, _ b: Point2D, in field: GradientField, threshold: Float,
        maximumOffset: Double, maximumAngle: Double, limit: Int
    ) -> [ImageLine] {
        let length = a.distance(to: b)
        // A segment (or a reach) far larger than the image comes from a degenerate prediction.
        let size = Double(field.width + field.height)
        func isNear(_ p: Point2D) -> Bool { abs(p.x) <= 2 * size && abs(p.y) <= 2 * size }
        guard isNear(a), isNear(b), length >= 8, maximumOffset >= 1, maximumOffset <= size,
            maximumAngle >= 0, maximumAngle <= Double.pi / 4, limit > 0
        else { return [] }
        let u = (b - a) * (1 / length)
        let normal = Point2D(x: -u.y, y: u.x)
        let theta0 = Foundation.atan2(normal.y, normal.x)
        let mid = (a + b) * 0.5
        let step = Double.pi / 180
        let angleSteps = max(0, Int(maximumAngle / step))
        let angles = (-angleSteps...angleSteps).map { theta0 + Double($0) * step }
        let cosines = angles.map { Float(cos($0)) }, sines = angles.map { Float(sin($0)) }
        let offsets = Int(maximumOffset.rounded(.up))
        let rhoCount = 2 * offsets + 1
        var accumulator = [Float](repeating: 0, count: angles.count * rhoCount)
        // The strip: within `halfLength` of the middle along the segment, and within `reach` of it
        // across (widened by how far a tilted candidate can stray), scanned row by row.
        let halfLength = 0.42 * length
        let reach = maximumOffset + halfLength * sin(maximumAngle) + 1
        let aligned = Float(cos(20 * Double.pi / 180))
        let nx = Float(normal.x), ny = Float(normal.y)
        let mx = Float(mid.x), my = Float(mid.y), limitOffset = Float(offsets) + 0.5
        let yExtent = abs(u.y) * halfLength + abs(normal.y) * reach
        let y0 = max(1, Int((mid.y - yExtent).rounded(.down))),
            y1 = min(field.height - 2, Int((mid.y + yExtent).rounded(.up)))
        guard y0 <= y1 else { return [] }
        let slabs = [(u, halfLength), (normal, reach)]
        for y in y0...y1 {
            // Each slab |(p − mid)·v| ≤ bound limits x to an interval on this row.
            var lo = 1.0, hi = Double(field.width - 2)
            let dy = Double(y) - mid.y
            for (v, bound) in slabs {
                if abs(v.x) < 1e-9 {
                    if abs(dy * v.y) > bound { lo = 1; hi = 0 }
                } else {
                    let p = mid.x + (-bound - dy * v.y) / v.x, q = mid.x + (bound - dy * v.y) / v.x
                    lo = max(lo, min(p, q).rounded(.up))
                    hi = min(hi, max(p, q).rounded(.down))
                }
            }
            guard lo <= hi else { continue }
            let rowStart = y * field.width
            for x in Int(lo)...Int(hi) {
                let k = rowStart + x
                let m = field.magnitude[k]
                guard m >= threshold, m > 0, abs(field.gx[k] * nx + field.gy[k] * ny) >= aligned * m else { continue }
                let dx = Float(x) - mx, dyf = Float(y) - my
                for j in 0..<angles.count {
                    let offset = dx * cosines[j] + dyf * sines[j]
                    guard abs(offset) < limitOffset else { continue }
                    // In Float, offset + limitOffset can round up to 2·limitOffset = rhoCount.
                    accumulator[j * rhoCount + min(rhoCount - 1, Int((offset + limitOffset).rounded(.down)))] += m
                }
            }
        }
        // Local maxima (over the neighbouring angle and offset; ties go to the lower index), so
        // that the flanks of a strong edge's ridge at neighbouring angles do not count as lines;
        // then the strongest first, each suppressing its neighbourhood.
        func isLocalMaximum(_ index: Int) -> Bool {
            let v = accumulator[index], j = index / rhoCount, r = index % rhoCount
            guard v > 0 else { return false }
            for dj in -1...1 {
                for dr in -1...1 where dj != 0 || dr != 0 {
                    let jj = j + dj, rr = r + dr
                    guard jj >= 0, jj < angles.count, rr >= 0, rr < rhoCount else { continue }
                    let other = jj * rhoCount + rr
                    if accumulator[other] > v || (accumulator[other] == v && other < index) { return false }
                }
            }
            return true
        }
        var order = Array(accumulator.indices).filter(isLocalMaximum)
        order.sort { (i: Int, j: Int) -> Bool in
            let vi = accumulator[i], vj = accumulator[j]
            return vi != vj ? vi > vj : i < j
        }
        var peaks: [(angle: Int, rho: Int)] = []
        for index in order where peaks.count < limit {
            let j = index / rhoCount, r = index % rhoCount
            guard !peaks.contains(where: { abs($0.angle - j) < 4 && abs($0.rho - r) < 3 }) else { continue }
            peaks.append((j, r))
        }
        return peaks.map { peak in
            let theta = angles[peak.angle]
            let n = Point2D(x: cos(theta), y: sin(theta))
            return ImageLine(
                theta: theta, through: mid + n * Double(peak.rho - offsets),
                votes: Int(accumulator[peak.angle * rhoCount + peak.rho] / threshold))
        }
    }
}
