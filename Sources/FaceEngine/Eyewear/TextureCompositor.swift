package import CaptureCore

/// Draws a premultiplied texture level onto an RGBA frame through a projective mapping, with
/// bilinear sampling at sub-pixel positions and source-over blending.
///
/// The frame is treated as opaque (a camera image): colours are blended as over an opaque
/// background, and alpha is composited the same way.
package enum TextureCompositor {
    /// Draws `level` with `mapping` (level pixel centres → frame pixel centres).
    /// - Parameters:
    ///   - opacity: multiplies the texture's alpha (0...1).
    ///   - fadeStart/fadeEnd: along the level's x axis (in level pixels), alpha falls linearly from
    ///     full at `fadeStart` to nothing at `fadeEnd`, and texels beyond `fadeEnd` are not drawn.
    package static func draw(
        _ level: EyewearTexture.Level, mapping: Homography, opacity: Double = 1,
        fadeStart: Double = .infinity, fadeEnd: Double = .infinity, onto image: inout RGBAImage
    ) {
        guard opacity > 0, level.width > 1, level.height > 1, image.width > 0, image.height > 0,
            let inverse = mapping.inverse
        else { return }
        let w = Double(level.width), h = Double(level.height)
        let corners = [
            Point2D(x: -0.5, y: -0.5), Point2D(x: w - 0.5, y: -0.5), Point2D(x: -0.5, y: h - 0.5),
            Point2D(x: w - 0.5, y: h - 0.5),
        ]
        // Every corner must lie in front of the camera (positive homogeneous weight).
        let m = mapping.m
        guard corners.allSatisfy({ m[6] * $0.x + m[7] * $0.y + m[8] > 0 }) else { return }
        let projected = corners.map { mapping.apply($0) }
        guard projected.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let xs = projected.map(\.x), ys = projected.map(\.y)
        let x0 = max(0, Int(xs.reduce(.infinity, min).rounded(.down)))
        let x1 = min(image.width - 1, Int(xs.reduce(-.infinity, max).rounded(.up)))
        let y0 = max(0, Int(ys.reduce(.infinity, min).rounded(.down)))
        let y1 = min(image.height - 1, Int(ys.reduce(-.infinity, max).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let im = inverse.m
        let lw = level.width, lh = level.height, iw = image.width
        let maxU = min(w - 0.5, fadeEnd), fadeSpan = fadeEnd - fadeStart
        level.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                @inline(__always) func texel(_ x: Int, _ y: Int, _ c: Int) -> Double {
                    guard x >= 0, y >= 0, x < lw, y < lh else { return 0 }
                    return Double(src[(y * lw + x) * 4 + c])
                }
                for y in y0...y1 {
                    let fy = Double(y)
                    var nu = im[0] * Double(x0) + im[1] * fy + im[2]
                    var nv = im[3] * Double(x0) + im[4] * fy + im[5]
                    var dw = im[6] * Double(x0) + im[7] * fy + im[8]
                    for x in x0...x1 {
                        defer {
                            nu += im[0]
                            nv += im[3]
                            dw += im[6]
                        }
                        guard dw > 0 else { continue }
                        let u = nu / dw, v = nv / dw
                        guard u > -0.5, v > -0.5, u < maxU, v < h - 0.5 else { continue }
                        let ux = u.rounded(.down), vy = v.rounded(.down)
                        let tx = Int(ux), ty = Int(vy)
                        let fx = u - ux, fyy = v - vy
                        let w00 = (1 - fx) * (1 - fyy), w10 = fx * (1 - fyy), w01 = (1 - fx) * fyy, w11 = fx * fyy
                        var alpha =
                            (texel(tx, ty, 3) * w00 + texel(tx + 1, ty, 3) * w10 + texel(tx, ty + 1, 3) * w01
                                + texel(tx + 1, ty + 1, 3) * w11) / 255
                        guard alpha > 0.001 else { continue }
                        var k = opacity
                        if u > fadeStart, fadeSpan > 0 { k *= max(0, (fadeEnd - u) / fadeSpan) }
                        alpha *= k
                        let d = (y * iw + x) * 4
                        for c in 0..<3 {
                            let s =
                                (texel(tx, ty, c) * w00 + texel(tx + 1, ty, c) * w10 + texel(tx, ty + 1, c) * w01
                                    + texel(tx + 1, ty + 1, c) * w11) * k
                            dst[d + c] = UInt8(min(255, max(0, s + Double(dst[d + c]) * (1 - alpha) + 0.5)))
                        }
                        dst[d + 3] = UInt8(min(255, max(0, alpha * 255 + Double(dst[d + 3]) * (1 - alpha) + 0.5)))
                    }
                }
            }
        }
    }
}
