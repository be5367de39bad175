import Testing

@testable import CaptureCore

/// The fast paths of the hot image primitives against plain reference implementations.
@Suite struct ImagePrimitiveTests {
    /// A small deterministic generator (64-bit LCG), so every run sees the same data.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func noise(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var g = GrayImage(width: width, height: height)
        var rng = Generator(state: seed)
        for i in 0..<g.pixels.count { g.pixels[i] = UInt8(rng.next(256)) }
        return g
    }

    /// Block means computed pixel by pixel.
    func referenceDownscale(_ g: GrayImage, rect: PixelRect, factor: Int) -> GrayImage {
        let r = rect.clipped(width: g.width, height: g.height)
        let ow = r.width / factor, oh = r.height / factor
        var out = GrayImage(width: ow, height: oh)
        for oy in 0..<oh {
            for ox in 0..<ow {
                var sum = 0
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += Int(g[r.x + ox * factor + dx, r.y + oy * factor + dy]) }
                }
                out[ox, oy] = UInt8(sum / (factor * factor))
            }
        }
        return out
    }

    @Test(arguments: [2, 3, 4, 5])
    func downscalingOddSizesAveragesWholeBlocksAndDropsTheRemainder(factor: Int) {
        let g = noise(width: 37, height: 23, seed: UInt64(factor))
        let small = g.downscaled(by: factor)
        #expect(small.width == 37 / factor && small.height == 23 / factor)
        #expect(small == referenceDownscale(g, rect: PixelRect(x: 0, y: 0, width: 37, height: 23), factor: factor))
    }

    @Test(arguments: [1, 2, 3, 4, 6])
    func downscalingARegionInPlaceEqualsDownscalingItsCopy(factor: Int) {
        let g = noise(width: 41, height: 29, seed: 11)
        // Partly outside the image: clipped first, like `region`.
        let rect = PixelRect(x: 5, y: -4, width: 50, height: 30)
        let inPlace = g.downscaled(rect, by: factor)
        #expect(inPlace == g.region(rect).downscaled(by: factor))
        #expect(inPlace == referenceDownscale(g, rect: rect, factor: factor))
    }

    @Test func downscalingBelowOneBlockGivesAnEmptyImage() {
        let g = noise(width: 3, height: 7, seed: 3)
        #expect(g.downscaled(by: 4).isEmpty)
        #expect(g.downscaled(PixelRect(x: 1, y: 1, width: 2, height: 2), by: 3).isEmpty)
    }

    @Test func grayscaleUsesTheLumaWeightsOnEveryPixelIncludingTheTail() throws {
        // 37 x 3 = 111 pixels: six blocks of sixteen and a tail of fifteen.
        let w = 37, h = 3
        var rng = Generator(state: 5)
        let bytes = (0..<(w * h * 4)).map { _ in UInt8(rng.next(256)) }
        let image = try RGBAImage(width: w, height: h, pixels: bytes)
        let gray = image.grayscale()
        for i in 0..<(w * h) {
            let r = Int(bytes[4 * i]), g = Int(bytes[4 * i + 1]), b = Int(bytes[4 * i + 2])
            #expect(Int(gray.pixels[i]) == (r * 77 + g * 150 + b * 29 + 128) >> 8)
        }
        // The largest weighted sum (255·256 + 128) still fits the 16-bit lanes.
        let white = try RGBAImage(width: 32, height: 1, pixels: [UInt8](repeating: 255, count: 128))
        #expect(white.grayscale().pixels == [UInt8](repeating: 255, count: 32))
    }

    /// Colour differences of the mean colour of each block's 2x2 centre pixels, from a plain
    /// per-pixel formula; over a region that is not at the origin, with rows and columns left over,
    /// at odd and even factors, and at the extremes (clamped to 0 and 255).
    @Test(arguments: [1, 2, 3, 4, 7])
    func colourDifferencesAreTheBlockCentresMeanColourMinusItsLuma(factor: Int) throws {
        let w = 45, h = 31
        var rng = Generator(state: UInt64(11 + factor))
        var bytes = (0..<(w * h * 4)).map { _ in UInt8(rng.next(256)) }
        // Pure blue, red and yellow in the top rows: beyond the range before clamping.
        for y in 0..<15 {
            for x in 0..<w {
                let i = 4 * (y * w + x)
                let (r, g, b): (UInt8, UInt8, UInt8) = x < 16 ? (0, 0, 255) : (x < 30 ? (255, 0, 0) : (255, 255, 0))
                (bytes[i], bytes[i + 1], bytes[i + 2]) = (r, g, b)
            }
        }
        let image = try RGBAImage(width: w, height: h, pixels: bytes)
        let rect = PixelRect(x: 2, y: 1, width: 40, height: 29)
        let (blue, red) = image.colourDifferences(rect, by: factor)
        #expect(blue.width == 40 / factor && blue.height == 29 / factor && red.width == blue.width)
        for oy in 0..<blue.height {
            for ox in 0..<blue.width {
                var sr = 0, sg = 0, sb = 0
                for y in [(factor - 1) / 2, factor / 2] {
                    for x in [(factor - 1) / 2, factor / 2] {
                        let p = image[rect.x + ox * factor + x, rect.y + oy * factor + y]
                        sr += Int(p.r); sg += Int(p.g); sb += Int(p.b)
                    }
                }
                // Means of four, luma with grayscale()'s weights out of 256.
                let luma = Double(77 * sr + 150 * sg + 29 * sb) / 1024
                func level(_ v: Double) -> Int { min(255, max(0, 128 + Int((v + 0.5).rounded(.down)))) }
                #expect(Int(blue[ox, oy]) == level(Double(sb) / 4 - luma))
                #expect(Int(red[ox, oy]) == level(Double(sr) / 4 - luma))
            }
        }
        #expect(blue.pixels.contains(255) && red.pixels.contains(255) && blue.pixels.contains(0))
        #expect(image.colourDifferences(PixelRect(x: 40, y: 0, width: 5, height: 31), by: 8).blue.isEmpty)
    }

    /// Components by flood fill (8-connected), in the raster order of their first pixel.
    func referenceComponents(_ mask: [Bool], width: Int, height: Int) -> [ConnectedComponent] {
        var seen = [Bool](repeating: false, count: mask.count)
        var out: [ConnectedComponent] = []
        for start in 0..<mask.count where mask[start] && !seen[start] {
            var c = ConnectedComponent(
                minX: start % width, minY: start / width, maxX: start % width + 1,
                maxY: start / width + 1, area: 0, sumX: 0, sumY: 0)
            var stack = [start]
            seen[start] = true
            while let p = stack.popLast() {
                let x = p % width, y = p / width
                c.minX = min(c.minX, x)
                c.maxX = max(c.maxX, x + 1)
                c.minY = min(c.minY, y)
                c.maxY = max(c.maxY, y + 1)
                c.area += 1
                c.sumX += x
                c.sumY += y
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let q = ny * width + nx
                        if mask[q], !seen[q] {
                            seen[q] = true
                            stack.append(q)
                        }
                    }
                }
            }
            out.append(c)
        }
        return out
    }

    @Test(arguments: [20, 45, 60])
    func labellingRandomMasksMatchesAFloodFill(percentSet: Int) {
        let w = 53, h = 31
        var rng = Generator(state: UInt64(percentSet))
        let mask = (0..<(w * h)).map { _ in rng.next(100) < percentSet }
        let labelled = ConnectedComponents.label(mask, width: w, height: h)
        #expect(labelled == referenceComponents(mask, width: w, height: h))
        let filtered = ConnectedComponents.label(mask, width: w, height: h, minimumArea: 3)
        #expect(filtered == referenceComponents(mask, width: w, height: h).filter { $0.area >= 3 })
    }

    @Test func branchesThatMeetLowerDownAreOneComponent() {
        // A "U" (two columns joined by a bottom row) and a staircase joined only at corners.
        let rows = [
            "#...#..#....",
            "#...#...#...",
            "#...#....#..",
            "#####.....#.",
        ]
        let w = rows[0].count, h = rows.count
        let mask = rows.flatMap { $0.map { $0 == "#" } }
        let c = ConnectedComponents.label(mask, width: w, height: h)
        #expect(c.count == 2)
        #expect(c[0].area == 11 && c[0].minX == 0 && c[0].maxX == 5 && c[0].maxY == 4)
        #expect(c[1].area == 4 && c[1].minX == 7 && c[1].maxX == 11 && c[1].minY == 0 && c[1].maxY == 4)
    }

    @Test func runsRoundTripTheirMask() {
        let w = 17, h = 9
        var rng = Generator(state: 99)
        let mask = (0..<(w * h)).map { _ in rng.next(3) == 0 }
        let runs = PixelRuns(mask: mask, width: w, height: h)
        #expect(runs.finishedRows == h)
        #expect(runs.mask() == mask)
        #expect(zip(runs.starts, runs.ends).allSatisfy { $0 < $1 })
    }

    /// The textbook bilinear sample with clamped neighbours.
    func referenceBilinear(_ g: GrayImage, x: Double, y: Double) -> Double {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        let a = Double(g.clampedSample(x: x0, y: y0)), b = Double(g.clampedSample(x: x0 + 1, y: y0))
        let c = Double(g.clampedSample(x: x0, y: y0 + 1)), d = Double(g.clampedSample(x: x0 + 1, y: y0 + 1))
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    }

    @Test func bilinearSamplesInsideOnTheBorderAndOutsideMatchTheTextbookFormula() {
        let g = noise(width: 13, height: 9, seed: 21)
        var rng = Generator(state: 8)
        var positions: [(Double, Double)] = [
            (0, 0), (12, 8), (12, 0), (-0.5, 4.25), (12.75, 8.5), (-3.2, -7.9), (6, 8),
        ]
        for _ in 0..<300 {
            positions.append((Double(rng.next(20_000)) / 1000 - 3, Double(rng.next(16_000)) / 1000 - 3))
        }
        let levels = (0..<256).map(Double.init)
        for (x, y) in positions {
            let expected = referenceBilinear(g, x: x, y: y)
            #expect(g.bilinearSample(x: x, y: y) == expected)
            let tabled = g.pixels.withUnsafeBufferPointer { p in
                GrayImage.bilinearSample(p, width: g.width, height: g.height, x: x, y: y) { levels[Int($0)] }
            }
            #expect(tabled == expected)
        }
    }

    @Test func rectifyingThroughPerspectiveMatchesExactBilinearSampling() throws {
        // Spans of 8 pixels are interpolated in fixed point between exact ends. On noise, where
        // neighbours differ by up to 255, a thousandth of a pixel is a quarter of a level: every
        // sample must stay within 1.5 levels of the exact homography and bilinear formula.
        let g = noise(width: 300, height: 200, seed: 9)
        let quad = Quadrilateral2D(corners: [
            Point2D(x: 31.3, y: 22.8), Point2D(x: 270.6, y: 41.2),
            Point2D(x: 251.9, y: 181.7), Point2D(x: 12.4, y: 160.1),
        ])
        let (w, h) = (173, 97)
        let r = try #require(PerspectiveWarp.rectify(g, quad: quad, width: w, height: h))
        let map = try #require(
            Homography(from: Quadrilateral2D(x: 0, y: 0, width: Double(w), height: Double(h)), to: quad))
        var worst = 0.0
        for y in 0..<h {
            for x in 0..<w {
                let p = map.apply(Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5))
                worst = max(worst, abs(Double(r[x, y]) - referenceBilinear(g, x: p.x - 0.5, y: p.y - 0.5)))
            }
        }
        #expect(worst <= 1.5)
        // The RGBA warp samples each channel the same way.
        let c = try #require(PerspectiveWarp.rectify(g.rgba(), quad: quad, width: w, height: h))
        let red = c.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(zip(red, r.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(c.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test func rectifyingAQuadThatLeavesTheImageClampsToItsEdges() throws {
        let g = noise(width: 40, height: 30, seed: 4)
        // Half of the quad lies left of and above the image.
        let quad = Quadrilateral2D(x: -20, y: -15, width: 40, height: 30)
        let r = try #require(PerspectiveWarp.rectify(g, quad: quad, width: 40, height: 30))
        for y in 0..<30 {
            for x in 0..<40 {
                let sx = min(max(Double(x) - 20, 0), 39), sy = min(max(Double(y) - 15, 0), 29)
                #expect(Int(r[x, y]) == Int(referenceBilinear(g, x: sx, y: sy) + 0.5))
            }
        }
    }
}
