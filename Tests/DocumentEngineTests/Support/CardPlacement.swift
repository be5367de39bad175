import CaptureCore
import DocumentSynthesis
import Foundation

/// Places a rendered card into a gray test frame with a known pose, then degrades it (blur, noise,
/// JPEG): small, explicit scenes for reader tests.
enum CardPlacement {
    /// The card's corners in a `width` x `height` frame: centred at `centre` (fractions of the
    /// frame), `cardWidth` pixels wide, turned by `degrees`, with `keystone` (0 = none) narrowing its
    /// top edge as a tilt towards the camera would.
    static func corners(
        width: Int, height: Int, centre: (Double, Double) = (0.5, 0.5), cardWidth: Double,
        degrees: Double, keystone: Double = 0
    ) -> Quadrilateral2D {
        let cardHeight = cardWidth * 53.98 / 85.6
        let top = cardWidth * (1 - keystone) / 2, bottom = cardWidth / 2, half = cardHeight / 2
        let local = [
            Point2D(x: -top, y: -half), Point2D(x: top, y: -half), Point2D(x: bottom, y: half),
            Point2D(x: -bottom, y: half),
        ]
        let a = degrees * Double.pi / 180
        let c = Point2D(x: centre.0 * Double(width), y: centre.1 * Double(height))
        return Quadrilateral2D(
            corners: local.map { p in
                Point2D(x: c.x + p.x * cos(a) - p.y * sin(a), y: c.y + p.x * sin(a) + p.y * cos(a))
            })
    }

    /// `card` (RGBA, transparent outside its corners) drawn at `quad` over a mid-gray textured
    /// background, as a gray frame.
    static func frame(card: RGBAImage, quad: Quadrilateral2D, width: Int, height: Int) -> GrayImage {
        let cardRect = Quadrilateral2D(x: 0, y: 0, width: Double(card.width), height: Double(card.height))
        let m = Homography(from: quad, to: cardRect)!.m
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let gray = card.grayscale()
        let cw = card.width, ch = card.height
        var out = GrayImage(width: width, height: height)
        gray.pixels.withUnsafeBufferPointer { g in
            card.pixels.withUnsafeBufferPointer { rgba in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    for y in 0..<height {
                        let fy = Double(y) + 0.5
                        for x in 0..<width {
                            let fx = Double(x) + 0.5
                            let w = m6 * fx + m7 * fy + m8
                            let px = (m0 * fx + m1 * fy + m2) / w, py = (m3 * fx + m4 * fy + m5) / w
                            let background = Double(90 + ((x / 23 + y / 17) % 2) * 25)
                            var value = background
                            if px >= 0, py >= 0, px < Double(cw), py < Double(ch) {
                                // Bilinear gray sample, pixel centres at +0.5, edges clamped.
                                let sx = min(max(px - 0.5, 0), Double(cw - 1)),
                                    sy = min(max(py - 0.5, 0), Double(ch - 1))
                                let x0 = min(Int(sx), cw - 2), y0 = min(Int(sy), ch - 2)
                                let fx0 = sx - Double(x0), fy0 = sy - Double(y0)
                                let i = y0 * cw + x0
                                let top = Double(g[i]) * (1 - fx0) + Double(g[i + 1]) * fx0
                                let bottom = Double(g[i + cw]) * (1 - fx0) + Double(g[i + cw + 1]) * fx0
                                let alpha = Double(rgba[(Int(py) * cw + Int(px)) * 4 + 3]) / 255
                                value = (top * (1 - fy0) + bottom * fy0) * alpha + background * (1 - alpha)
                            }
                            o[y * width + x] = UInt8(clamping: Int(value.rounded()))
                        }
                    }
                }
            }
        }
        return out
    }

    /// Adds seeded Gaussian noise of standard deviation `sigma`.
    static func noisy(_ image: GrayImage, sigma: Double, seed: UInt64) -> GrayImage {
        var random = SplitMix64(seed: seed)
        var out = image
        for i in 0..<out.pixels.count {
            // Box-Muller.
            let u1 = max(Double.random(in: 0..<1, using: &random), 1e-12), u2 = Double.random(in: 0..<1, using: &random)
            let g = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
            out.pixels[i] = UInt8(clamping: Int((Double(image.pixels[i]) + sigma * g).rounded()))
        }
        return out
    }

    /// A JPEG round trip at `quality`.
    static func jpeg(_ image: GrayImage, quality: Int) throws -> GrayImage {
        try ImageCodec.decode(try ImageCodec.encodeJPEG(image, quality: quality)).grayscale()
    }
}
