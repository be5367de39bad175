import Testing

@testable import CaptureCore

@Suite struct GeometryTests {
    let square = Quadrilateral2D(x: 0, y: 0, width: 100, height: 50)
    let skewed = Quadrilateral2D(
        upperLeft: Point2D(x: 12, y: 20), upperRight: Point2D(x: 210, y: 5),
        lowerRight: Point2D(x: 230, y: 140), lowerLeft: Point2D(x: 3, y: 120))

    @Test func homographyMapsCornersOntoCorners() throws {
        let h = try #require(Homography(from: square, to: skewed))
        for (a, b) in zip(square.corners, skewed.corners) {
            #expect(h.apply(a).distance(to: b) < 1e-6)
        }
    }

    @Test func inverseUndoesTheTransform() throws {
        let h = try #require(Homography(from: square, to: skewed))
        let inv = try #require(h.inverse)
        let p = Point2D(x: 37.5, y: 12.25)
        #expect(inv.apply(h.apply(p)).distance(to: p) < 1e-6)
        let id = inv.after(h)
        #expect(id.apply(p).distance(to: p) < 1e-6)
    }

    @Test func degenerateQuadrilateralHasNoHomography() {
        let line = Quadrilateral2D(corners: [
            Point2D(x: 0, y: 0), Point2D(x: 1, y: 1),
            Point2D(x: 2, y: 2), Point2D(x: 3, y: 3),
        ])
        #expect(Homography(from: square, to: line) == nil)
    }

    @Test func areaAndConvexity() {
        #expect(square.area == 5000)
        #expect(square.isConvex)
        let bowtie = Quadrilateral2D(corners: [
            Point2D(x: 0, y: 0), Point2D(x: 10, y: 10),
            Point2D(x: 10, y: 0), Point2D(x: 0, y: 10),
        ])
        #expect(!bowtie.isConvex)
    }

    @Test func rectifyRecoversAPaintedRectangle() throws {
        // Given a 200x150 frame with a bright quadrilateral whose left half is darker
        var frame = GrayImage(width: 240, height: 160, fill: 20)
        let h = try #require(Homography(from: square, to: skewed))
        let inv = try #require(h.inverse)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = inv.apply(Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5))
                if p.x >= 0, p.x < 100, p.y >= 0, p.y < 50 { frame[x, y] = p.x < 50 ? 120 : 230 }
            }
        }
        // When it is rectified to 100x50
        let out = try #require(PerspectiveWarp.rectify(frame, quad: skewed, width: 100, height: 50))
        // Then the halves come back (away from the antialiased borders)
        #expect(out[20, 25] == 120)
        #expect(out[80, 25] == 230)
    }

    @Test func rotationByFourQuarterTurnsIsIdentity() {
        var g = GrayImage(width: 3, height: 2)
        g.pixels = [1, 2, 3, 4, 5, 6]
        #expect(g.rotated(quarterTurnsClockwise: 1).pixels == [4, 1, 5, 2, 6, 3])
        #expect(g.rotated(quarterTurnsClockwise: 2).pixels == [6, 5, 4, 3, 2, 1])
        #expect(g.rotated(quarterTurnsClockwise: 3).rotated(quarterTurnsClockwise: 1) == g)
        let c = g.rgba()
        #expect(c.rotated(quarterTurnsClockwise: 1).grayscale() == g.rotated(quarterTurnsClockwise: 1))
    }

    @Test func rgbaRotationKeepsEachPixelsChannelsTogetherAndNegativeTurnsGoBack() {
        var c = RGBAImage(width: 2, height: 1)
        c[0, 0] = RGBA(r: 1, g: 2, b: 3, a: 4)
        c[1, 0] = RGBA(r: 5, g: 6, b: 7, a: 8)
        let quarter = c.rotated(quarterTurnsClockwise: 1)
        #expect(quarter.width == 1 && quarter.height == 2)
        #expect(quarter.pixels == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(c.rotated(quarterTurnsClockwise: 2).pixels == [5, 6, 7, 8, 1, 2, 3, 4])
        #expect(c.rotated(quarterTurnsClockwise: -1) == c.rotated(quarterTurnsClockwise: 3))
        #expect(c.rotated(quarterTurnsClockwise: 6) == c.rotated(quarterTurnsClockwise: 2))
    }

    @Test func downscaleAveragesBlocks() {
        var g = GrayImage(width: 4, height: 2)
        g.pixels = [0, 10, 20, 30, 20, 30, 40, 50]
        #expect(g.downscaled(by: 2).pixels == [15, 35])
    }

    @Test func cropClipsToTheImage() {
        let g = GrayImage(width: 10, height: 10, fill: 7)
        let c = g.cropped(to: PixelRect(x: 8, y: -3, width: 5, height: 5))
        #expect(c.width == 2 && c.height == 2)
        #expect(g.cropped(to: PixelRect(x: 20, y: 20, width: 5, height: 5)).isEmpty)
    }
}
