import CaptureCore
import DocumentEngine
import DocumentSynthesis
import Testing

@testable import DocumentClassification

/// The MRZ path: passports, ID cards and visas rendered by DocumentSynthesis on the clean tier.
@Suite struct MRZClassificationTests {
    static let classifier = Result { () throws(DocumentClassifierError) -> DocumentClassifier in
        try DocumentClassifier(today: { MRZDate(year: 2026, month: 11, day: 22) })
    }

    private func scene(_ kind: DocumentLayout.Kind, seed: UInt64) throws -> SyntheticScene {
        try SceneComposer(tier: .clean, frameWidth: 640, frameHeight: 360, kinds: [kind]).compose(seed: seed)
    }

    @Test(arguments: [
        (DocumentLayout.Kind.td3, DocumentKind.passport, DocumentSideKind.front),
        (.td1Back, .idCard, .back),
        (.td2, .idCard, .front),
        (.mrvA, .visa, .front),
        (.mrvB, .visa, .front),
    ])
    func aReadableMRZDecidesKindAndSide(
        layout: DocumentLayout.Kind, kind: DocumentKind, side: DocumentSideKind
    )
        throws
    {
        let classifier = try Self.classifier.get()
        // A seed whose identity is not issued by Brazil (a Brazilian TD1 card is an RG).
        var seed: UInt64 = 101
        var scene = try scene(layout, seed: seed)
        while scene.document.identity.issuingState == "BRA" {
            seed += 1
            scene = try self.scene(layout, seed: seed)
        }
        let result = try classifier.classify(scene.image)
        #expect(result.kind == kind)
        #expect(result.side == side)
        #expect(result.confidence >= 0.95)
    }

    @Test func aPlainBackgroundWithoutADocumentIsNotFound() throws {
        let classifier = try Self.classifier.get()
        var image = RGBAImage(width: 640, height: 480, fill: RGBA(r: 120, g: 90, b: 60))
        for y in 0..<image.height {
            for x in 0..<image.width where (x * 7 + y * 13) % 29 == 0 {
                image.blend(x: x, y: y, colour: RGBA(r: 140, g: 100, b: 70, a: 255))
            }
        }
        let result = try classifier.classify(image)
        #expect(result.kind == .notFound)
        #expect(result.side == nil)
    }

    @Test func tinyAndBlankPicturesAreNotFoundWithoutCrashing() throws {
        let classifier = try Self.classifier.get()
        for image in [
            RGBAImage(width: 1, height: 1), RGBAImage(width: 0, height: 0),
            RGBAImage(width: 800, height: 600, fill: RGBA(r: 255, g: 255, b: 255)),
            RGBAImage(width: 800, height: 600, fill: RGBA(r: 0, g: 0, b: 0)),
        ] {
            #expect(try classifier.classify(image).kind == .notFound)
        }
    }

    @Test func aPixelBufferThatDoesNotMatchItsSizeIsATypedError() throws {
        let classifier = try Self.classifier.get()
        var image = RGBAImage(width: 100, height: 100)
        image.pixels.removeLast(7)
        #expect(throws: DocumentClassifierError.malformedImage(width: 100, height: 100, byteCount: 39_993)) {
            try classifier.classify(image)
        }
    }
}
