import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine

/// The blur meter against images blurred by a known amount.
@Suite struct SharpnessMeterTests {
    /// Dark bars (12 px wide, so each edge is a step over the meter's ±5 px contrast reach) on
    /// paper, upright and slanted, Gaussian-blurred by `sigma` pixels.
    static func strokes(sigma: Double) throws -> GrayImage {
        let w = 320, h = 120
        var pixels = [UInt8](repeating: 215, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let upright = x < 160 && x % 30 < 12, slanted = x >= 160 && (x + y / 2) % 30 < 12
                if upright || slanted { pixels[y * w + x] = 40 }
            }
        }
        return try GrayImage(width: w, height: h, pixels: pixels).gaussianBlurred(sigma: sigma)
    }

    /// The measured width follows the applied blur: within 30% of σ once σ is above a pixel
    /// (below that the pixel grid's own step dominates), and strictly growing with it.
    @Test func theMeasuredWidthFollowsTheBlur() throws {
        let scale = 8.0
        var previous = 0.0
        for sigma in [1.2, 1.8, 2.6, 3.4] {
            let measured = try #require(
                SharpnessMeter.blurWidth(try Self.strokes(sigma: sigma), pixelsPerMillimetre: scale))
            #expect(abs(measured * scale - sigma) <= 0.3 * sigma, "σ \(sigma) px measured \(measured * scale) px")
            #expect(measured > previous)
            previous = measured
        }
    }

    /// Without edges there is nothing to measure.
    @Test func aBlankOrTinyImageHasNoBlurWidth() throws {
        #expect(SharpnessMeter.blurWidth(GrayImage(width: 200, height: 100, fill: 180), pixelsPerMillimetre: 8) == nil)
        #expect(SharpnessMeter.blurWidth(GrayImage(width: 10, height: 10, fill: 180), pixelsPerMillimetre: 8) == nil)
    }

    /// The magnitudes-only field has the same magnitudes, and its components on demand equal the
    /// full field's.
    @Test func theLeanFieldAgreesWithTheFullOne() throws {
        let image = try Self.strokes(sigma: 1.4)
        let full = GradientField(image), lean = GradientField(image, keepingComponents: false)
        #expect(lean.magnitude == full.magnitude)
        #expect(lean.gx.isEmpty && lean.gy.isEmpty)
        for (x, y) in [(1, 1), (17, 40), (160, 60), (318, 118)] {
            let (sx, sy) = GradientField.components(of: image, x: x, y: y)
            #expect(sx == full.gx[y * image.width + x] && sy == full.gy[y * image.width + x])
        }
    }
}
