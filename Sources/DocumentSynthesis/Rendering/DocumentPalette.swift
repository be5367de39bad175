package import CaptureCore
import Foundation

/// The colours of one synthetic document: a light paper tint with a gradient partner, a security
/// pattern colour, an accent for the header, and ink colours. Drawn at random around one hue, as
/// national designs are.
package struct DocumentPalette: Sendable, Equatable {
    package var paper: RGBA
    package var paperGradient: RGBA
    package var pattern: RGBA
    package var accent: RGBA
    package var ink: RGBA
    package var label: RGBA

    /// A random palette.
    package static func random(using random: inout SeededGenerator) -> DocumentPalette {
        let hue = random.uniform(0, 360)
        let saturation = random.uniform(0.15, 0.55)
        let paper = hsl(hue, saturation, random.uniform(0.87, 0.94))
        let paperGradient = hsl(hue + random.uniform(-40, 40), saturation, random.uniform(0.84, 0.93))
        let patternHue = random.chance(0.7) ? hue : hue + 180
        let pattern = hsl(
            patternHue, random.uniform(0.35, 0.65), random.uniform(0.5, 0.68),
            alpha: random.uniform(0.22, 0.42))
        let accent = hsl(hue + random.uniform(-15, 15), random.uniform(0.35, 0.65), random.uniform(0.28, 0.42))
        let inkLevel = random.uniform(0.08, 0.2)
        let ink = hsl(random.uniform(200, 240), random.uniform(0, 0.35), inkLevel)
        let label = random.chance(0.5) ? accent : hsl(hue, 0.2, random.uniform(0.3, 0.4))
        return DocumentPalette(
            paper: paper, paperGradient: paperGradient, pattern: pattern, accent: accent,
            ink: ink, label: label)
    }

    /// An RGBA colour from hue (degrees), saturation and lightness (0...1).
    package static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double, alpha: Double = 1) -> RGBA {
        let h = ((hue.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = lightness - c / 2
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return RGBA(r: byte(r), g: byte(g), b: byte(b), a: UInt8(max(0, min(255, (alpha * 255).rounded()))))
    }
}
