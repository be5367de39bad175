package import CaptureCore

/// A small, contrast-normalised picture of a face: the landmark model's square averaged down to
/// `side` x `side` cells. The tracker compares it from frame to frame to check, between the
/// detector's confirmations, that the square still shows the face it learnt (and not the
/// background the face left, or a hand that covers it).
///
/// Compared by normalised cross-correlation, which ignores brightness and contrast changes, over
/// 16 blocks of 4x4 cells: the score is the mean of the best half of the blocks, so a hand over
/// a third of the face still leaves a high score while a background gives a low one.
package struct FaceAppearance: Sendable, Equatable {
    /// Cells per side.
    package static let side = 16

    /// `side * side` values with zero mean and unit norm (all zero for a flat region).
    package private(set) var cells: [Double]

    /// The appearance of the square `placement` (the model's unit square in frame pixels) of an
    /// RGBA frame, read in place: 2x2 bilinear luma samples per cell. Samples outside the frame
    /// read as black, so a face leaving the frame stops matching.
    package init(image: RGBAImage, placement: SimilarityTransform) {
        let n = Self.side
        var cells = [Double](repeating: 0, count: n * n)
        let w = image.width, h = image.height
        image.pixels.withUnsafeBufferPointer { src in
            @inline(__always) func luma(_ x: Int, _ y: Int) -> Double {
                guard x >= 0, y >= 0, x < w, y < h else { return 0 }
                let i = (y * w + x) * 4
                return Double((Int(src[i]) * 77 + Int(src[i + 1]) * 150 + Int(src[i + 2]) * 29 + 128) >> 8)
            }
            for cy in 0..<n {
                for cx in 0..<n {
                    var sum = 0.0
                    for sy in 0..<2 {
                        for sx in 0..<2 {
                            let u = (Double(cx) + 0.25 + 0.5 * Double(sx)) / Double(n)
                            let v = (Double(cy) + 0.25 + 0.5 * Double(sy)) / Double(n)
                            let p = placement.apply(Point2D(x: u, y: v))
                            let fx = p.x.rounded(.down), fy = p.y.rounded(.down)
                            guard fx > -2, fy > -2, fx < Double(w + 1), fy < Double(h + 1) else { continue }
                            let x0 = Int(fx), y0 = Int(fy)
                            let ax = p.x - fx, ay = p.y - fy
                            let top = luma(x0, y0) * (1 - ax) + luma(x0 + 1, y0) * ax
                            let bottom = luma(x0, y0 + 1) * (1 - ax) + luma(x0 + 1, y0 + 1) * ax
                            sum += top * (1 - ay) + bottom * ay
                        }
                    }
                    cells[cy * n + cx] = sum / 4
                }
            }
        }
        self.cells = Self.normalised(cells)
    }

    /// Blocks per side (each `side / blocks` cells square).
    package static let blocks = 4

    /// The mean normalised cross-correlation of the best-matching half of the blocks with
    /// `other`: 1 for the same picture up to brightness and contrast (block by block), about 0
    /// for unrelated ones.
    package func correlation(with other: FaceAppearance) -> Double {
        let n = Self.side, b = Self.blocks, cell = n / b
        guard cells.count == n * n, other.cells.count == n * n else { return 0 }
        var scores: [Double] = []
        scores.reserveCapacity(b * b)
        for by in 0..<b {
            for bx in 0..<b {
                var sa = 0.0, sb = 0.0
                for y in 0..<cell {
                    for x in 0..<cell {
                        let i = (by * cell + y) * n + bx * cell + x
                        sa += cells[i]
                        sb += other.cells[i]
                    }
                }
                let count = Double(cell * cell)
                let ma = sa / count, mb = sb / count
                var ab = 0.0, aa = 0.0, bb = 0.0
                for y in 0..<cell {
                    for x in 0..<cell {
                        let i = (by * cell + y) * n + bx * cell + x
                        let da = cells[i] - ma, db = other.cells[i] - mb
                        ab += da * db
                        aa += da * da
                        bb += db * db
                    }
                }
                // A flat block (no texture in both) says nothing either way.
                scores.append(aa > 1e-12 && bb > 1e-12 ? ab / (aa * bb).squareRoot() : 0)
            }
        }
        scores.sort(by: >)
        let half = scores.count / 2
        return scores.prefix(half).reduce(0, +) / Double(max(1, half))
    }

    /// Moves this appearance a fraction `rate` of the way toward `other` (slow adaptation to
    /// lighting, expression and pose while the detector confirms the face).
    package mutating func blend(toward other: FaceAppearance, rate: Double) {
        for i in 0..<min(cells.count, other.cells.count) {
            cells[i] += (other.cells[i] - cells[i]) * rate
        }
        cells = Self.normalised(cells)
    }

    private static func normalised(_ values: [Double]) -> [Double] {
        let mean = values.reduce(0, +) / Double(max(1, values.count))
        var centred = values.map { $0 - mean }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 1e-9 else { return [Double](repeating: 0, count: values.count) }
        for i in 0..<centred.count { centred[i] /= norm }
        return centred
    }
}
