import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine

@Suite struct GlareMeterTests {
    /// A pale document page (level `paper`, noise ±6) with a bright elliptic spot of the given radii.
    static func page(
        width: Int = 240, height: Int = 160, paper: Double = 200, spot: (x: Double, y: Double, rx: Double, ry: Double)?,
        seed: UInt64
    ) throws -> GrayImage {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var v = paper + random.uniform(-6, 6)
                if let s = spot {
                    let d = pow((Double(x) - s.x) / s.rx, 2) + pow((Double(y) - s.y) / s.ry, 2)
                    v += max(0, 1.2 - d) * 70
                }
                pixels[y * width + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return try GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The share of the page in the largest region whose 3x3 mean reaches the glare level, counted
    /// the plain way (every pixel's nine neighbours).
    static func referenceFraction(_ page: GrayImage) -> Double {
        let w = page.width, h = page.height
        let sorted = page.pixels.sorted()
        let median = Int(sorted[(sorted.count - 1) / 2])
        let level = max(GlareMeter.saturationLevel, median + GlareMeter.marginOverPaper)
        var mask = [Bool](repeating: false, count: w * h)
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                var sum = 0
                for dy in -1...1 { for dx in -1...1 { sum += Int(page[x + dx, y + dy]) } }
                mask[y * w + x] = sum >= 9 * level
            }
        }
        let largest = ConnectedComponents.label(mask, width: w, height: h).map(\.area).max() ?? 0
        return Double(largest) / Double(w * h)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func theGlareFractionIsTheLargestSaturatedRegion(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let spot = (
            x: random.uniform(30, 210), y: random.uniform(30, 130), rx: random.uniform(6, 40), ry: random.uniform(6, 30)
        )
        let page = try Self.page(spot: spot, seed: seed)
        let fraction = GlareMeter.largestGlareFraction(page)
        #expect(fraction > 0)
        #expect(fraction == Self.referenceFraction(page))
        // Roughly the ellipse's inner part, where the spot reaches the saturation level.
        #expect(fraction < Double.pi * spot.rx * spot.ry / Double(240 * 160))
    }

    @Test func aPageWithoutASpotHasNoGlareAndABrightPageNeedsAMarginOverItsPaper() throws {
        #expect(GlareMeter.largestGlareFraction(try Self.page(spot: nil, seed: 9)) == 0)
        // Paper at 245 (noise reaching 251): nothing is 14 levels brighter than the paper.
        let bright = try Self.page(paper: 245, spot: nil, seed: 10)
        #expect(GlareMeter.largestGlareFraction(bright) == 0)
        #expect(Self.referenceFraction(bright) == 0)
        #expect(GlareMeter.largestGlareFraction(GrayImage(width: 3, height: 3, fill: 255)) == 0)
    }
}
