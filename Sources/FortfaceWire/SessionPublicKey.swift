import Crypto
package import Foundation
package import _CryptoExtras

/// A session's single-use public key, as the API sends it: an RSA (≥ 2048 bits) SPKI PEM.
///
/// CRLF line endings are accepted; a PEM whose newlines were escaped to `\n` on the way gives
/// ``SessionKeyError/mangledNewlines`` rather than a vague parse failure.
package struct SessionPublicKey: Sendable {
    /// The PEM exactly as received.
    package let pem: String
    /// The key's SPKI DER (kept as bytes: swift-crypto's RSA key type is not `Sendable`).
    package let derRepresentation: Data
    /// The key's size in bits (at least 2048).
    package let keySizeInBits: Int

    private static let spkiBegin = "-----BEGIN PUBLIC KEY-----"
    private static let spkiEnd = "-----END PUBLIC KEY-----"
    private static let rsaEncryptionOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]

    /// Algorithm identifiers of SPKI keys that are not RSA: id-ecPublicKey, Ed25519, X25519, DSA.
    private static let otherAlgorithmOIDs: [[UInt8]] = [
        [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01],
        [0x06, 0x03, 0x2B, 0x65, 0x70],
        [0x06, 0x03, 0x2B, 0x65, 0x6E],
        [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x38, 0x04, 0x01],
    ]

    package init(pem: String) throws(SessionKeyError) {
        if pem.contains("\\n") || pem.contains("\\r") { throw .mangledNewlines }
        if pem.contains("-----BEGIN RSA PUBLIC KEY-----") { throw .notSubjectPublicKeyInfo }
        let lines = pem.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let begin = lines.firstIndex(of: Self.spkiBegin), let end = lines.lastIndex(of: Self.spkiEnd),
            begin < end, end - begin > 1,
            lines[..<begin].isEmpty, lines[(end + 1)...].isEmpty,
            let der = StrictBase64.decode(lines[(begin + 1)..<end].joined())
        else {
            throw .malformed
        }
        guard der.count < 4096 else { throw .malformed }
        let bytes = [UInt8](der)
        guard Self.contains(Self.rsaEncryptionOID, in: bytes) else {
            if Self.otherAlgorithmOIDs.contains(where: { Self.contains($0, in: bytes) }) { throw .notRSA }
            throw .malformed
        }
        if let key = try? _RSA.Encryption.PublicKey(derRepresentation: der) {
            self.pem = pem
            self.derRepresentation = der
            self.keySizeInBits = key.keySizeInBits
            return
        }
        if let weak = try? _RSA.Encryption.PublicKey(unsafeDERRepresentation: der), weak.keySizeInBits < 2048 {
            throw .tooSmall(bits: weak.keySizeInBits)
        }
        throw .malformed
    }

    private static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// The parsed key, for RSA-OAEP-SHA256 wrapping (the bytes were validated by `init(pem:)`).
    package func publicKey() throws -> _RSA.Encryption.PublicKey {
        try _RSA.Encryption.PublicKey(derRepresentation: derRepresentation)
    }
}
