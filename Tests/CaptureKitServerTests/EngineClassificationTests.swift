import CaptureCore
import CaptureKitTesting
import DocumentClassification
import DocumentEngine
import DocumentSynthesis
import FortfaceWire
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CaptureKitServer

@Suite(.timeLimit(.minutes(1)))
struct EngineClassificationTests {
    @Test(arguments: [
        (DocumentKind.passport, DocumentSideKind?.some(.front), DocumentTypeName.passport),
        (.rg, .front, .rgFront), (.rg, .back, .rgBack), (.cnh, .front, .cnhFront), (.cnh, .back, .cnhBack),
        (.rg, nil, .undefined), (.idCard, .back, .undefined), (.visa, .front, .undefined),
        (.unknown, nil, .undefined), (.notFound, nil, .documentNotFound),
    ])
    func engineKindsMapToTheGuidesNames(kind: DocumentKind, side: DocumentSideKind?, expected: DocumentTypeName) {
        let answer = EngineDocumentClassifier.answer(
            for: DocumentClassification(kind: kind, side: side, confidence: 0.9))
        #expect(answer.type == expected)
        #expect(answer.confidence == 0.9)
    }

    @Test func aSyntheticPassportUploadIsAnsweredPassportByTheRealEngine() async throws {
        let fixture = try ServerFixture(sessionKeyProvider: PregeneratedSessionKeys.provider(limit: 2))
        defer { fixture.remove() }
        var seed: UInt64 = 7
        var scene = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720, kinds: [.td3]).compose(
            seed: seed)
        while scene.document.identity.issuingState == "BRA" {
            seed += 1
            scene = try SceneComposer(tier: .clean, frameWidth: 1280, frameHeight: 720, kinds: [.td3]).compose(
                seed: seed)
        }
        let jpeg = try ImageCodec.encodeJPEG(scene.image, quality: 92)
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let session = try await fortface.session(now: fixture.clock.now)
            let response = try await fortface.submit(
                "/v1/documents", sessionId: session.sessionId,
                payload: try fortface.capture(session, image: jpeg, mode: .camera)
            )
            #expect(response.status == .ok)
            let answer = try fortface.api.decode(DocumentAnswer.self, response)
            #expect(answer.providers.fortfaceSdk.type == "PASSPORT")
            #expect(answer.providers.fortfaceSdk.confidence >= 0.9)
        }
    }
}
