import CaptureCore

/// Turns one character cell of an MRZ line into the classifier's input: a fixed-size patch,
/// ink = 1 and background = 0, contrast-normalised per cell so glare gradients and dim light
/// do not matter.
package enum MRZCellSampler {
    /// Patch size the classifier reads.
    package static let width = 16
    package static let height = 24
    /// The patch spans one (local) pitch horizontally and this many cap heights vertically.
    package static let heightInCapHeights = 1.4

    /// The patch of cell `k` of `line` in `band` (`width * height` values, row-major).
    package static func sample(_ band: GrayImage, line: MRZTextLine, cell k: Int) -> [Float] {
        let centre = line.cellCentre(k)
        // Perspective shrinks cells and glyphs together along the line.
        let cellWidth = line.localPitch(k)
        let cellHeight = line.capHeight * heightInCapHeights * cellWidth / max(1e-9, line.pitch)
        var raw = [Float](repeating: 0, count: width * height)
        // 2x2 supersampling per output pixel; rows follow the line's slope.
        let stepX = cellWidth / Double(width), stepY = cellHeight / Double(height)
        let left = centre.x - cellWidth / 2, top = centre.y - cellHeight / 2
        let slope = line.slope, centreX = centre.x
        grayLevels.withUnsafeBufferPointer { level in
            band.pixels.withUnsafeBufferPointer { pixels in
                raw.withUnsafeMutableBufferPointer { patch in
                    for v in 0..<height {
                        for u in 0..<width {
                            var acc = 0.0
                            for sy in 0..<2 {
                                for sx in 0..<2 {
                                    let x = left + (Double(u) + 0.25 + 0.5 * Double(sx)) * stepX
                                    let y = top + (Double(v) + 0.25 + 0.5 * Double(sy)) * stepY + slope * (x - centreX)
                                    acc += GrayImage.bilinearSample(pixels, width: band.width, height: band.height,
                                                                    x: x, y: y) { level[Int($0)] }
                                }
                            }
                            patch[v * width + u] = Float(acc / 4)
                        }
                    }
                }
            }
        }
        return normalised(raw)
    }

    /// `Double(v)` for every gray level `v` (looked up instead of converted per sample).
    static let grayLevels: [Double] = (0..<256).map(Double.init)

    /// Maps the 5th percentile (ink) to 1 and the 95th (background) to 0; a flat patch is all 0.
    /// (Percentiles from a 256-bin histogram: the values are gray levels.)
    static func normalised(_ raw: [Float]) -> [Float] {
        var histogram = [Int](repeating: 0, count: 256)
        for v in raw { histogram[Int(min(255, max(0, v)))] += 1 }
        let tail = raw.count / 20
        var seen = 0, lo = 0
        while lo < 255, seen + histogram[lo] <= tail {
            seen += histogram[lo]
            lo += 1
        }
        seen = 0
        var hi = 255
        while hi > 0, seen + histogram[hi] <= tail {
            seen += histogram[hi]
            hi -= 1
        }
        guard hi - lo >= 10 else { return [Float](repeating: 0, count: raw.count) }
        let top = Float(hi), scale = 1 / Float(hi - lo)
        return raw.map { min(1, max(0, (top - $0) * scale)) }
    }
}
