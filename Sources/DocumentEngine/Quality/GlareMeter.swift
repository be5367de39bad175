import CaptureCore

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
        guard level <= 255 else { return 0 }
        var mask = [Bool](repeating: false, count: w * h)
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                var sum = 0
                for dy in -1...1 { for dx in -1...1 { sum += Int(document.pixels[(y + dy) * w + x + dx]) } }
                mask[y * w + x] = sum >= level * 9
            }
        }
        let largest = ConnectedComponents.label(mask, width: w, height: h).map(\.area).max() ?? 0
        return Double(largest) / Double(w * h)
    }
}
