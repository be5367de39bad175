import CaptureCore
import DocumentSynthesis
import Foundation

/// Places a rendered card into a gray test frame with a known pose, then degrades it (blur, noise,
/// JPEG): small, explicit scenes for reader tests.
enum CardPlacement {
    /// The card's corners in a `width` x `height` frame: centred at `centre` (fractions of the
    /// frame), `cardWidth` pixels wide, turned by `degrees`, with `keystone` (0 = none) narrowing its
    /// top edge as a tilt towards the camera would.
    static func corners(width: Int, height: Int, centre: (Double, Double) = (0.5, 0.5), cardWidth: Double,
                        degrees: Double, keystone: Double = 0) -> Quadrilateral2D {
        let cardHeight = cardWidth * 53.98 / 85.6
        let top = cardWidth * (1 - keystone) / 2, bottom = cardWidth / 2, half = cardHeight / 2
        let local = [Point2D(x: -top, y: -half), Point2D(x: top, y: -half), Point2D(x: bottom, y: half),
                     Point2D(x: -bottom, y: half)]
        let a = degrees * Double.pi / 180
        let c = Point2D(x: centre.0 * Double(width), y: centre.1 * Double(height))
        return Quadrilateral2D(corners: local.map { p in
            Point2D(x: c.x + p.x * cos(a) - p.y * sin(a), y: c.y + p.x * sin(a) + p.y * cos(a))
        })
    }

    /// `card` (RGBA, transparent outside its corners) drawn at `quad` over a mid-gray textured
    /// background, as a gray frame.
    static func frame(card: RGBAImage, quad: Quadrilateral2D, width: Int, height: Int) -> GrayImage {
        let cardRect = Quadrilateral2D(x: 0, y: 0, width: Double(card.width), height: Double(card.height))
        let toCard = Homography(from: quad, to: cardRect)!
        let gray = card.grayscale()
        var out = GrayImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let p = toCard.apply(Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let background = 90 + ((x / 23 + y / 17) % 2) * 25
                if p.x >= 0, p.y >= 0, p.x < Double(card.width), p.y < Double(card.height) {
                    let alpha = Double(card.pixels[(Int(p.y) * card.width + Int(p.x)) * 4 + 3]) / 255
                    let v = gray.bilinearSample(x: p.x - 0.5, y: p.y - 0.5)
                    out[x, y] = UInt8(clamping: Int((v * alpha + Double(background) * (1 - alpha)).rounded()))
                } else {
                    out[x, y] = UInt8(background)
                }
            }
        }
        return out
    }

    /// Adds seeded Gaussian noise of standard deviation `sigma`.
    static func noisy(_ image: GrayImage, sigma: Double, seed: UInt64) -> GrayImage {
        var random = SeededGenerator(seed: seed)
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
