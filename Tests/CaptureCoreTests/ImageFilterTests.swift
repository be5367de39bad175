import Foundation
import Testing

@testable import CaptureCore

@Suite struct ImageFilterTests {
    func pattern(width: Int, height: Int) -> GrayImage {
        var g = GrayImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { g[x, y] = UInt8((x * 7 + y * 13 + (x * y) % 31) % 256) } }
        return g
    }

    @Test func blurringAConstantImageLeavesItConstant() {
        let g = GrayImage(width: 40, height: 30, fill: 137)
        #expect(g.gaussianBlurred(sigma: 1.7).pixels.allSatisfy { $0 == 137 })
    }

    @Test func blurKeepsTheMeanAndSpreadsAnImpulseSymmetrically() {
        var g = GrayImage(width: 41, height: 41, fill: 0)
        g[20, 20] = 255
        let b = g.gaussianBlurred(sigma: 1.0)
        #expect(b[19, 20] == b[21, 20] && b[20, 19] == b[20, 21] && b[19, 20] == b[20, 19])
        #expect(b[20, 20] > b[19, 20] && b[19, 20] > b[18, 20])
        let total = b.pixels.reduce(0) { $0 + Int($1) }
        #expect(abs(total - 255) <= 12)
    }

    @Test func rectifyingTheWholeImageOntoItselfIsTheIdentity() throws {
        let g = pattern(width: 64, height: 48)
        let quad = Quadrilateral2D(x: 0, y: 0, width: 64, height: 48)
        let r = try #require(PerspectiveWarp.rectify(g, quad: quad, width: 64, height: 48))
        #expect(r == g)
    }

    @Test func rectifyingAHalfScaleQuadDownsamplesByTwo() throws {
        var g = GrayImage(width: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { g[x, y] = x < 32 ? 40 : 200 } }
        let r = try #require(
            PerspectiveWarp.rectify(
                g, quad: Quadrilateral2D(x: 0, y: 0, width: 64, height: 48),
                width: 32, height: 24))
        #expect(r[5, 10] == 40 && r[26, 10] == 200)
    }

    @Test func integralImageBoxesMatchDirectSums() {
        let g = pattern(width: 23, height: 17)
        let ii = IntegralImage(g)
        let b = ii.box(x0: 3, y0: 2, x1: 11, y1: 9)
        var sum: Int64 = 0
        for y in 2..<9 { for x in 3..<11 { sum += Int64(g[x, y]) } }
        #expect(b.sum == sum && b.count == 56)
    }

    @Test func connectedComponentsSeparateDiagonalNeighboursOnlyWhenApart() {
        // Two blobs touching diagonally are one 8-connected component; a gap separates them.
        let w = 6, h = 4
        var mask = [Bool](repeating: false, count: w * h)
        mask[0] = true; mask[w + 1] = true  // diagonal pair
        mask[4] = true; mask[5] = true  // separate pair
        let c = ConnectedComponents.label(mask, width: w, height: h)
        #expect(c.count == 2)
        #expect(Set(c.map(\.area)) == [2])
    }
}
