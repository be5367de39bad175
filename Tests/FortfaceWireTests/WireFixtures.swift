import CaptureCore
import Crypto
import Foundation
import _CryptoExtras

@testable import FortfaceWire

/// Keys generated once per test process (never committed) and helpers that build tokens and payloads,
/// including deliberately broken ones the production sealer refuses to make.
enum WireFixtures {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let app = "com.example.bank"

    static let authority = DeviceCertificateAuthority(kid: "device-ca-1", privateKey: .init())
    static let otherAuthority = DeviceCertificateAuthority(kid: "device-ca-1", privateKey: .init())

    /// Two RSA-2048 session keys (about 0.1 s each in a debug build), generated on first use.
    static let sessionPrivateKeyDER: Data = rsaKeyDER()
    static let otherSessionPrivateKeyDER: Data = rsaKeyDER()

    private static func rsaKeyDER() -> Data {
        // A generation failure would be a broken crypto library: the test using it then fails loudly.
        (try? _RSA.Encryption.PrivateKey(keySize: .bits2048).derRepresentation) ?? Data()
    }

    static func sessionPrivateKey() throws -> _RSA.Encryption.PrivateKey {
        try _RSA.Encryption.PrivateKey(derRepresentation: sessionPrivateKeyDER)
    }

    static func otherSessionPrivateKey() throws -> _RSA.Encryption.PrivateKey {
        try _RSA.Encryption.PrivateKey(derRepresentation: otherSessionPrivateKeyDER)
    }

    static func sessionKey() throws -> SessionPublicKey {
        try SessionPublicKey(pem: sessionPrivateKey().publicKey.pemRepresentation)
    }

    static func credentials(
        app: String = app, issuedAt: Date = now.addingTimeInterval(-3600), validity: TimeInterval = 86_400,
        authority: DeviceCertificateAuthority = authority
    ) throws -> DeviceCredentials {
        let key = P256.Signing.PrivateKey()
        let certificate = try DeviceCertificate.issue(
            devicePublicKey: key.publicKey, app: app, issuedAt: issuedAt, validity: validity, authority: authority
        )
        return DeviceCredentials(signingKey: key, certificate: certificate)
    }

    static func claims(
        credentials: DeviceCredentials, at date: Date = now, app: String = app, dbg: Bool = false,
        env: String = "sandbox"
    ) -> DeviceTokenClaims {
        DeviceTokenClaims.fresh(
            now: date, app: app, sdk: "1.9.0", plat: "linux-sim", os: "Linux 6.1", model: "x86_64", dbg: dbg,
            env: env, sig: IntegritySignals(), att: DeviceAttestation(certificate: credentials.certificate)
        )
    }

    static var verifier: DeviceTokenVerifier { DeviceTokenVerifier(deviceAuthority: authority.keyring) }

    /// A token with an arbitrary header and claims JSON, signed ES256 by `key` (for tampering tests).
    static func signedToken(
        headerJSON: String, claimsJSON: some Sequence<UInt8>, key: P256.Signing.PrivateKey
    ) throws -> String {
        let input = Base64URL.encode(Array(headerJSON.utf8)) + "." + Base64URL.encode(claimsJSON)
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    static func claimsJSON(_ claims: DeviceTokenClaims) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(claims)
    }

    static func metadata(
        sessionId: String, status: PayloadMetadata.Status = .success, side: PayloadMetadata.Side? = .front
    ) -> PayloadMetadata {
        PayloadMetadata(
            sessionId: sessionId, status: status, side: status == .success ? side : nil,
            documentType: status == .success ? "RG_FRONT" : nil, expectedType: nil, mode: .upload,
            mime: status == .success ? "image/jpeg" : nil, sdk: "1.9.0",
            device: .init(brand: "LINUX", model: "X86_64", platform: "LINUX"), location: nil,
            timings: .init(startedAt: 1_790_000_000_000, capturedAt: status == .success ? 1_790_000_004_000 : nil),
            attempts: 1
        )
    }

    /// Seals without any of `PayloadSealer`'s checks: arbitrary metadata bytes, image and payload key.
    static func forge(
        metadataJSON: Data, image: Data?, sessionId: String, publicKey: _RSA.Encryption.PublicKey,
        contentKey: Data = Data((0..<32).map { _ in UInt8.random(in: 0...255) }),
        dataAAD: Data? = nil, imageAAD: Data? = nil
    ) throws -> SealedPayload {
        let key = SymmetricKey(data: contentKey.count == 32 ? contentKey : Data(repeating: 7, count: 32))
        let wrapped = try publicKey.encrypt(contentKey, padding: .PKCS1_OAEP_SHA256)
        let data = try AES.GCM.seal(
            metadataJSON, using: key, authenticating: dataAAD ?? PayloadSealer.dataAAD(sessionId: sessionId)
        )
        let img = try image.map {
            try AES.GCM.seal($0, using: key, authenticating: imageAAD ?? PayloadSealer.imageAAD(sessionId: sessionId))
        }
        return SealedPayload(
            key: wrapped.base64EncodedString(), data: data.combined!.base64EncodedString(),
            imgData: img?.combined!.base64EncodedString()
        )
    }

    static func json(_ metadata: PayloadMetadata) throws -> Data {
        try JSONEncoder().encode(metadata)
    }

    /// `base64` with one bit flipped in decoded byte `index` (negative: from the end).
    static func flipBit(in base64: String, byte index: Int) -> String {
        var bytes = [UInt8](Data(base64Encoded: base64)!)
        let position = index >= 0 ? index : bytes.count + index
        bytes[position] ^= 0x01
        return Data(bytes).base64EncodedString()
    }
}
