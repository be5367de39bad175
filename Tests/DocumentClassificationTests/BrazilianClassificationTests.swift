import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Testing

@testable import DocumentClassification

/// RG and CNH: the CIN back through its MRZ on a clean-tier scene; the other sides through OCR on
/// cards pasted on a plain desk (one per side: tesseract and debug-built scene composition are slow).
@Suite struct BrazilianClassificationTests {
    private func frame(_ side: BrazilianDocumentSide, seed: UInt64) throws -> BrazilianSceneGenerator.Scene {
        let composer = try SceneComposer(tier: .clean, frameWidth: 640, frameHeight: 360)
        return try BrazilianSceneGenerator(composer: composer).scene(side, seed: seed)
    }

    @Test(arguments: [
        (BrazilianDocumentSide.rgFront, UInt64(3), DocumentKind.rg, DocumentSideKind.front),
        (.rgBack, 5, .rg, .back),
        (.cnhFront, 3, .cnh, .front),
        (.cnhBack, 3, .cnh, .back),
    ])
    func printedKeywordsNameTheBrazilianSide(
        side: BrazilianDocumentSide, seed: UInt64, kind: DocumentKind,
        expectedSide: DocumentSideKind
    ) throws {
        let classifier = try MRZClassificationTests.classifier.get()
        var random = SeededGenerator(seed: seed)
        let identity = BrazilianIdentity.random(using: &random)
        let card = try BrazilianDocumentRenderer(pixelsPerMillimetre: 9)
            .render(side, identity: identity, withMRZ: false, using: &random)
        let frame = CardOnDesk.frame(card: card.image, width: 1000, height: 640, left: 90, top: 70)
        let result = try classifier.classify(frame)
        #expect(result.kind == kind)
        #expect(result.side == expectedSide)
        #expect(result.confidence >= DocumentClassifier.minimumKeywordConfidence)
    }

    @Test func theCINBackIsAnRGBackByItsBrazilianMRZ() throws {
        let classifier = try MRZClassificationTests.classifier.get()
        var seed: UInt64 = 1
        var scene = try frame(.rgBack, seed: seed)
        while !scene.hasMRZ {
            seed += 1
            scene = try frame(.rgBack, seed: seed)
        }
        #expect(scene.scene.truth.mrz?.first?.hasPrefix("IDBRA") == true)
        let result = try classifier.classify(scene.scene.image)
        #expect(result == DocumentClassification(kind: .rg, side: .back, confidence: result.confidence))
        #expect(result.confidence >= 0.95)
    }

    @Test func anEmptyDeskIsNotFoundEvenWhenItsEdgesLookLikeAnOutline() throws {
        let classifier = try MRZClassificationTests.classifier.get()
        for seed: UInt64 in [942_568] {
            let frame = try EmptySceneComposer(tier: .hard, frameWidth: 960, frameHeight: 540).compose(seed: seed)
            #expect(try classifier.classify(frame).kind == .notFound)
        }
    }

    @Test func aForeignIDCardFrontWithoutMRZIsUnknown() throws {
        let classifier = try MRZClassificationTests.classifier.get()
        let scene = try SceneComposer(tier: .clean, frameWidth: 960, frameHeight: 540, kinds: [.td1Front])
            .compose(seed: 21)
        let result = try classifier.classify(scene.image)
        #expect(result.kind == .unknown)
        #expect(result.side == nil)
    }
}
