import CaptureCore
import Foundation

/// Draws a textured sheet (a document, an open booklet, a screen) into a frame through any smooth
/// mapping from texture pixels to frame pixels: the sheet is cut into horizontal strips, each
/// mapped by the homography of its four corners (exact for a flat sheet, a piecewise-planar
/// approximation of a curled page). Pixels belong to the strip their centre falls in; the sheet's
/// outer edges are anti-aliased by their analytic coverage.
struct SheetCompositor {
    /// The texture, straight-alpha RGBA.
    let texture: RGBAImage
    /// Texture rows where strips start and end (first 0, last the texture height).
    let rowBreaks: [Double]
    /// Maps a texture point (pixels) to the frame.
    let map: (Point2D) -> Point2D

    /// A per-texel colour gain (red, green, blue), e.g. the curl's shading or a screen's sub-pixels;
    /// evaluated at the texture position of each frame pixel.
    var modulate: ((Double, Double) -> (Float, Float, Float))?

    /// Composites the sheet into `frame`; returns the sheet's opacity per frame pixel.
    func draw(into frame: inout PlanarFrame) -> [Float] {
        let w = frame.width, h = frame.height
        var alpha = [Float](repeating: 0, count: w * h)
        let tw = Double(texture.width)
        for s in 0..<(rowBreaks.count - 1) {
            let v0 = rowBreaks[s], v1 = rowBreaks[s + 1]
            let source = Quadrilateral2D(x: 0, y: v0, width: tw, height: v1 - v0)
            let target = source.mapped(map)
            guard target.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), target.area > 1e-6,
                let toFrame = Homography(from: source, to: target), let toTexture = toFrame.inverse
            else { continue }
            // Outer edges: left and right always, top only for the first strip, bottom for the last.
            let outer = [s == 0, true, s == rowBreaks.count - 2, true]  // UL-UR, UR-LR, LR-LL, LL-UL
            drawStrip(target, toTexture: toTexture, outer: outer, frame: &frame, alpha: &alpha)
        }
        return alpha
    }

    private func drawStrip(
        _ quad: Quadrilateral2D, toTexture: Homography, outer: [Bool], frame: inout PlanarFrame, alpha: inout [Float]
    ) {
        let w = frame.width, h = frame.height
        let c = quad.corners
        let orientation: Double = quad.signedArea >= 0 ? 1 : -1
        var lines: [(Double, Double, Double)] = []
        lines.reserveCapacity(4)
        for i in 0..<4 {
            let p = c[i], q = c[(i + 1) % 4]
            let dx = q.x - p.x, dy = q.y - p.y
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            lines.append(
                (
                    -dy / length * orientation, dx / length * orientation,
                    (dy * p.x - dx * p.y) / length * orientation
                ))
        }
        let xs = c.map(\.x), ys = c.map(\.y)
        let x0 = max(0, Int(floor(xs.min() ?? 0)) - 1), x1 = min(w, Int(ceil(xs.max() ?? 0)) + 1)
        let y0 = max(0, Int(floor(ys.min() ?? 0)) - 1), y1 = min(h, Int(ceil(ys.max() ?? 0)) + 1)
        guard x0 < x1, y0 < y1 else { return }
        let m = toTexture.m
        let iw = texture.width, ih = texture.height
        let maxU = Double(iw - 1), maxV = Double(ih - 1)
        texture.pixels.withUnsafeBufferPointer { tex in
            frame.withPlanes { r, g, b in
                for y in y0..<y1 {
                    let fy = Double(y) + 0.5
                    for x in x0..<x1 {
                        let fx = Double(x) + 0.5
                        var coverage = 1.0
                        var inside = true
                        for k in 0..<4 {
                            let d = lines[k].0 * fx + lines[k].1 * fy + lines[k].2
                            if outer[k] {
                                coverage = min(coverage, d + 0.5)
                            } else if d < 0 {
                                inside = false
                            }
                        }
                        if !inside || coverage <= 0 { continue }
                        let nw = m[6] * fx + m[7] * fy + m[8]
                        let u = min(max((m[0] * fx + m[1] * fy + m[2]) / nw - 0.5, 0), maxU)
                        let v = min(max((m[3] * fx + m[4] * fy + m[5]) / nw - 0.5, 0), maxV)
                        let u0 = min(Int(u), max(0, iw - 2)), v0 = min(Int(v), max(0, ih - 2))
                        let du = Float(u - Double(u0)), dv = Float(v - Double(v0))
                        let u1 = min(u0 + 1, iw - 1), v1 = min(v0 + 1, ih - 1)
                        let i00 = (v0 * iw + u0) * 4, i10 = (v0 * iw + u1) * 4
                        let i01 = (v1 * iw + u0) * 4, i11 = (v1 * iw + u1) * 4
                        let a00 = (1 - du) * (1 - dv) * Float(tex[i00 + 3]), a10 = du * (1 - dv) * Float(tex[i10 + 3])
                        let a01 = (1 - du) * dv * Float(tex[i01 + 3]), a11 = du * dv * Float(tex[i11 + 3])
                        let sa = a00 + a10 + a01 + a11
                        let sr =
                            a00 * Float(tex[i00]) + a10 * Float(tex[i10]) + a01 * Float(tex[i01]) + a11
                            * Float(tex[i11])
                        let sg =
                            a00 * Float(tex[i00 + 1]) + a10 * Float(tex[i10 + 1]) + a01 * Float(tex[i01 + 1])
                            + a11 * Float(tex[i11 + 1])
                        let sb =
                            a00 * Float(tex[i00 + 2]) + a10 * Float(tex[i10 + 2]) + a01 * Float(tex[i01 + 2])
                            + a11 * Float(tex[i11 + 2])
                        if sa <= 0 { continue }
                        var cr = sr / sa, cg = sg / sa, cb = sb / sa
                        if let modulate {
                            let gain = modulate(u, v)
                            cr *= gain.0
                            cg *= gain.1
                            cb *= gain.2
                        }
                        let a = Float(min(1, coverage)) * sa / 255
                        let i = y * w + x
                        r[i] += (cr - r[i]) * a
                        g[i] += (cg - g[i]) * a
                        b[i] += (cb - b[i]) * a
                        alpha[i] = max(alpha[i], a)
                    }
                }
            }
        }
    }
}
