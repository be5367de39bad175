package import CaptureCore
import Foundation

/// Estimates how blurred a rectified document image is, as the width of its edges in millimetres.
///
/// At strong edges (the top 3% of gradient magnitudes: character strokes), the peak gradient is
/// compared with the local contrast across the edge: a step of contrast `C` blurred by a Gaussian
/// of standard deviation `σ` pixels has a peak derivative `C / (σ·√(2π))`, and a Sobel response of
/// 8 times the derivative. The median `σ` over those edges, divided by the image's pixels per
/// millimetre, is the blur. A sharp print scanned well gives 0.05–0.08 mm.
package enum SharpnessMeter {
    /// The blur width (σ) in millimetres, or nil when the image has too few edges to tell.
    package static func blurWidth(_ image: GrayImage, pixelsPerMillimetre: Double) -> Double? {
        let w = image.width, h = image.height
        guard w > 12, h > 12 else { return nil }
        // Magnitudes everywhere; the components only where an edge is measured.
        let field = GradientField(image, keepingComponents: false)
        // Threshold at the 97th percentile of magnitudes (histogram, 1-unit bins).
        let histogram = GradientField.histogram(field.magnitude, bins: 1500)
        var above = 0, percentile = 1499
        let wanted = field.magnitude.count * 3 / 100
        while percentile > 0, above + histogram[percentile] < wanted {
            above += histogram[percentile]
            percentile -= 1
        }
        let threshold = max(40, Float(percentile))
        var sigmas: [Double] = []
        let r = 5
        field.magnitude.withUnsafeBufferPointer { magnitudes in
            image.pixels.withUnsafeBufferPointer { pixels in
                let magnitude = magnitudes.baseAddress!
                for y in stride(from: r, to: h - r, by: 1) {
                    let row = magnitude + y * w
                    for x in stride(from: r, to: w - r, by: 1) where row[x] >= threshold {
                        let m = row[x]
                        // Local maximum along the gradient direction only (the edge's centre).
                        let (sx, sy) = GradientField.components(of: image, x: x, y: y)
                        let gx = Double(sx) / Double(m), gy = Double(sy) / Double(m)
                        let ax = x + Int(gx.rounded()), ay = y + Int(gy.rounded())
                        let bx = x - Int(gx.rounded()), by = y - Int(gy.rounded())
                        guard m >= magnitude[ay * w + ax], m >= magnitude[by * w + bx] else { continue }
                        // Contrast across the edge, `r` pixels each way along the gradient.
                        let dx = gx * Double(r), dy = gy * Double(r)
                        let p = GrayImage.bilinearSample(
                            pixels, width: w, height: h, x: Double(x) + dx, y: Double(y) + dy)
                        let q = GrayImage.bilinearSample(
                            pixels, width: w, height: h, x: Double(x) - dx, y: Double(y) - dy)
                        let contrast = abs(p - q)
                        guard contrast >= 20 else { continue }
                        sigmas.append(contrast * 8 / (Double(m) * (2 * Double.pi).squareRoot()))
                    }
                }
            }
        }
        guard sigmas.count >= 30 else { return nil }
        sigmas.sort()
        return sigmas[sigmas.count / 2] / pixelsPerMillimetre
    }
}
