/// Rotation by quarter turns of an interleaved pixel buffer: the one implementation behind
/// ``GrayImage/rotated(quarterTurnsClockwise:)`` (one sample per pixel) and
/// ``RGBAImage/rotated(quarterTurnsClockwise:)`` (four).
package enum PixelRotation {
    /// `pixels` (`width` x `height`, `channels` samples per pixel, row-major) turned clockwise by
    /// `turns` quarter turns (any integer; negative turns go counter-clockwise), with its new size.
    package static func rotated(
        _ pixels: [UInt8], width: Int, height: Int, channels: Int, quarterTurnsClockwise turns: Int
    ) -> (pixels: [UInt8], width: Int, height: Int) {
        let t = ((turns % 4) + 4) % 4
        if t == 0 { return (pixels, width, height) }
        let outWidth = t == 2 ? width : height, outHeight = t == 2 ? height : width
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let (nx, ny): (Int, Int)
                        switch t {
                        case 1: (nx, ny) = (height - 1 - y, x)
                        case 2: (nx, ny) = (width - 1 - x, height - 1 - y)
                        default: (nx, ny) = (y, width - 1 - x)
                        }
                        let s = (y * width + x) * channels, d = (ny * outWidth + nx) * channels
                        for c in 0..<channels { target[d + c] = source[s + c] }
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }
}
