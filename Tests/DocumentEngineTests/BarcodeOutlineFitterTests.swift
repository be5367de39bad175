import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine

/// ``BarcodeOutlineFitter``: the outline of a drawn, slightly turned symbol, and the selection it
/// takes its core density from.
@Suite struct BarcodeOutlineFitterTests {
    /// A 560 x 200 cut-out: a PDF417 symbol at 2 pixels per module, rows three modules high, turned
    /// by `degrees` about the image centre and drawn dark on light gray (nearest sample); and its
    /// true corners (upper left, upper right, lower right, lower left).
    private func cutOut(degrees: Double) throws -> (image: GrayImage, corners: [Point2D]) {
        let payload = Array("@\n\u{1E}\rANSI 636000100002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN".utf8)
        let matrix = try PDF417Encoder(margin: 0, errorCorrectionLevel: 3).encode(bytes: payload)
        let scale = 2.0
        let symbolWidth = Double(matrix.width) * scale, symbolHeight = Double(matrix.height / 4 * 3) * scale
        var image = GrayImage(width: 560, height: 200, fill: 220)
        let centre = Point2D(x: 280, y: 100)
        let angle = degrees * Double.pi / 180
        let (c, s) = (cos(angle), sin(angle))
        // Symbol coordinates (origin at its upper left) to image coordinates, and back.
        func toImage(_ p: Point2D) -> Point2D {
            let u = p.x - symbolWidth / 2, v = p.y - symbolHeight / 2
            return Point2D(x: centre.x + c * u - s * v, y: centre.y + s * u + c * v)
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let u = c * dx + s * dy + symbolWidth / 2, v = -s * dx + c * dy + symbolHeight / 2
                guard u >= 0, v >= 0, u < symbolWidth, v < symbolHeight else { continue }
                let column = Int(u / scale), row = Int(v / scale) / 3
                if matrix[column, row * 4 + 1] < 128 { image[x, y] = 30 }
            }
        }
        let corners = [
            Point2D(x: 0, y: 0), Point2D(x: symbolWidth, y: 0), Point2D(x: symbolWidth, y: symbolHeight),
            Point2D(x: 0, y: symbolHeight),
        ].map(toImage)
        return (image, corners)
    }

    /// The fitted sides lie along the symbol's: the top and bottom within 3 px, turned as the
    /// symbol is; the ends inside the symbol by at most 12% of its width (the box smoothing loses
    /// the quiet zone's side of the start pattern's wide bar and the stop pattern, which is why the
    /// reader grows the outline before cutting it out, ``PDF417Reader``).
    @Test(arguments: [0.0, 2.5, -4.0])
    func fitsTheSidesOfATurnedSymbol(degrees: Double) throws {
        let (image, truth) = try cutOut(degrees: degrees)
        let fitted = try #require(BarcodeOutlineFitter.fit(image)).corners
        let along = truth[1] - truth[0], width = truth[0].distance(to: truth[1])
        let unit = along * (1 / width), normal = Point2D(x: -unit.y, y: unit.x)
        // Each corner in the symbol's own axes: u along the rows from its upper left, v across.
        func axes(_ p: Point2D) -> (u: Double, v: Double) {
            let d = p - truth[0]
            return (d.x * unit.x + d.y * unit.y, d.x * normal.x + d.y * normal.y)
        }
        let height = truth[0].distance(to: truth[3])
        let expected: [(u: Double, v: Double)] = [(0, 0), (width, 0), (width, height), (0, height)]
        for (index, corner) in fitted.enumerated() {
            let (u, v) = axes(corner)
            #expect(
                abs(v - expected[index].v) <= 3,
                "corner \(index) off its side by \(v - expected[index].v) px at \(degrees)°")
            let inward = index == 0 || index == 3 ? u : width - u
            #expect(
                inward >= -3 && inward <= 0.12 * width, "corner \(index) \(inward) px inside the end at \(degrees)°")
        }
        let fittedAngle = atan2(fitted[1].y - fitted[0].y, fitted[1].x - fitted[0].x) * 180 / Double.pi
        #expect(abs(fittedAngle - degrees) < 1)
    }

    @Test func findsNoOutlineInAFlatImage() {
        #expect(BarcodeOutlineFitter.fit(GrayImage(width: 400, height: 120, fill: 200)) == nil)
    }

    @Test func selectionGivesTheSortedElementAtEveryRank() {
        var random = SplitMix64(seed: 41)
        for count in [1, 2, 3, 7, 64, 501] {
            // Few distinct values, so that ties are common, as densities of a binary edge map are.
            let values = (0..<count).map { _ in Float(Int.random(in: 0..<9, using: &random)) / 8 }
            let sorted = values.sorted()
            for rank in Set([0, count / 2, Int(0.8 * Double(count - 1)), count - 1]) {
                var copy = values
                #expect(
                    BarcodeOutlineFitter.selectElement(&copy, rank: rank) == sorted[rank], "rank \(rank) of \(count)")
            }
        }
        var random2 = SplitMix64(seed: 7)
        let spread = (0..<1000).map { _ in Float.random(in: 0..<1, using: &random2) }
        var copy = spread
        #expect(BarcodeOutlineFitter.selectElement(&copy, rank: 799) == spread.sorted()[799])
    }
}
