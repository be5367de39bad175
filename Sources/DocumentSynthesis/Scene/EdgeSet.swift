import CaptureCore

/// The four edges of a convex quadrilateral as normalised lines, for signed distances in pixels
/// (positive inside): anti-aliased edges and soft shadows.
struct EdgeSet {
    private let a: SIMD4<Float>
    private let b: SIMD4<Float>
    private let c: SIMD4<Float>

    init(_ quad: Quadrilateral2D) {
        let corners = quad.corners
        let orientation: Double = quad.signedArea >= 0 ? 1 : -1
        var a = SIMD4<Float>()
        var b = SIMD4<Float>()
        var c = SIMD4<Float>()
        for i in 0..<4 {
            let p = corners[i]
            let q = corners[(i + 1) % 4]
            let dx = q.x - p.x
            let dy = q.y - p.y
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            // cross(q - p, x - p) / |q - p|, signed so that the inside is positive.
            a[i] = Float(-dy / length * orientation)
            b[i] = Float(dx / length * orientation)
            c[i] = Float((dy * p.x - dx * p.y) / length * orientation)
        }
        self.a = a
        self.b = b
        self.c = c
    }

    /// Distance from (`x`, `y`) to the nearest edge line, positive inside the quadrilateral.
    @inline(__always)
    func signedDistance(_ x: Float, _ y: Float) -> Float {
        let d = a * x + b * y + c
        return d.min()
    }
}
