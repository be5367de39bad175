import Crypto
import Foundation
import Testing
import _CryptoExtras

@testable import FortfaceWire

@Suite struct PayloadTests {
    let sessionId = "c2Vzc2lvbi1hLTEyMzQ1Ng"
    let image = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    func sealed(image: Data? = nil, status: PayloadMetadata.Status = .success) throws -> SealedPayload {
        try PayloadSealer.seal(
            metadata: WireFixtures.metadata(sessionId: sessionId, status: status),
            image: status == .success ? (image ?? self.image) : nil, sessionId: sessionId,
            sessionKey: WireFixtures.sessionKey()
        )
    }

    func open(_ payload: SealedPayload, sessionId: String? = nil) throws -> OpenedPayload {
        try PayloadOpener.open(
            payload, sessionId: sessionId ?? self.sessionId, privateKey: WireFixtures.sessionPrivateKey())
    }

    @Test func aCapturePayloadRoundTripsWithItsImageBoundInTheMetadata() throws {
        let payload = try sealed()
        let opened = try open(payload)
        #expect(opened.image == image)
        #expect(opened.metadata.imgBytes == image.count)
        #expect(opened.metadata.imgSha256 == Hex.encode(SHA256.hash(data: image)))
        #expect(Data(base64Encoded: payload.key)?.count == 256)
        #expect(payload.key.count == 344)
    }

    @Test func cancelAndTimeoutPayloadsCarryOnlyKeyAndData() throws {
        for status in [PayloadMetadata.Status.cancelled, .timeout] {
            let payload = try sealed(status: status)
            #expect(payload.imgData == nil)
            let object = try JSONSerialization.jsonObject(with: payload.jsonData()) as? [String: String]
            #expect(object.map { Set($0.keys) } == ["key", "data"])
            let opened = try open(payload)
            #expect(opened.metadata.status == status)
            #expect(opened.image == nil)
        }
        let capture = try JSONSerialization.jsonObject(with: sealed().jsonData()) as? [String: String]
        #expect(capture.map { Set($0.keys) } == ["key", "data", "imgData"])
    }

    @Test func twoSealsOfTheSameCaptureDiffer() throws {
        let first = try sealed()
        let second = try sealed()
        #expect(first.key != second.key)
        #expect(first.data != second.data)
        #expect(first.digest != second.digest)
        #expect(first.digest == first.digest)
    }

    @Test func aPayloadForSessionAOpenedAsSessionBIsInvalid() throws {
        #expect(throws: PayloadError.invalidPayload) { try open(sealed(), sessionId: "c2Vzc2lvbi1iLTEyMzQ1Ng") }
    }

    @Test func aPayloadSealedToAnotherKeyIsInvalid() throws {
        let payload = try PayloadSealer.seal(
            metadata: WireFixtures.metadata(sessionId: sessionId), image: image, sessionId: sessionId,
            sessionKey: SessionPublicKey(pem: WireFixtures.otherSessionPrivateKey().publicKey.pemRepresentation)
        )
        #expect(throws: PayloadError.invalidPayload) { try open(payload) }
    }

    @Test func everyFlippedBitGivesTheSameGenericError() throws {
        let payload = try sealed()
        var variants: [SealedPayload] = []
        for byte in [0, 128, -1] {
            var p = payload
            p.key = WireFixtures.flipBit(in: payload.key, byte: byte)
            variants.append(p)
        }
        // data: in the IV, the ciphertext and the tag; imgData likewise.
        for byte in [0, 11, 12, 40, -1, -16] {
            var p = payload
            p.data = WireFixtures.flipBit(in: payload.data, byte: byte)
            variants.append(p)
            var q = payload
            q.imgData = WireFixtures.flipBit(in: payload.imgData!, byte: byte)
            variants.append(q)
        }
        for variant in variants {
            #expect(throws: PayloadError.invalidPayload) { try open(variant) }
        }
    }

    @Test func swappedOrTransplantedFieldsAreInvalid() throws {
        let payload = try sealed()
        var swapped = payload
        swapped.data = payload.imgData!
        swapped.imgData = payload.data
        #expect(throws: PayloadError.invalidPayload) { try open(swapped) }

        // imgData moved in from another payload for the same session (another payload key).
        var transplanted = payload
        transplanted.imgData = try sealed().imgData
        #expect(throws: PayloadError.invalidPayload) { try open(transplanted) }

        // imgData sealed with the right key but another session's AAD.
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        let forged = try WireFixtures.forge(
            metadataJSON: WireFixtures.json(WireFixtures.metadata(sessionId: sessionId)), image: image,
            sessionId: sessionId, publicKey: WireFixtures.sessionPrivateKey().publicKey, contentKey: key,
            imageAAD: PayloadSealer.imageAAD(sessionId: "another-session")
        )
        #expect(throws: PayloadError.invalidPayload) { try open(forged) }
    }

    @Test func wrongLengthsAreInvalid() throws {
        let payload = try sealed()
        let publicKey = try WireFixtures.sessionPrivateKey().publicKey
        var shortKey = payload
        shortKey.key = Data(Data(base64Encoded: payload.key)!.dropLast()).base64EncodedString()
        var longKey = payload
        longKey.key = (Data(base64Encoded: payload.key)! + Data([0])).base64EncodedString()
        var tinyData = payload
        tinyData.data = Data(count: 28).base64EncodedString()
        var shortIV = payload
        shortIV.data = Data(Data(base64Encoded: payload.data)!.dropFirst(4)).base64EncodedString()
        var shortTag = payload
        shortTag.imgData = Data(Data(base64Encoded: payload.imgData!)!.dropLast(4)).base64EncodedString()
        var variants = [shortKey, longKey, tinyData, shortIV, shortTag]
        for cekLength in [16, 31, 33] {
            variants.append(
                try WireFixtures.forge(
                    metadataJSON: WireFixtures.json(WireFixtures.metadata(sessionId: sessionId)), image: image,
                    sessionId: sessionId, publicKey: publicKey, contentKey: Data(repeating: 7, count: cekLength)
                ))
        }
        for variant in variants {
            #expect(throws: PayloadError.invalidPayload) { try open(variant) }
        }
    }

    @Test func encodingAbuseIsInvalid() throws {
        let payload = try sealed()
        func urlSafe(_ s: String) -> String {
            s.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        var candidates: [SealedPayload] = []
        var p = payload
        p.key = urlSafe(payload.key)
        if p.key != payload.key { candidates.append(p) }
        p = payload
        p.data = payload.data.trimmingCharacters(in: ["="])
        if p.data != payload.data { candidates.append(p) }
        p = payload
        p.data = String(payload.data.prefix(64)) + "\n" + String(payload.data.dropFirst(64))
        candidates.append(p)
        p = payload
        p.imgData = "\u{FF21}" + String(payload.imgData!.dropFirst())  // full-width Latin capital A
        candidates.append(p)
        p = payload
        p.key = " " + payload.key
        candidates.append(p)
        for candidate in candidates {
            #expect(throws: PayloadError.invalidPayload) { try open(candidate) }
        }
        #expect(!candidates.isEmpty)
    }

    @Test func aDowngradedOrForeignMetadataVersionIsInvalid() throws {
        var metadata = WireFixtures.metadata(sessionId: sessionId)
        metadata.v = 2
        metadata.imgBytes = image.count
        metadata.imgSha256 = Hex.encode(SHA256.hash(data: image))
        let forged = try WireFixtures.forge(
            metadataJSON: WireFixtures.json(metadata), image: image, sessionId: sessionId,
            publicKey: WireFixtures.sessionPrivateKey().publicKey
        )
        #expect(throws: PayloadError.invalidPayload) { try open(forged) }
        // Metadata claiming another session, sealed with this session's AAD.
        metadata.v = 1
        metadata.sessionId = "another"
        let moved = try WireFixtures.forge(
            metadataJSON: WireFixtures.json(metadata), image: image, sessionId: sessionId,
            publicKey: WireFixtures.sessionPrivateKey().publicKey
        )
        #expect(throws: PayloadError.invalidPayload) { try open(moved) }
    }

    @Test func anImageOfExactly4MiBIsAcceptedAndOneByteMoreIsTooBig() throws {
        let limit = UploadLimits.maximumFileBytes
        #expect(limit == 4_194_304)
        let exact = Data(repeating: 0xA5, count: limit)
        #expect(try open(sealed(image: exact)).image?.count == limit)

        let over = Data(repeating: 0xA5, count: limit + 1)
        #expect(throws: PayloadError.fileTooBig(bytes: limit + 1)) { try sealed(image: over) }
        // A client that skips the check: the server refuses after opening.
        var metadata = WireFixtures.metadata(sessionId: sessionId)
        metadata.imgBytes = over.count
        metadata.imgSha256 = Hex.encode(SHA256.hash(data: over))
        let forged = try WireFixtures.forge(
            metadataJSON: WireFixtures.json(metadata), image: over, sessionId: sessionId,
            publicKey: WireFixtures.sessionPrivateKey().publicKey
        )
        #expect(throws: PayloadError.fileTooBig(bytes: limit + 1)) { try open(forged) }
    }

    @Test func imageSizeOrDigestDisagreeingWithTheMetadataIsAMismatch() throws {
        let publicKey = try WireFixtures.sessionPrivateKey().publicKey
        var wrongSize = WireFixtures.metadata(sessionId: sessionId)
        wrongSize.imgBytes = image.count + 1
        wrongSize.imgSha256 = Hex.encode(SHA256.hash(data: image))
        var wrongDigest = WireFixtures.metadata(sessionId: sessionId)
        wrongDigest.imgBytes = image.count
        wrongDigest.imgSha256 = Hex.encode(SHA256.hash(data: Data("other".utf8)))
        for metadata in [wrongSize, wrongDigest] {
            let forged = try WireFixtures.forge(
                metadataJSON: WireFixtures.json(metadata), image: image, sessionId: sessionId, publicKey: publicKey
            )
            #expect(throws: PayloadError.imageMismatch) { try open(forged) }
        }
    }

    @Test func imagesMustMatchTheStatus() throws {
        let publicKey = try WireFixtures.sessionPrivateKey().publicKey
        // A cancel carrying an image.
        var cancel = WireFixtures.metadata(sessionId: sessionId, status: .cancelled)
        cancel.imgBytes = image.count
        cancel.imgSha256 = Hex.encode(SHA256.hash(data: image))
        let cancelWithImage = try WireFixtures.forge(
            metadataJSON: WireFixtures.json(cancel), image: image, sessionId: sessionId, publicKey: publicKey
        )
        #expect(throws: PayloadError.unexpectedImage) { try open(cancelWithImage) }
        #expect(throws: PayloadError.unexpectedImage) {
            try PayloadSealer.seal(
                metadata: WireFixtures.metadata(sessionId: sessionId, status: .timeout), image: image,
                sessionId: sessionId, sessionKey: WireFixtures.sessionKey()
            )
        }
        // A success without its image.
        var capture = try sealed()
        capture.imgData = nil
        #expect(throws: PayloadError.missingImage) { try open(capture) }
        #expect(throws: PayloadError.missingImage) {
            try PayloadSealer.seal(
                metadata: WireFixtures.metadata(sessionId: sessionId), image: nil, sessionId: sessionId,
                sessionKey: WireFixtures.sessionKey()
            )
        }
    }

    @Test func sealingRefusesMetadataForAnotherSession() throws {
        #expect(throws: PayloadError.sessionMismatch) {
            try PayloadSealer.seal(
                metadata: WireFixtures.metadata(sessionId: "other"), image: image, sessionId: sessionId,
                sessionKey: WireFixtures.sessionKey()
            )
        }
    }
}
