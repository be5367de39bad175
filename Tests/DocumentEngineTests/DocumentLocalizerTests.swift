import CaptureCore
import DocumentSynthesis
import Foundation
import Testing

@testable import DocumentEngine

@Suite struct DocumentLocalizerTests {
    /// A TD1 back seen frontally at 10 px/mm with its upper-left corner at (100, 50): the anchor a
    /// perfectly read MRZ gives, and the document's true outline.
    static let layout = DocumentLayout.of(.td1Back)
    static func frame(_ x: Double, _ y: Double) -> Point2D { Point2D(x: 100 + 10 * x, y: 50 + 10 * y) }
    static var anchor: DocumentAnchor {
        let pitch = DocumentLayout.mrzPitch
        let startX = layout.mrzLeftMargin + pitch / 2, endX = startX + Double(layout.mrzLineLength - 1) * pitch
        let firstY = layout.height - layout.mrzLineCentresFromBottom[0], lastY = layout.height - layout.mrzLineCentresFromBottom[2]
        return DocumentAnchor(firstLineStart: frame(startX, firstY), firstLineEnd: frame(endX, firstY),
                              lastLineStart: frame(startX, lastY), lastLineEnd: frame(endX, lastY),
                              down: Point2D(x: 0, y: 1), pixelsPerMillimetre: 10, layout: layout)
    }
    static func outline(top: Double = 0, bottom: Double = layout.height, right: Double = layout.width) -> Quadrilateral2D {
        Quadrilateral2D(corners: [frame(0, top), frame(right, top), frame(right, bottom), frame(0, bottom)])
    }

    @Test func theTrueOutlinePutsTheMRZWhereTheLayoutHasIt() {
        #expect(Self.anchor.layoutAgreement(of: Self.outline(), bottom: 2) > 0.99)
    }

    @Test func aShadowTakenForTheBottomOrRightEdgeMovesTheMRZAndAgreesLess() {
        let anchor = Self.anchor
        let truth = anchor.layoutAgreement(of: Self.outline(), bottom: 2)
        let shadowBelow = anchor.layoutAgreement(of: Self.outline(bottom: Self.layout.height + 3), bottom: 2)
        let shadowRight = anchor.layoutAgreement(of: Self.outline(right: Self.layout.width + 3), bottom: 2)
        #expect(shadowBelow < 0.75 * truth)
        #expect(shadowRight < 0.9 * truth)
    }

    @Test func aHeaderBandTakenForTheTopEdgeAgreesLessThanTheTrueTop() {
        let anchor = Self.anchor
        #expect(anchor.layoutAgreement(of: Self.outline(top: 9), bottom: 2) < anchor.layoutAgreement(of: Self.outline(), bottom: 2))
    }

    @Test func withoutALayoutEveryOutlineAgrees() {
        var anchor = Self.anchor
        anchor.layout = nil
        #expect(anchor.layoutAgreement(of: Self.outline(bottom: 70), bottom: 2) == 1)
    }

    @Test func anAnchorIsInsideItsDocumentAndNotInsideTheMRZBandAlone() {
        #expect(Self.anchor.isInside(Self.outline()))
        #expect(!Self.anchor.isInside(Self.outline(top: 45)))
    }

    /// Generated clean frames (the seeds of `capkit eval`'s clean-000005, -000034 and -000081) whose
    /// card casts a shadow along its bottom or right edge: before the layout agreement, the outline
    /// took the shadow's edge.
    @Test(arguments: [UInt64(12), 41, 88])
    func theOutlineOfACardWithAShadowIsTheCardNotTheShadow(seed: UInt64) throws {
        let scene = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720).compose(seed: seed)
        let weights = try #require(DocumentEngineInfo.bundledResourcesFolder?.appendingPathComponent("mrz-ocrb.bin"))
        let scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: Data(contentsOf: weights)))
        let gray = scene.image.grayscale()
        let analysis = scanner.analyze(gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
                                       today: MRZDate(year: 2026, month: 11, day: 22))
        let quad = try #require(analysis.documentQuad)
        let diagonal = (1280.0 * 1280 + 720 * 720).squareRoot()
        #expect(quad.maxCornerDistance(to: scene.truth.corners) / diagonal <= 0.02)
        #expect(analysis.mrz?.allChecksPassed == true)
    }
}
