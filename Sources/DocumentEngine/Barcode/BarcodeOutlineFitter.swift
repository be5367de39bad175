package import CaptureCore
import Foundation

/// Fits the four straight edges of a stacked barcode in an image where its rows run roughly
/// horizontally (the upright cut-out of a ``BarcodeRegionFinder`` region), so that perspective, not
/// just rotation, can be undone before decoding.
///
/// Method: mark pixels with a strong horizontal gradient (bars' edges); smooth that edge map with a
/// box of about one percent of the width; "inside" is where the smoothed density reaches half the
/// typical density of the symbol's core. Per row, the longest inside run gives a left and a right
/// end; per column, the longest run gives a top and a bottom end (longest runs skip small print and
/// one-dimensional strips, which the quiet zone separates from the symbol). Rows and columns whose
/// run is much shorter than the longest are dropped, and a line is fitted to each side by least
/// squares with two rounds of outlier trimming. The corners are the lines' intersections.
/// O(pixels).
package enum BarcodeOutlineFitter {
    /// The symbol's outline in `image` (upper-left, upper-right, lower-right, lower-left), nil when
    /// no consistent outline is found.
    package static func fit(_ image: GrayImage) -> Quadrilateral2D? {
        let w = image.width, h = image.height
        guard w >= 64, h >= 24 else { return nil }
        // Edge map from horizontal central differences, threshold from the distribution.
        var magnitudes = [UInt8](repeating: 0, count: w * h)
        var histogram = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { p in
            magnitudes.withUnsafeMutableBufferPointer { out in
                histogram.withUnsafeMutableBufferPointer { counts in
                    for y in 0..<h {
                        let row = y * w
                        for x in 1..<(w - 1) {
                            // |difference| of two bytes is at most 255.
                            let d = abs(Int(p[row + x + 1]) - Int(p[row + x - 1]))
                            out[row + x] = UInt8(truncatingIfNeeded: d)
                            counts[d] += 1
                        }
                    }
                }
            }
        }
        let threshold = max(10, Int(0.3 * Double(percentile(histogram, 0.9))))
        // Edge density: the share of edge pixels in the (2r + 1)² box around each pixel, clipped to
        // the image, from a running-sum table of the edge map.
        let r = max(4, w / 70)
        let stride = w + 1
        var table = [Int32](repeating: 0, count: stride * (h + 1))
        table.withUnsafeMutableBufferPointer { t in
            magnitudes.withUnsafeBufferPointer { m in
                for y in 0..<h {
                    var rowSum: Int32 = 0
                    let above = y * stride, here = (y + 1) * stride, source = y * w
                    for x in 0..<w {
                        if Int(m[source + x]) >= threshold { rowSum += 1 }
                        t[here + x + 1] = t[above + x + 1] + rowSum
                    }
                }
            }
        }
        var density = [Float](repeating: 0, count: w * h)
        table.withUnsafeBufferPointer { t in
            density.withUnsafeMutableBufferPointer { d in
                for y in 0..<h {
                    let y0 = max(0, y - r), y1 = min(h, y + r + 1)
                    let top = y0 * stride, bottom = y1 * stride, rows = y1 - y0
                    for x in 0..<w {
                        let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                        let sum = t[bottom + x1] - t[top + x1] - t[bottom + x0] + t[top + x0]
                        d[y * w + x] = Float(sum) / Float((x1 - x0) * rows)
                    }
                }
            }
        }
        // Typical core density: the 80th percentile of the central half.
        var core: [Float] = []
        core.reserveCapacity((h / 4 + 1) * (w / 4 + 1))
        for y in Swift.stride(from: h / 4, to: 3 * h / 4, by: 2) {
            for x in Swift.stride(from: w / 4, to: 3 * w / 4, by: 2) { core.append(density[y * w + x]) }
        }
        guard !core.isEmpty else { return nil }
        let typical = selectElement(&core, rank: Int(0.8 * Double(core.count - 1)))
        guard typical > 0.05 else { return nil }
        let level = 0.4 * typical

        // Longest inside run per row and per column (the columns' runs followed row by row).
        var left: [(Double, Double)] = [], right: [(Double, Double)] = [], rowLengths = [Int](repeating: 0, count: h)
        var columnLengths = [Int](repeating: 0, count: w), columnStarts = [Int](repeating: 0, count: w)
        var runStart = [Int](repeating: -1, count: w)
        density.withUnsafeBufferPointer { d in
            for y in 0...h {
                var best = (start: 0, length: 0), start = -1
                for x in 0..<w {
                    let inside = y < h && d[y * w + x] >= level
                    if inside {
                        if start < 0 { start = x }
                        if runStart[x] < 0 { runStart[x] = y }
                    } else {
                        if start >= 0 {
                            if x - start > best.length { best = (start, x - start) }
                            start = -1
                        }
                        if runStart[x] >= 0 {
                            if y - runStart[x] > columnLengths[x] {
                                columnLengths[x] = y - runStart[x]
                                columnStarts[x] = runStart[x]
                            }
                            runStart[x] = -1
                        }
                    }
                }
                guard y < h else { break }
                if start >= 0, w - start > best.length { best = (start, w - start) }
                rowLengths[y] = best.length
                if best.length > 0 {
                    left.append((Double(y), Double(best.start)))
                    right.append((Double(y), Double(best.start + best.length - 1)))
                }
            }
        }
        var top: [(Double, Double)] = [], bottom: [(Double, Double)] = []
        for x in 0..<w where columnLengths[x] > 0 {
            top.append((Double(x), Double(columnStarts[x])))
            bottom.append((Double(x), Double(columnStarts[x] + columnLengths[x] - 1)))
        }
        let longestRow = rowLengths.max() ?? 0, longestColumn = columnLengths.max() ?? 0
        guard longestRow >= w / 4, longestColumn >= h / 6 else { return nil }
        // Keep rows and columns whose run is a good part of the longest (they cross the symbol).
        let rowKeep = rowLengths.map { $0 >= Int(0.6 * Double(longestRow)) }
        let columnKeep = columnLengths.map { $0 >= Int(0.5 * Double(longestColumn)) }
        guard rowKeep.count(where: { $0 }) >= 6, columnKeep.count(where: { $0 }) >= 20,
            let leftLine = robustLine(left.filter { rowKeep[Int($0.0)] }),
            let rightLine = robustLine(right.filter { rowKeep[Int($0.0)] }),
            let topLine = robustLine(top.filter { columnKeep[Int($0.0)] }),
            let bottomLine = robustLine(bottom.filter { columnKeep[Int($0.0)] })
        else { return nil }
        // Side lines: x = a + b y; top/bottom lines: y = c + d x. Intersect.
        func corner(_ side: (Double, Double), _ edge: (Double, Double)) -> Point2D? {
            let denominator = 1 - side.1 * edge.1
            guard abs(denominator) > 1e-6 else { return nil }
            let x = (side.0 + side.1 * edge.0) / denominator
            return Point2D(x: x, y: edge.0 + edge.1 * x)
        }
        guard let ul = corner(leftLine, topLine), let ur = corner(rightLine, topLine),
            let lr = corner(rightLine, bottomLine), let ll = corner(leftLine, bottomLine)
        else { return nil }
        let quad = Quadrilateral2D(corners: [ul, ur, lr, ll])
        guard quad.isConvex, quad.area >= 0.05 * Double(w * h) else { return nil }
        return quad
    }

    /// The element of rank `rank` (0-based) in ascending order, as `values.sorted()[rank]` gives
    /// it, found by selection (Hoare's partition, median of three) instead of a full sort;
    /// `values` is reordered. `rank` must be an index of `values`.
    static func selectElement(_ values: inout [Float], rank: Int) -> Float {
        values.withUnsafeMutableBufferPointer { v in
            var low = 0, high = v.count - 1
            while low < high {
                let middle = low + (high - low) / 2
                // Median of three as the pivot.
                if v[middle] < v[low] { v.swapAt(middle, low) }
                if v[high] < v[low] { v.swapAt(high, low) }
                if v[high] < v[middle] { v.swapAt(high, middle) }
                let pivot = v[middle]
                var i = low, j = high
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while pivot < v[j] { j -= 1 }
                    if i <= j {
                        v.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if rank <= j {
                    high = j
                } else if rank >= i {
                    low = i
                } else {
                    return v[rank]
                }
            }
            return v[rank]
        }
    }

    /// Least-squares line v = a + b u through (u, v) points, refitted twice without points farther
    /// than 2.5 median absolute residuals (at least 1.5 px); nil with fewer than 6 points.
    static func robustLine(_ points: [(Double, Double)]) -> (Double, Double)? {
        var current = points
        var line: (Double, Double)?
        for _ in 0..<3 {
            guard current.count >= 6 else { return line }
            let n = Double(current.count)
            let su = current.reduce(0) { $0 + $1.0 }, sv = current.reduce(0) { $0 + $1.1 }
            let suu = current.reduce(0) { $0 + $1.0 * $1.0 }, suv = current.reduce(0) { $0 + $1.0 * $1.1 }
            let denominator = n * suu - su * su
            guard abs(denominator) > 1e-9 else { return line }
            let b = (n * suv - su * sv) / denominator, a = (sv - b * su) / n
            line = (a, b)
            let residuals = current.map { abs($0.1 - (a + b * $0.0)) }
            let mad = residuals.sorted()[residuals.count / 2]
            let limit = max(1.5, 2.5 * mad)
            current = zip(current, residuals).filter { $0.1 <= limit }.map(\.0)
        }
        return line
    }

    static func percentile(_ histogram: [Int], _ p: Double) -> Int {
        let total = histogram.reduce(0, +)
        var seen = 0
        for (value, count) in histogram.enumerated() {
            seen += count
            if Double(seen) >= p * Double(total) { return value }
        }
        return histogram.count - 1
    }
}
