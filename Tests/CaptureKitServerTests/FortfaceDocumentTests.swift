import CaptureCore
import CaptureKitTesting
import Crypto
import FortfaceWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import Testing
import _CryptoExtras

@testable import CaptureKitServer

@Suite(.timeLimit(.minutes(1)))
struct FortfaceDocumentTests {
    /// Runs `body` with a fixture, a provisioned customer and a filled key pool.
    func withFortface(
        configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (ServerFixture, FortfaceClient) async throws -> Void
    ) async throws {
        let fixture = try ServerFixture.fortface(configure: configure)
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            try await body(fixture, try await FortfaceClient.make(client))
        }
    }

    /// Asserts the session is still open with its key: the refusal changed nothing.
    func expectUntouched(_ fixture: ServerFixture, _ sessionId: String, captures: Int = 0) async throws {
        let stored = try #require(try await fixture.session(sessionId))
        #expect(stored.state == .open)
        #expect(stored.sealedPrivateKey != nil)
        #expect(stored.payloadDigest == nil)
        #expect(fixture.environment.metrics.sessionsFinished(outcome: "capture") == captures)
    }

    @Test func aCaptureIsAnsweredInTheGuidesShapeAndConsumesTheSessionAndWipesItsKey() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let payload = try fortface.capture(session, image: try MarkerClassifier.image(.cnhFront), mode: .camera)
            let response = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
            #expect(response.status == .ok)
            let answer = try fortface.api.decode(DocumentAnswer.self, response)
            #expect(answer.providers.fortfaceSdk.type == "CNH_FRONT")
            #expect(answer.providers.fortfaceSdk.automatic)
            #expect(answer.providers.fortfaceSdk.confidence == 0.87)
            #expect(answer.providers.identify.status == "PENDING")
            #expect(answer.providers.ocr == .init(status: "PENDING", type: "ocr"))
            #expect(answer.handshake.sessionId == session.sessionId)
            #expect(answer.handshake.sessionKey == session.sessionKey)
            #expect(answer.sdk.platform == "LINUX")
            #expect(answer.api.version == "v1")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(Set(object.keys) == ["api", "documentId", "handshake", "message", "providers", "sdk", "title"])

            let stored = try #require(try await fixture.session(session.sessionId))
            #expect(stored.state == .consumed)
            #expect(stored.sealedPrivateKey == nil)
            #expect(stored.payloadDigest == payload.digest)
            #expect(
                try await fixture.environment.store.fortfaceDocument(id: answer.documentId)?.documentType == "CNH_FRONT"
            )
            // Images are not kept by default.
            #expect(try await fixture.environment.store.fortfaceSealedImage(sessionID: session.sessionId) == nil)
            #expect(fixture.environment.metrics.sessionsFinished(outcome: "capture") == 1)
        }
    }

    @Test func theSamePayloadAgainGetsTheSameAnswerAndAnotherPayloadIsRefused() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let image = try MarkerClassifier.image(.rgFront)
            let payload = try fortface.capture(session, image: image)
            let first = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
            fixture.clock.advance(seconds: 5)
            let again = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
            #expect(first.status == .ok)
            #expect(again.status == .ok)
            #expect(Data(buffer: again.body) == Data(buffer: first.body))
            let other = try fortface.capture(session, image: image)
            let reused = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: other)
            #expect(reused.status == .conflict)
            #expect(try fortface.errorCode(reused) == "sessionKeyAlreadyUsed")
            let stored = try #require(try await fixture.session(session.sessionId))
            #expect(stored.payloadDigest == payload.digest)
            #expect(stored.result == Data(buffer: first.body))
            #expect(fixture.environment.metrics.sessionsFinished(outcome: "capture") == 1)
        }
    }

    @Test func twoDifferentPayloadsRacingOnOneSessionExactlyOneWins() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let image = try MarkerClassifier.image(.rgFront)
            let payloads = try (0..<4).map { _ in try fortface.capture(session, image: image) }
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for payload in payloads {
                    group.addTask {
                        try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
                            .status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == 3)
            #expect(fixture.environment.metrics.sessionsFinished(outcome: "capture") == 1)
        }
    }

    @Test func handshakesAreAnsweredWhileClassificationsAreStillRunning() async throws {
        // Seven classifications held at once, more than the threads async work runs on (one per core on
        // machines of up to 7 cores, CI has 2): were they run inline, every such thread would wait
        // inside `classify` and the handshake below could never be answered.
        let gate = GatedClassifier()
        let fixture = try ServerFixture(
            sessionKeyProvider: PregeneratedSessionKeys.provider(), classifier: gate
        )
        defer { fixture.remove() }
        // The gate never opens by itself. Were the handshake below stuck behind the held calls, the
        // suite's time limit would cancel this test: the gate then opens, the calls finish first and
        // the expectations fail, rather than leaving threads blocked.
        try await withTaskCancellationHandler {
            try await fixture.application().test(.router) { client in
                await fixture.fillKeyPool()
                let fortface = try await FortfaceClient.make(client)
                let running = PregeneratedSessionKeys.count - 1
                var sessions: [HandshakeResponse] = []
                for _ in 0..<running { sessions.append(try await fortface.session(now: fixture.clock.now)) }
                let image = try MarkerClassifier.image(.passport)
                let payloads = try sessions.map { try fortface.capture($0, image: image) }
                try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for (session, payload) in zip(sessions, payloads) {
                        group.addTask {
                            try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
                                .status
                        }
                    }
                    // A failed expectation that throws still lets the held calls (and the group) finish.
                    defer { gate.open() }
                    try await gate.firstEntered.wait()

                    let answered = try await fortface.handshake(try fortface.token(now: fixture.clock.now))
                    #expect(answered.status == .created)
                    #expect(gate.finished == 0)

                    gate.open()
                    let statuses = try await group.reduce(into: []) { $0.append($1) }
                    #expect(statuses == Array(repeating: .ok, count: running))
                }
                #expect(gate.finished == running)
            }
        } onCancel: {
            gate.open()
        }
    }

    @Test func payloadsForAnotherSessionOrKeyAndTamperedPayloadsGetOneGenericError() async throws {
        try await withFortface { fixture, fortface in
            let a = try await fortface.session(now: fixture.clock.now)
            let b = try await fortface.session(now: fixture.clock.now)
            let image = try MarkerClassifier.image(.rgFront)
            let forA = try fortface.capture(a, image: image)
            // A key of the attacker's own: never one the pool could hand to a session (the pool now
            // fills with every pregenerated key, so the last of them may be b's own).
            let attackerKey = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
            let toAttackerKey = try PayloadSealer.seal(
                metadata: FortfaceClient.metadata(
                    b.sessionId, status: .success, side: .front, expectedType: nil, mode: .upload),
                image: image, sessionId: b.sessionId,
                sessionKey: SessionPublicKey(pem: attackerKey.publicKey.pemRepresentation)
            )
            func flip(_ base64: String, _ index: Int) -> String {
                var bytes = [UInt8](Data(base64Encoded: base64)!)
                bytes[index >= 0 ? index : bytes.count + index] ^= 0x80
                return Data(bytes).base64EncodedString()
            }
            let base = try fortface.capture(b, image: image)
            var variants = [forA, toAttackerKey]
            for (field, index) in [
                ("key", 3), ("data", 0), ("data", 20), ("data", -1), ("imgData", 5), ("imgData", -3),
            ] {
                var p = base
                switch field {
                case "key": p.key = flip(p.key, index)
                case "data": p.data = flip(p.data, index)
                default: p.imgData = flip(p.imgData!, index)
                }
                variants.append(p)
            }
            var swapped = base
            swapped.data = base.imgData!
            swapped.imgData = base.data
            variants.append(swapped)
            var urlSafe = base
            urlSafe.data = base.data.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            if urlSafe.data != base.data { variants.append(urlSafe) }
            var wrapped = base
            wrapped.key = String(base.key.prefix(76)) + "\n" + String(base.key.dropFirst(76))
            variants.append(wrapped)

            var bodies: Set<Data> = []
            for variant in variants {
                let response = try await fortface.submit("/v1/documents", sessionId: b.sessionId, payload: variant)
                #expect(response.status == .badRequest)
                bodies.insert(Data(buffer: response.body))
            }
            #expect(bodies.count == 1)
            try await expectUntouched(fixture, a.sessionId)
            try await expectUntouched(fixture, b.sessionId)
        }
    }

    @Test func extraFieldsDowngradeHintsAndNullImagesAreRefusedBeforeAnyCryptography() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let payload = try fortface.capture(session, image: try MarkerClassifier.image(.rgFront))
            let fields = #""sessionId":"\#(session.sessionId)","key":"\#(payload.key)","data":"\#(payload.data)""#
            for extra in [#","alg":"RSA1_5""#, #","enc":"A128CBC-HS256""#, #","zip":"DEF""#, #","v":2"#] {
                let body = "{" + fields + #","imgData":"\#(payload.imgData!)""# + extra + "}"
                let response = try await fortface.post("/v1/documents", body: Data(body.utf8))
                #expect(response.status == .badRequest)
                #expect(try fortface.errorCode(response) == "invalidJSON")
            }
            let missing = try await fortface.post(
                "/v1/documents", body: Data(#"{"sessionId":"\#(session.sessionId)"}"#.utf8))
            #expect(missing.status == .badRequest)
            let nullImage = try await fortface.post(
                "/v1/documents", body: Data(("{" + fields + #","imgData":null}"#).utf8))
            #expect(nullImage.status == .unprocessableContent)
            #expect(try fortface.errorCode(nullImage) == "missingImage")
            try await expectUntouched(fixture, session.sessionId)
        }
    }

    @Test func anExpiredSessionIsRefusedAndItsKeyShredded() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let payload = try fortface.capture(session, image: try MarkerClassifier.image(.rgFront))
            fixture.clock.advance(seconds: 900)
            let response = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
            #expect(response.status == .gone)
            #expect(try fortface.errorCode(response) == "sessionExpired")
            let stored = try #require(try await fixture.session(session.sessionId))
            #expect(stored.state == .expired)
            #expect(stored.sealedPrivateKey == nil)
            #expect(fixture.environment.metrics.sessionsFinished(outcome: "capture") == 0)
        }
    }

    @Test func unknownSessionsAndOtherTenantsSessionsLookTheSame() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let payload = try fortface.capture(session, image: try MarkerClassifier.image(.rgFront))
            let other = try await FortfaceClient.make(fortface.client, appID: "com.other.app")
            let body = try JSONEncoder().encode(SubmissionRequest(sessionId: session.sessionId, payload: payload))
            let foreign = try await fortface.post("/v1/documents", body: body, apiKey: other.apiKey)
            let unknown = try await fortface.submit(
                "/v1/documents", sessionId: "AAAAAAAAAAAAAAAAAAAAAA", payload: payload)
            #expect(foreign.status == .notFound)
            #expect(Data(buffer: foreign.body) == Data(buffer: unknown.body))
            try await expectUntouched(fixture, session.sessionId)
        }
    }

    @Test func anImageOfExactly4MiBIsAcceptedAndLargerBodiesOrImagesAreRefused() async throws {
        try await withFortface { fixture, fortface in
            let limit = UploadLimits.maximumFileBytes
            let exact = padPNG(try MarkerClassifier.image(.passport), to: limit)
            #expect(exact.count == limit)
            let accepted = try await fortface.session(now: fixture.clock.now)
            let ok = try await fortface.submit(
                "/v1/documents", sessionId: accepted.sessionId, payload: try fortface.capture(accepted, image: exact)
            )
            #expect(ok.status == .ok)
            #expect(try fortface.api.decode(DocumentAnswer.self, ok).providers.fortfaceSdk.type == "PASSPORT")

            // One byte more, sealed by a client that skips the check.
            let session = try await fortface.session(now: fixture.clock.now)
            let over = padPNG(try MarkerClassifier.image(.passport), to: limit + 1)
            var metadata = FortfaceClient.metadata(
                session.sessionId, status: .success, side: .front, expectedType: nil, mode: .upload)
            metadata.imgBytes = over.count
            metadata.imgSha256 = Hex.encode(SHA256.hash(data: over))
            let forged = try ForgedPayload.seal(metadata: metadata, image: over, session: session)
            let tooBig = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: forged)
            #expect(tooBig.status == .contentTooLarge)
            #expect(try fortface.errorCode(tooBig) == "fileSizeTooBig")

            // A size or digest that disagrees with the image.
            metadata.imgBytes = 12
            let mismatch = try await fortface.submit(
                "/v1/documents", sessionId: session.sessionId,
                payload: try ForgedPayload.seal(
                    metadata: metadata, image: try MarkerClassifier.image(.rgFront), session: session)
            )
            #expect(mismatch.status == .unprocessableContent)
            #expect(try fortface.errorCode(mismatch) == "imageMismatch")

            // A body over 6 MiB is refused before it is read.
            let huge = Data(repeating: UInt8(ascii: "A"), count: 6 * 1024 * 1024 + 1)
            let oversized = try await fortface.post("/v1/documents", body: huge)
            #expect(oversized.status == .contentTooLarge)
            try await expectUntouched(fixture, session.sessionId, captures: 1)
        }
    }

    @Test func corruptImagesAreFileCorruptedAndAnImageWithoutADocumentIsDocNotFound() async throws {
        try await withFortface { fixture, fortface in
            let jpeg = try ImageCodec.encodeJPEG(RGBAImage(width: 64, height: 64, fill: RGBA(r: 3, g: 3, b: 3)))
            let corrupt: [Data] = [
                Data(), jpeg.prefix(jpeg.count / 2), Data("GIF89a not an image we take".utf8),
                pngDeclaring(width: 60_000, height: 60_000), Data("%PDF-1.7 truncated".utf8),
            ]
            let session = try await fortface.session(now: fixture.clock.now)
            for image in corrupt {
                let response = try await fortface.submit(
                    "/v1/documents", sessionId: session.sessionId, payload: try fortface.capture(session, image: image)
                )
                #expect(response.status == .unprocessableContent)
                #expect(try fortface.errorCode(response) == "fileCorrupted")
            }
            try await expectUntouched(fixture, session.sessionId)
            let empty = try await fortface.submit(
                "/v1/documents", sessionId: session.sessionId,
                payload: try fortface.capture(session, image: try MarkerClassifier.image(.documentNotFound))
            )
            #expect(empty.status == .ok)
            let answer = try fortface.api.decode(DocumentAnswer.self, empty)
            #expect(answer.providers.fortfaceSdk.type == "DOC_NOT_FOUND")
            #expect(!answer.message.isEmpty)
        }
    }

    @Test func theSecondSideMustFollowAMatchingFirstSideOnce() async throws {
        try await withFortface { fixture, fortface in
            let now = fixture.clock.now
            let back = try MarkerClassifier.image(.rgBack)
            // Side 2 before side 1.
            let early = try await fortface.session(now: now)
            let response = try await fortface.submit(
                "/v1/documents", sessionId: early.sessionId,
                payload: try fortface.capture(early, image: back, side: .back, expectedType: "RG_FRONT")
            )
            #expect(response.status == .conflict)
            #expect(try fortface.errorCode(response) == "frontSideRequired")
            try await expectUntouched(fixture, early.sessionId)

            // Side 1.
            let first = try await fortface.session(now: now)
            let front = try await fortface.submit(
                "/v1/documents", sessionId: first.sessionId,
                payload: try fortface.capture(first, image: try MarkerClassifier.image(.rgFront))
            )
            let documentId = try fortface.api.decode(DocumentAnswer.self, front).documentId

            // Wrong expected type, then a back side of another document type: refused, session untouched.
            let second = try await fortface.session(now: now)
            let wrongExpected = try await fortface.submit(
                "/v1/documents", sessionId: second.sessionId,
                payload: try fortface.capture(second, image: back, side: .back, expectedType: "CNH_FRONT"),
                documentId: documentId
            )
            #expect(try fortface.errorCode(wrongExpected) == "documentTypeMismatch")
            let wrongBack = try await fortface.submit(
                "/v1/documents", sessionId: second.sessionId,
                payload: try fortface.capture(
                    second, image: try MarkerClassifier.image(.cnhBack), side: .back, expectedType: "RG_FRONT"),
                documentId: documentId
            )
            #expect(wrongBack.status == .conflict)
            #expect(try fortface.errorCode(wrongBack) == "documentTypeMismatch")
            // Another tenant's document id looks like an unknown one.
            let other = try await FortfaceClient.make(fortface.client, appID: "com.other.app")
            let otherSession = try await other.session(now: now)
            let foreign = try await other.submit(
                "/v1/documents", sessionId: otherSession.sessionId,
                payload: try other.capture(otherSession, image: back, side: .back, expectedType: "RG_FRONT"),
                documentId: documentId
            )
            #expect(foreign.status == .notFound)
            #expect(try other.errorCode(foreign) == "documentNotFound")
            try await expectUntouched(fixture, second.sessionId, captures: 1)
            try await expectUntouched(fixture, otherSession.sessionId, captures: 1)

            // The right back side completes the document.
            let completed = try await fortface.submit(
                "/v1/documents", sessionId: second.sessionId,
                payload: try fortface.capture(second, image: back, side: .back, expectedType: "RG_FRONT"),
                documentId: documentId
            )
            #expect(completed.status == .ok)
            #expect(try fortface.api.decode(DocumentAnswer.self, completed).documentId == documentId)
            #expect(
                try await fixture.environment.store.fortfaceDocument(id: documentId)?.backSessionID == second.sessionId)

            // The back side again, on a fresh session: refused, that session stays open.
            let third = try await fortface.session(now: now)
            let twice = try await fortface.submit(
                "/v1/documents", sessionId: third.sessionId,
                payload: try fortface.capture(third, image: back, side: .back, expectedType: "RG_FRONT"),
                documentId: documentId
            )
            #expect(twice.status == .conflict)
            #expect(try fortface.errorCode(twice) == "documentAlreadyComplete")
            let stored = try #require(try await fixture.session(third.sessionId))
            #expect(stored.state == .open)
        }
    }

    @Test func cancelAndTimeoutGoToMetricsConsumeTheSessionAndShowInRates() async throws {
        try await withFortface { fixture, fortface in
            let now = fixture.clock.now
            let cancelled = try await fortface.session(now: now)
            let timedOut = try await fortface.session(now: now)
            let captured = try await fortface.session(now: now)
            let cancel = try fortface.ending(cancelled, status: .cancelled)
            #expect(
                try await fortface.submit("/v1/metrics", sessionId: cancelled.sessionId, payload: cancel).status == .ok)
            #expect(
                try await fortface.submit(
                    "/v1/metrics", sessionId: timedOut.sessionId,
                    payload: try fortface.ending(timedOut, status: .timeout)
                ).status == .ok)
            #expect(
                try await fortface.submit(
                    "/v1/documents", sessionId: captured.sessionId,
                    payload: try fortface.capture(captured, image: try MarkerClassifier.image(.passport))
                ).status == .ok)
            #expect(try await fixture.session(cancelled.sessionId)?.state == .consumed)
            #expect(try await fixture.session(cancelled.sessionId)?.sealedPrivateKey == nil)
            // The same cancel again is idempotent; a capture on the cancelled session is refused.
            #expect(
                try await fortface.submit("/v1/metrics", sessionId: cancelled.sessionId, payload: cancel).status == .ok)
            let late = try await fortface.submit(
                "/v1/documents", sessionId: cancelled.sessionId,
                payload: try fortface.capture(cancelled, image: try MarkerClassifier.image(.passport))
            )
            #expect(late.status == .conflict)

            let text = String(buffer: try await fortface.client.execute(uri: "/metrics", method: .get).body)
            #expect(text.contains(#"capturekit_fortface_sessions_finished_total{outcome="cancel"} 1"#))
            #expect(text.contains(#"capturekit_fortface_sessions_finished_total{outcome="timeout"} 1"#))
            #expect(text.contains(#"capturekit_fortface_sessions_finished_total{outcome="capture"} 1"#))
            #expect(text.contains(#"capturekit_fortface_session_outcome_ratio{outcome="cancel"} 0.333"#))
        }
    }

    @Test func metricsRefuseCapturesAndCancelsCarryingAnImage() async throws {
        try await withFortface { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let capture = try fortface.capture(session, image: try MarkerClassifier.image(.passport))
            let wrong = try await fortface.submit("/v1/metrics", sessionId: session.sessionId, payload: capture)
            #expect(wrong.status == .unprocessableContent)
            #expect(try fortface.errorCode(wrong) == "wrongRoute")
            let cancel = try fortface.ending(session, status: .cancelled)
            let toDocuments = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: cancel)
            #expect(try fortface.errorCode(toDocuments) == "wrongRoute")
            var withImage = cancel
            withImage.imgData = capture.imgData
            let carrying = try await fortface.submit("/v1/metrics", sessionId: session.sessionId, payload: withImage)
            #expect(carrying.status == .badRequest)
            try await expectUntouched(fixture, session.sessionId)
            #expect(fixture.environment.metrics.sessionsFinished(outcome: "cancel") == 0)
        }
    }

    @Test func retainedImagesAreSealedUnderTheKEK() async throws {
        let retainImages: (inout ServerConfiguration) -> Void = { $0.fortfaceImageRetentionSeconds = 3600 }
        try await withFortface(configure: retainImages) { fixture, fortface in
            let session = try await fortface.session(now: fixture.clock.now)
            let image = try MarkerClassifier.image(.rgFront)
            #expect(
                try await fortface.submit(
                    "/v1/documents", sessionId: session.sessionId, payload: try fortface.capture(session, image: image)
                ).status == .ok)
            let sealed = try #require(
                try await fixture.environment.store.fortfaceSealedImage(sessionID: session.sessionId))
            #expect(sealed.range(of: image) == nil)
            #expect(
                try fixture.environment.fortface.kek.open(sealed, context: "fortface/v1/image/" + session.sessionId)
                    == image)
        }
    }
}

/// Seals payloads the SDK's sealer refuses to make (oversized or inconsistent metadata).
enum ForgedPayload {
    static func seal(metadata: PayloadMetadata, image: Data, session: HandshakeResponse) throws -> SealedPayload {
        let publicKey = try _RSA.Encryption.PublicKey(pemRepresentation: session.sessionKey)
        let key = SymmetricKey(size: .bits256)
        let wrapped = try key.withUnsafeBytes { try publicKey.encrypt(Data($0), padding: .PKCS1_OAEP_SHA256) }
        let data = try AES.GCM.seal(
            try JSONEncoder().encode(metadata), using: key,
            authenticating: PayloadSealer.dataAAD(sessionId: session.sessionId)
        )
        let img = try AES.GCM.seal(
            image, using: key, authenticating: PayloadSealer.imageAAD(sessionId: session.sessionId))
        return SealedPayload(
            key: wrapped.base64EncodedString(), data: data.combined!.base64EncodedString(),
            imgData: img.combined!.base64EncodedString()
        )
    }
}

/// A classifier that holds every call until ``open()``, counting the calls that entered and finished.
/// ``firstEntered`` opens when the first call arrives, so a test awaits it instead of polling. It never
/// opens by itself: the test decides when the calls may finish.
final class GatedClassifier: DocumentClassifying, @unchecked Sendable {
    // @unchecked is safe: the counters and `isOpen` are only touched while `condition` is locked.
    private let condition = NSCondition()
    private var isOpen = false
    private var enteredCount = 0
    private var finishedCount = 0
    /// Opens when the first call has entered `classify`.
    let firstEntered = AsyncGate()

    var entered: Int { condition.withLock { enteredCount } }
    var finished: Int { condition.withLock { finishedCount } }

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    func classify(_ image: RGBAImage) throws -> DocumentClassificationAnswer {
        condition.withLock { enteredCount += 1 }
        firstEntered.open()
        condition.withLock {
            while !isOpen { condition.wait() }
            finishedCount += 1
        }
        return DocumentClassificationAnswer(type: .passport, confidence: 0.9)
    }
}
