import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Testing

@testable import DocumentClassification

/// The OCR path: fictitious RG and CNH sides from DocumentSynthesis, clean tier (tesseract is slow,
/// so one frame per side).
@Suite struct BrazilianClassificationTests {
    private func frame(_ side: BrazilianDocumentSide, seed: UInt64) throws -> BrazilianSceneGenerator.Scene {
        let composer = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720)
        return try BrazilianSceneGenerator(composer: composer).scene(side, seed: seed)
    }

    @Test(arguments: [
        (BrazilianDocumentSide.rgFront, UInt64(3), DocumentKind.rg, DocumentSideKind.front),
        (.rgBack, 5, .rg, .back),
        (.cnhFront, 3, .cnh, .front),
        (.cnhBack, 3, .cnh, .back),
    ])
    func printedKeywordsNameTheBrazilianSide(side: BrazilianDocumentSide, seed: UInt64, kind: DocumentKind,
                                             expectedSide: DocumentSideKind) throws {
        let classifier = try MRZClassificationTests.classifier.get()
        let scene = try frame(side, seed: seed)
        let result = try classifier.classify(scene.scene.image)
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
        for seed: UInt64 in [942_568, 950_487] {
            let frame = try EmptySceneComposer(tier: .hard, frameWidth: 960, frameHeight: 540).compose(seed: seed)
            #expect(try classifier.classify(frame).kind == .notFound)
        }
    }

    @Test func aForeignIDCardFrontWithoutMRZIsUnknown() throws {
        let classifier = try MRZClassificationTests.classifier.get()
        let scene = try SceneComposer(tier: .clean, kinds: [.td1Front]).compose(seed: 21)
        let result = try classifier.classify(scene.image)
        #expect(result.kind == .unknown)
        #expect(result.side == nil)
    }
}
