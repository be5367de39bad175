package import CaptureCore

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
        // 2x2 supersampling per output pixel, rows following the line's slope: the cell, a sheared
        // rectangle, is warped to twice the patch size by an affine map (output pixel centres at
        // +½ land on the sample positions; the warp puts the band's pixel centres at +½ too).
        let left = centre.x - cellWidth / 2, top = centre.y - cellHeight / 2
        let sx = cellWidth / Double(2 * width), sy = cellHeight / Double(2 * height)
        let map = Homography(matrix: [
            sx, 0, left + 0.5, line.slope * sx, sy, top + line.slope * (left - centre.x) + 0.5, 0, 0, 1,
        ])
        guard let fine = PerspectiveWarp.rectify(band, map: map, width: 2 * width, height: 2 * height) else {
            return [Float](repeating: 0, count: width * height)
        }
        var raw = [Float](repeating: 0, count: width * height)
        fine.pixels.withUnsafeBufferPointer { f in
            for v in 0..<height {
                let upper = f.baseAddress! + 4 * v * width, lower = upper + 2 * width
                for u in 0..<width {
                    let sum = Int(upper[2 * u]) + Int(upper[2 * u + 1]) + Int(lower[2 * u]) + Int(lower[2 * u + 1])
                    raw[v * width + u] = Float(sum) / 4
                }
            }
        }
        return normalised(raw)
    }

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
