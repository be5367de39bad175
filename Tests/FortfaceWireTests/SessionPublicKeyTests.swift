import Crypto
import Foundation
import Testing
import _CryptoExtras

@testable import FortfaceWire

@Suite struct SessionPublicKeyTests {
    @Test func anRSA2048SPKIPemIsAcceptedAndKeptExactly() throws {
        let pem = try WireFixtures.sessionPrivateKey().publicKey.pemRepresentation
        let key = try SessionPublicKey(pem: pem)
        #expect(key.pem == pem)
        #expect(key.keySizeInBits == 2048)
    }

    @Test func crlfLineEndingsAndATrailingNewlineAreAccepted() throws {
        let pem = try WireFixtures.sessionPrivateKey().publicKey.pemRepresentation
        let crlf = pem.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        #expect(try SessionPublicKey(pem: crlf).derRepresentation == SessionPublicKey(pem: pem).derRepresentation)
    }

    @Test func newlinesEscapedToBackslashNGiveMangledNewlines() throws {
        let pem = try WireFixtures.sessionPrivateKey().publicKey.pemRepresentation
        let escaped = pem.replacingOccurrences(of: "\n", with: "\\n")
        #expect(throws: SessionKeyError.mangledNewlines) { try SessionPublicKey(pem: escaped) }
    }

    @Test func garbageTruncatedOrFlattenedPemIsMalformed() throws {
        let pem = try WireFixtures.sessionPrivateKey().publicKey.pemRepresentation
        let lines = pem.split(separator: "\n")
        let truncated = lines.dropLast(3).joined(separator: "\n") + "\n" + lines.last! + "\n"
        let flattened = pem.replacingOccurrences(of: "\n", with: "")
        for candidate in [
            "", "hello", truncated, flattened, String(pem.dropLast(30)),
            "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n",
        ] {
            #expect(throws: SessionKeyError.malformed) { try SessionPublicKey(pem: candidate) }
        }
    }

    @Test func ecKeysAreNotRSA() {
        #expect(throws: SessionKeyError.notRSA) {
            try SessionPublicKey(pem: P256.Signing.PrivateKey().publicKey.pemRepresentation)
        }
        #expect(throws: SessionKeyError.notRSA) {
            try SessionPublicKey(pem: P384.Signing.PrivateKey().publicKey.pemRepresentation)
        }
    }

    @Test func a1024BitKeyIsTooSmall() throws {
        let weak = try _RSA.Encryption.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
        #expect(throws: SessionKeyError.tooSmall(bits: 1024)) {
            try SessionPublicKey(pem: weak.publicKey.pemRepresentation)
        }
    }

    @Test func pkcs1RSAPublicKeyIsRefusedBecauseTheAPISendsSPKI() throws {
        let pkcs1 = try WireFixtures.sessionPrivateKey().publicKey.pkcs1PEMRepresentation
        #expect(throws: SessionKeyError.notSubjectPublicKeyInfo) { try SessionPublicKey(pem: pkcs1) }
    }
}
