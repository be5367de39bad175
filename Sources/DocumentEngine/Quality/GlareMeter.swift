package import CaptureCore

/// Finds specular glare on a rectified document: pixels near saturation that are clearly brighter
/// than the document's own paper, grouped into regions.
package enum GlareMeter {
    /// A pixel counts as glare at or above this level (after a 3x3 box smoothing)…
    package static let saturationLevel = 246
    /// …and at least this much brighter than the document's median.
    package static let marginOverPaper = 14

    /// The largest glare region's share of the document area (0...1).
    package static func largestGlareFraction(_ document: GrayImage) -> Double {
        let w = document.width, h = document.height
        guard w > 4, h > 4 else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        for v in document.pixels { histogram[Int(v)] += 1 }
        var seen = 0, median = 0
        for (v, c) in histogram.enumerated() {
            seen += c
            if seen * 2 >= document.pixels.count {
                median = v
                break
            }
        }
        let level = max(saturationLevel, median + marginOverPaper)
        // A 3x3 mean at or above `level` needs a pixel at or above it: most documents have none.
        guard level <= 255, histogram[level...].contains(where: { $0 > 0 }) else { return 0 }
        var mask = [Bool](repeating: false, count: w * h)
        // The 3x3 sums as column sums of three rows, then three neighbouring columns.
        var columns = [Int32](repeating: 0, count: w)
        let target = Int32(level * 9)
        document.pixels.withUnsafeBufferPointer { p in
            mask.withUnsafeMutableBufferPointer { m in
                columns.withUnsafeMutableBufferPointer { col in
                    for y in 1..<(h - 1) {
                        let above = p.baseAddress! + (y - 1) * w, row = above + w, below = row + w
                        for x in 0..<w { col[x] = Int32(above[x]) &+ Int32(row[x]) &+ Int32(below[x]) }
                        let out = m.baseAddress! + y * w
                        for x in 1..<(w - 1) { out[x] = col[x - 1] &+ col[x] &+ col[x + 1] >= target }
                    }
                }
            }
        }
        let largest = ConnectedComponents.label(mask, width: w, height: h).map(\.area).max() ?? 0
        return Double(largest) / Double(w * h)
    }
}
