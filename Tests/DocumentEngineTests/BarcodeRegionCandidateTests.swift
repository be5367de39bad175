import CaptureCore
import Foundation
import Testing

@testable import DocumentEngine

/// ``BarcodeRegionFinder/candidates(in:within:limit:)`` and ``PDF417PatternEvidence`` on small
/// drawn frames: a symbol beside textures of parallel edges that outweigh it.
@Suite struct BarcodeRegionCandidateTests {
    /// A PDF417 symbol drawn at `scale` pixels per module with rows three modules high (the
    /// writer's matrix has rows four pixels high: one of each four is sampled).
    private func symbol(scale: Int) throws -> GrayImage {
        let payload = Array("@\n\u{1E}\rANSI 636000100002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN".utf8)
        let matrix = try PDF417Encoder(margin: 0, errorCorrectionLevel: 3).encode(bytes: payload)
        let rows = matrix.height / 4
        var image = GrayImage(width: matrix.width * scale, height: rows * 3 * scale, fill: 255)
        for y in 0..<image.height {
            let row = y / (3 * scale)
            for x in 0..<image.width { image[x, y] = matrix[x / scale, row * 4 + 1] }
        }
        return image
    }

    /// A 720 x 400 frame: a guilloche of thin curved lines over the whole background, a block of
    /// heavy horizontal stripes (ruled paper, text lines) larger than the symbol, and the symbol.
    private func frame(symbol: GrayImage, at origin: (x: Int, y: Int)) -> GrayImage {
        var frame = GrayImage(width: 720, height: 400, fill: 215)
        // Guilloche: rosette curves, one pixel wide, printed light (a card's security background).
        for k in 0..<24 {
            let phase = Double(k) * Double.pi / 12
            for step in 0..<6000 {
                let t = Double(step) * 2 * Double.pi / 6000
                let r = 150 + 40 * sin(7 * t + phase)
                let x = Int(360 + r * cos(t) * 1.9), y = Int(200 + r * sin(t))
                if x >= 0, y >= 0, x < frame.width, y < frame.height { frame[x, y] = 180 }
            }
        }
        // Stripes: 3 px dark lines every 7 px over 300 x 130 pixels.
        for y in 250..<380 where y % 7 < 3 {
            for x in 380..<680 { frame[x, y] = 30 }
        }
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { frame[origin.x + x, origin.y + y] = symbol[x, y] }
        }
        return frame
    }

    @Test func theSymbolRanksBeforeStripesAndGuillocheWithMoreEdgeEnergy() throws {
        let drawn = try symbol(scale: 2)
        let origin = (x: 30, y: 40)
        let image = frame(symbol: drawn, at: origin)
        let truth = Quadrilateral2D(
            x: Double(origin.x), y: Double(origin.y), width: Double(drawn.width), height: Double(drawn.height))
        let candidates = BarcodeRegionFinder().candidates(in: image, limit: 4)
        try #require(candidates.count >= 2)
        // The first candidate lies on the symbol, with its start and stop patterns seen.
        let first = candidates[0]
        let centre = first.quad.centroid, box = truth.boundingRect
        #expect(Double(box.x) < centre.x && centre.x < Double(box.x + box.width))
        #expect(Double(box.y) < centre.y && centre.y < Double(box.y + box.height))
        #expect(first.patternEvidence >= BarcodeRegionFinder.minimumEvidence)
        // The stripes are found too, without pattern evidence, and outweigh the symbol in edge
        // energy: a ranking by energy alone would have put them first.
        let stripes = try #require(candidates.first { $0.quad.centroid.x > 380 && $0.quad.centroid.y > 250 })
        #expect(stripes.patternEvidence < BarcodeRegionFinder.minimumEvidence)
        #expect(stripes.energy > first.energy)
        // find(in:) is the first candidate.
        #expect(BarcodeRegionFinder().find(in: image) == first)
    }

    @Test func patternEvidenceCountsStartAndStopOnEveryScanlineInBothDirections() throws {
        let symbol = try symbol(scale: 2)
        // The symbol with a quiet zone of five modules, as printed.
        var drawn = GrayImage(width: symbol.width + 20, height: symbol.height + 20, fill: 235)
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { drawn[x + 10, y + 10] = symbol[x, y] }
        }
        let whole = Quadrilateral2D(x: 0, y: 10, width: Double(drawn.width), height: Double(symbol.height))
        let evidence = PDF417PatternEvidence()
        let upright = evidence.score(drawn, quad: whole)
        let turned = evidence.score(drawn.rotated(quarterTurnsClockwise: 2), quad: whole)
        // Start and stop on (nearly) every one of the 16 scanlines, read in either direction.
        #expect(upright >= 28 && turned >= 28)
        // Stripes and a flat area give none.
        var stripes = GrayImage(width: 300, height: 100, fill: 230)
        for y in 0..<100 where y % 7 < 3 {
            for x in 0..<300 { stripes[x, y] = 30 }
        }
        let area = Quadrilateral2D(x: 0, y: 0, width: 300, height: 100)
        #expect(evidence.score(stripes, quad: area) == 0)
        #expect(evidence.score(GrayImage(width: 300, height: 100, fill: 128), quad: area) == 0)
    }
}
