import Crypto
import FortfaceWire
import Foundation
import Testing
import _CryptoExtras

@testable import Fortface

/// The session key PEM as the SDK receives it (security.md §4 item 26).
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct SessionKeyTests {
    private func run(sessionKey: String) async throws -> SessionEngineResult {
        let handle = FortfaceManagerSession.start(
            engine: RecordingEngine(), request: try FortfaceFixtures.request(sessionKey: sessionKey),
            orientationManager: nil, configuration: FortfaceFixtures.configuration())
        return await handle.result
    }

    private func refusal(_ sessionKey: String) async throws -> SessionDetailsModel {
        let result = try await run(sessionKey: sessionKey)
        #expect(result.action == .error)
        #expect(result.data == nil)
        return try FortfaceFixtures.details(result)
    }

    @Test func theKeyAsReceivedIsUsedAndTheGuidesMockShapeParses() async throws {
        let result = try await run(sessionKey: try FortfaceFixtures.sessionKeyPEM())
        #expect(result.action == .capture)
    }

    @Test func crlfLineEndingsAreAccepted() async throws {
        let crlf = try FortfaceFixtures.sessionKeyPEM().replacingOccurrences(of: "\n", with: "\r\n")
        let result = try await run(sessionKey: crlf)
        #expect(result.action == .capture)
        #expect(try FortfaceFixtures.open(result).metadata.status == .success)
    }

    @Test func newlinesEscapedToBackslashNAreRefusedWithAClearReason() async throws {
        let mangled = try FortfaceFixtures.sessionKeyPEM().replacingOccurrences(of: "\n", with: "\\n")
        let details = try await refusal(mangled)
        #expect(details.error == .invalidSessionKey)
        #expect(details.reason == "mangledNewlines")
        #expect(details.message.contains("exactly as the API sent it"))
        // The JSON the app receives, as documented.
        let result = try await run(sessionKey: mangled)
        let object = try JSONSerialization.jsonObject(with: try #require(result.sessionDetails)) as? [String: String]
        #expect(object?["error"] == "invalidSessionKey")
        #expect(object?["reason"] == "mangledNewlines")
    }

    @Test func aPKCS1KeyIsRefusedTheAPISendsSPKI() async throws {
        let spki = try FortfaceFixtures.sessionPrivateKey().publicKey
        let pkcs1 = try _RSA.Encryption.PublicKey(derRepresentation: spki.pkcs1DERRepresentation)
        let pem =
            "-----BEGIN RSA PUBLIC KEY-----\n"
            + pkcs1.pkcs1DERRepresentation.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END RSA PUBLIC KEY-----\n"
        let details = try await refusal(pem)
        #expect(details.reason == "notSubjectPublicKeyInfo")
    }

    @Test func a1024BitKeyIsRefused() async throws {
        let weak = try _RSA.Encryption.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
        let details = try await refusal(weak.publicKey.pemRepresentation)
        #expect(details.reason == "tooSmall")
    }

    @Test func anECKeyIsRefused() async throws {
        let details = try await refusal(P256.KeyAgreement.PrivateKey().publicKey.pemRepresentation)
        #expect(details.reason == "notRSA")
    }

    @Test func garbageAndATruncatedKeyAreMalformed() async throws {
        #expect(try await refusal("not a key").reason == "malformed")
        let pem = try FortfaceFixtures.sessionKeyPEM()
        #expect(try await refusal(String(pem.prefix(pem.count / 2))).reason == "malformed")
    }
}
