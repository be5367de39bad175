import Foundation

/// Scene illumination: an overall exposure, a linear gradient across the frame and a vignette,
/// multiplied into every pixel (gain kept within 0.4...1.35).
struct Lighting {
    var exposure: Double
    var gradient: Double
    var gradientAngle: Double
    var vignette: Double

    static func draw(tier: SceneTier, using random: inout SeededGenerator) -> Lighting {
        Lighting(
            exposure: random.uniform(tier.exposure.lowerBound, tier.exposure.upperBound),
            gradient: random.uniform(tier.lightingGradient.lowerBound, tier.lightingGradient.upperBound),
            gradientAngle: random.uniform(0, 2 * Double.pi),
            vignette: random.uniform(tier.vignette.lowerBound, tier.vignette.upperBound))
    }

    func apply(to frame: inout PlanarFrame) {
        let w = frame.width
        let h = frame.height
        let cx = Double(w) / 2
        let cy = Double(h) / 2
        let halfDiagonal = (cx * cx + cy * cy).squareRoot()
        let gx = Float(cos(gradientAngle) / halfDiagonal * gradient)
        let gy = Float(sin(gradientAngle) / halfDiagonal * gradient)
        let v = Float(vignette / (halfDiagonal * halfDiagonal))
        let e = Float(exposure)
        var gain = [Float](repeating: 0, count: w)
        for y in 0..<h {
            let dy = Float(Double(y) + 0.5 - cy)
            for x in 0..<w {
                let dx = Float(Double(x) + 0.5 - cx)
                let g = e * (1 + gx * dx + gy * dy) * (1 - v * (dx * dx + dy * dy))
                gain[x] = max(0.4, min(1.35, g))
            }
            let base = y * w
            for c in 0..<3 {
                frame.withPlane(c) { p in
                    gain.withUnsafeBufferPointer { k in
                        for x in 0..<w { p[base + x] *= k[x] }
                    }
                }
            }
        }
    }
}
