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
            for y in 0..<h {
                let row = y * w
                for x in 1..<(w - 1) {
                    let d = abs(Int(p[row + x + 1]) - Int(p[row + x - 1]))
                    let m = UInt8(min(255, d))
                    magnitudes[row + x] = m
                    histogram[Int(m)] += 1
                }
            }
        }
        let threshold = max(10, Int(0.3 * Double(percentile(histogram, 0.9))))
        var edges = GrayImage(width: w, height: h)
        for i in 0..<magnitudes.count where Int(magnitudes[i]) >= threshold { edges.pixels[i] = 1 }
        let integral = IntegralImage(edges)
        let r = max(4, w / 70)
        var density = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let b = integral.box(x0: x - r, y0: y - r, x1: x + r + 1, y1: y + r + 1)
                density[y * w + x] = b.count > 0 ? Float(b.sum) / Float(b.count) : 0
            }
        }
        // Typical core density: the 80th percentile of the central half.
        var core: [Float] = []
        for y in stride(from: h / 4, to: 3 * h / 4, by: 2) {
            for x in stride(from: w / 4, to: 3 * w / 4, by: 2) { core.append(density[y * w + x]) }
        }
        core.sort()
        guard let typical = core.isEmpty ? nil : core[Int(0.8 * Double(core.count - 1))], typical > 0.05 else {
            return nil
        }
        let level = 0.4 * typical

        // Longest inside run per row and per column.
        var left: [(Double, Double)] = [], right: [(Double, Double)] = [], rowLengths: [Int] = []
        for y in 0..<h {
            let run = longestRun(count: w) { density[y * w + $0] >= level }
            rowLengths.append(run.length)
            if run.length > 0 {
                left.append((Double(y), Double(run.start)))
                right.append((Double(y), Double(run.start + run.length - 1)))
            }
        }
        var top: [(Double, Double)] = [], bottom: [(Double, Double)] = [], columnLengths: [Int] = []
        for x in 0..<w {
            let run = longestRun(count: h) { density[$0 * w + x] >= level }
            columnLengths.append(run.length)
            if run.length > 0 {
                top.append((Double(x), Double(run.start)))
                bottom.append((Double(x), Double(run.start + run.length - 1)))
            }
        }
        let longestRow = rowLengths.max() ?? 0, longestColumn = columnLengths.max() ?? 0
        guard longestRow >= w / 4, longestColumn >= h / 6 else { return nil }
        // Keep rows and columns whose run is a good part of the longest (they cross the symbol).
        let rowKeep = Set((0..<h).filter { rowLengths[$0] >= Int(0.6 * Double(longestRow)) }.map(Double.init))
        let columnKeep = Set((0..<w).filter { columnLengths[$0] >= Int(0.5 * Double(longestColumn)) }.map(Double.init))
        guard rowKeep.count >= 6, columnKeep.count >= 20,
            let leftLine = robustLine(left.filter { rowKeep.contains($0.0) }),
            let rightLine = robustLine(right.filter { rowKeep.contains($0.0) }),
            let topLine = robustLine(top.filter { columnKeep.contains($0.0) }),
            let bottomLine = robustLine(bottom.filter { columnKeep.contains($0.0) })
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

    /// The longest run of consecutive indices in 0..<count where `inside` holds.
    static func longestRun(count: Int, _ inside: (Int) -> Bool) -> (start: Int, length: Int) {
        var best = (start: 0, length: 0), start = -1
        for i in 0...count {
            if i < count, inside(i) {
                if start < 0 { start = i }
            } else if start >= 0 {
                if i - start > best.length { best = (start, i - start) }
                start = -1
            }
        }
        return best
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
