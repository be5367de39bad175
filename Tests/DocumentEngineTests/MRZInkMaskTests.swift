import CaptureCore
import Testing

@testable import DocumentEngine

/// The MRZ ink mask (sliding box statistics, emitted as runs) against its definition computed
/// pixel by pixel.
@Suite struct MRZInkMaskTests {
    /// Dark strokes on a gradient with noise: ink, paper and everything between.
    func page(width: Int, height: Int) -> GrayImage {
        var g = GrayImage(width: width, height: height)
        var state: UInt64 = 17
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int((state >> 33) % 25)
                let stroke = (x % 9 < 2 && y % 13 > 3) || (y % 13 == 6 && x % 9 < 6)
                g[x, y] = UInt8(stroke ? 30 + noise : 120 + x + noise)
            }
        }
        return g
    }

    /// A pixel is ink when darker than its clipped box's mean by more than a quarter of the box's
    /// standard deviation plus `margin` (exact integer form, as documented on `inkRuns`).
    func referenceMask(_ g: GrayImage, radius: Int, margin: Int = 8) -> [Bool] {
        var mask = [Bool](repeating: false, count: g.width * g.height)
        for y in 0..<g.height {
            for x in 0..<g.width {
                var sum = 0, squares = 0, n = 0
                for yy in max(0, y - radius)..<min(g.height, y + radius + 1) {
                    for xx in max(0, x - radius)..<min(g.width, x + radius + 1) {
                        let v = Int(g[xx, yy])
                        sum += v
                        squares += v * v
                        n += 1
                    }
                }
                let marginN = sum - (margin + Int(g[x, y])) * n
                mask[y * g.width + x] = marginN > 0 && 16 * marginN * marginN > squares * n - sum * sum
            }
        }
        return mask
    }

    @Test(arguments: [1, 4, 10])
    func inkRunsMatchThePixelByPixelDefinitionUpToTheBorders(radius: Int) {
        let g = page(width: 47, height: 33)
        let runs = MRZTextLineFinder.inkRuns(g, radius: radius)
        let expected = referenceMask(g, radius: radius)
        #expect(runs.mask() == expected)
        #expect(expected.contains(true) && expected.contains(false))
    }

    /// Images narrower than the box, where every column's box is clipped on one side or both.
    @Test(arguments: [(5, 10), (15, 10), (21, 10), (22, 10), (1, 3)])
    func inkRunsMatchTheDefinitionOnImagesNarrowerThanTheBox(width: Int, radius: Int) {
        let g = page(width: width, height: 33)
        #expect(MRZTextLineFinder.inkRuns(g, radius: radius).mask() == referenceMask(g, radius: radius))
    }

    /// Other margins (the front-side cue uses 10): the same definition, and a larger margin marks
    /// no pixel that a smaller one leaves out.
    @Test(arguments: [0, 10, 40])
    func inkRunsHonourTheMargin(margin: Int) {
        let g = page(width: 47, height: 33)
        let mask = MRZTextLineFinder.inkRuns(g, radius: 4, margin: margin).mask()
        let expected = referenceMask(g, radius: 4, margin: margin)
        #expect(mask == expected)
        #expect(expected.contains(true) && expected.contains(false))
        let looser = MRZTextLineFinder.inkRuns(g, radius: 4, margin: max(0, margin - 5)).mask()
        #expect(zip(mask, looser).allSatisfy { !$0 || $1 })
    }

    /// The margin is in grey levels: a large enough margin leaves no stroke of the page (30–54 on
    /// paper of 120–190), and the ink shrinks as the margin grows.
    @Test func theInkShrinksAsTheMarginGrows() {
        let g = page(width: 47, height: 33)
        let counts = [0, 8, 20, 40, 60, 80, 100, 130].map { margin in
            MRZTextLineFinder.inkRuns(g, radius: 4, margin: margin).mask().filter { $0 }.count
        }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(counts[1] > 0 && counts[1] > counts[5] && counts[7] == 0)
    }

    @Test func aFlatImageHasNoInk() {
        let runs = MRZTextLineFinder.inkRuns(GrayImage(width: 20, height: 10, fill: 90), radius: 3)
        #expect(runs.count == 0 && runs.finishedRows == 10)
    }
}
