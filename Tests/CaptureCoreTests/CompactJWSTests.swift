import Crypto
import Foundation
import Testing

@testable import CaptureCore

@Suite struct CompactJWSTests {
    let key = Curve25519.Signing.PrivateKey()
    struct Claims: Codable, Equatable { var sub: String; var n: Int }

    func keyring() -> JWSKeyring { JWSKeyring(["k1": key.publicKey]) }

    @Test func base64URLRoundTripsEveryLength() {
        for n in 0..<40 {
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == bytes)
        }
    }

    @Test func base64URLRefusesPaddingStandardAlphabetAndNonCanonicalText() {
        #expect(Base64URL.decode("QQ==") == nil)
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("QQ Q") == nil)
        #expect(Base64URL.decode("Q") == nil)  // length 1 mod 4
        #expect(Base64URL.decode("QR") == nil)  // trailing bits set: "QQ" is the canonical form
        #expect(Base64URL.decode("QQ") == [0x41])
    }

    @Test func aSignedTokenVerifiesAndDecodes() throws {
        let token = try CompactJWS.sign(Claims(sub: "a", n: 3), typ: "test+jwt", kid: "k1", key: key)
        let jws = try keyring().verify(token, expectedType: "test+jwt")
        #expect(try jws.decodePayload(as: Claims.self) == Claims(sub: "a", n: 3))
        #expect(jws.header.alg == "EdDSA")
    }

    @Test func aTamperedPayloadFailsTheSignature() throws {
        let token = try CompactJWS.sign(Claims(sub: "a", n: 3), typ: "test+jwt", kid: "k1", key: key)
        let parts = token.split(separator: ".").map(String.init)
        let forged = parts[0] + "." + Base64URL.encode(Array(#"{"n":4,"sub":"a"}"#.utf8)) + "." + parts[2]
        #expect(throws: JWSError.badSignature) { try keyring().verify(forged, expectedType: "test+jwt") }
    }

    @Test func anotherKeyAnUnknownKidAndTheWrongTypeAreRefused() throws {
        let rogue = Curve25519.Signing.PrivateKey()
        let forged = try CompactJWS.sign(Claims(sub: "a", n: 1), typ: "test+jwt", kid: "k1", key: rogue)
        #expect(throws: JWSError.badSignature) { try keyring().verify(forged, expectedType: "test+jwt") }
        let unknown = try CompactJWS.sign(Claims(sub: "a", n: 1), typ: "test+jwt", kid: "k9", key: key)
        #expect(throws: JWSError.unknownKey("k9")) { try keyring().verify(unknown, expectedType: "test+jwt") }
        let other = try CompactJWS.sign(Claims(sub: "a", n: 1), typ: "other+jwt", kid: "k1", key: key)
        #expect(throws: JWSError.wrongType("other+jwt", expected: "test+jwt")) {
            try keyring().verify(other, expectedType: "test+jwt")
        }
    }

    @Test func algNoneAndHMACHeadersAreRefusedBeforeAnyCryptography() throws {
        let payload = Base64URL.encode(Array(#"{"n":1,"sub":"a"}"#.utf8))
        for alg in ["none", "HS256", "ES256"] {
            let header = Base64URL.encode(Array(#"{"alg":"\#(alg)","kid":"k1","typ":"test+jwt"}"#.utf8))
            let token = header + "." + payload + "." + Base64URL.encode([UInt8](repeating: 0, count: 64))
            #expect(throws: JWSError.unsupportedAlgorithm(alg)) {
                try keyring().verify(token, expectedType: "test+jwt")
            }
        }
    }

    @Test func malformedTokensGiveTypedErrors() {
        for token in ["", "a.b", "a.b.c.d", "....", "QQ.QQ.QQ", String(repeating: "A", count: 20_000)] {
            #expect(throws: JWSError.self) { try CompactJWS.parse(token) }
        }
    }
}
