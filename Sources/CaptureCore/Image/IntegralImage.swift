/// Summed-area tables of an image and of its squares, for constant-time box means and variances
/// (adaptive thresholding, local contrast).
package struct IntegralImage: Sendable {
    /// Width and height of the source image.
    package let width: Int
    package let height: Int
    /// `(width + 1) * (height + 1)` running sums of values and of squares, row-major with stride
    /// `width + 1`; row 0 and column 0 are zero.
    package let sums: [Int64]
    package let squares: [Int64]

    package init(_ image: GrayImage) {
        width = image.width
        height = image.height
        let w = image.width, h = image.height, stride = w + 1
        var s = [Int64](repeating: 0, count: stride * (h + 1))
        var q = [Int64](repeating: 0, count: stride * (h + 1))
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                var rowSum: Int64 = 0, rowSquares: Int64 = 0
                for x in 0..<w {
                    let v = Int64(src[y * w + x])
                    rowSum += v
                    rowSquares += v * v
                    s[(y + 1) * stride + x + 1] = s[y * stride + x + 1] + rowSum
                    q[(y + 1) * stride + x + 1] = q[y * stride + x + 1] + rowSquares
                }
            }
        }
        sums = s
        squares = q
    }

    /// Sum, sum of squares and pixel count of the box [x0, x1) x [y0, y1), clipped to the image.
    @inlinable
    package func box(x0: Int, y0: Int, x1: Int, y1: Int) -> (sum: Int64, squares: Int64, count: Int) {
        let ax = max(0, min(width, x0)), bx = max(0, min(width, x1))
        let ay = max(0, min(height, y0)), by = max(0, min(height, y1))
        guard bx > ax, by > ay else { return (0, 0, 0) }
        return (rect(sums, ax, ay, bx, by), rect(squares, ax, ay, bx, by), (bx - ax) * (by - ay))
    }

    /// Mean and standard deviation of the box centred on (`x`, `y`) with the given half size.
    @inlinable
    package func meanAndDeviation(x: Int, y: Int, radius: Int) -> (mean: Double, deviation: Double) {
        let b = box(x0: x - radius, y0: y - radius, x1: x + radius + 1, y1: y + radius + 1)
        guard b.count > 0 else { return (0, 0) }
        let n = Double(b.count)
        let mean = Double(b.sum) / n
        let variance = max(0, Double(b.squares) / n - mean * mean)
        return (mean, variance.squareRoot())
    }

    @usableFromInline
    func rect(_ t: [Int64], _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int64 {
        let stride = width + 1
        return t[y1 * stride + x1] - t[y0 * stride + x1] - t[y1 * stride + x0] + t[y0 * stride + x0]
    }
}
