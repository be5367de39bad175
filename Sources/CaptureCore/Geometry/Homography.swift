/// A projective transform of the plane (3x3 matrix, row-major, normalised so `m[8] == 1` when possible).
package struct Homography: Sendable, Equatable {
    /// The nine matrix entries, row-major.
    package var m: [Double]

    package init(matrix: [Double]) {
        precondition(matrix.count == 9)
        self.m = matrix
    }

    /// The identity transform.
    package static let identity = Homography(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The transform that maps each of `source`'s corners onto the matching corner of
    /// `destination`; nil when the points are degenerate (three collinear, zero area).
    package init?(from source: Quadrilateral2D, to destination: Quadrilateral2D) {
        let s = source.corners, d = destination.corners
        // Solve the 8x8 system A h = b for h = (h0..h7), h8 = 1.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (s[i].x, s[i].y, d[i].x, d[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        guard let h = Homography.solve(&a) else { return nil }
        self.m = h + [1]
    }

    /// Maps a point; returns a point at infinity as NaN coordinates.
    package func apply(_ p: Point2D) -> Point2D {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point2D(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The inverse transform, or nil when the matrix is singular.
    package var inverse: Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-12 else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / det }
        return Homography(matrix: inv)
    }

    /// Composition: first `other`, then `self`.
    package func after(_ other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[3 * i + j] = (0..<3).reduce(0) { $0 + m[3 * i + $1] * other.m[3 * $1 + j] }
            }
        }
        return Homography(matrix: r)
    }

    /// Gaussian elimination with partial pivoting on an augmented n x (n+1) matrix.
    private static func solve(_ a: inout [[Double]]) -> [Double]? {
        let n = a.count
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            for r in 0..<n where r != col {
                let f = a[r][col] / a[col][col]
                if f == 0 { continue }
                for c in col...n { a[r][c] -= f * a[col][c] }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }
}
