import CaptureCore
import Crypto
import DocumentEngine
import FortfaceWire
import Foundation
import _CryptoExtras

/// The fixed keys, dates and limits the fuzz targets run with. Keys come from fixed bytes, so the
/// committed seeds (licences, device tokens, sealed payloads) stay valid for every run.
enum FuzzFixtures {
    /// "Today" for MRZ dates.
    static let today = MRZDate(year: 2026, month: 1, day: 15)
    /// The verification time of licences and device tokens.
    static let now = Date(timeIntervalSince1970: 1_768_435_200)  // 2026-01-15T00:00:00Z
    /// The decoders' pixel limit: small, so a fuzzed header cannot make each run allocate 256 MB.
    static let maximumPixels = 1 << 20
    /// The session the payloads are sealed for.
    static let sessionID = "ses_fuzz"

    /// A key made from fixed bytes (the SHA-256 of `label`).
    private static func seed(_ label: String) -> Data { Data(SHA256.hash(data: Data(label.utf8))) }

    /// The licence signer, kid `fuzz`.
    static let licenseKey: Curve25519.Signing.PrivateKey = {
        // 32 arbitrary bytes are always a valid Ed25519 private key.
        try! Curve25519.Signing.PrivateKey(rawRepresentation: seed("capkit-fuzz licence key"))
    }()
    static let licenseVerifier = LicenseVerifier(
        keyring: JWSKeyring(["fuzz": licenseKey.publicKey]), product: "blinkid", platform: "linux",
        bundleID: "com.example.fuzz")

    /// The device CA and one certified device.
    static let deviceAuthority = DeviceCertificateAuthority(
        kid: "fuzz-ca", privateKey: try! Curve25519.Signing.PrivateKey(rawRepresentation: seed("capkit-fuzz device CA"))
    )
    static let deviceKey: P256.Signing.PrivateKey = {
        // A SHA-256 output is below the P-256 group order with overwhelming probability; this one is.
        try! P256.Signing.PrivateKey(rawRepresentation: seed("capkit-fuzz device key"))
    }()
    static let deviceTokenVerifier = DeviceTokenVerifier(deviceAuthority: deviceAuthority.keyring)

    /// The RSA session key payloads are sealed to (not `Sendable` in swift-crypto, hence the box).
    static let sessionKey = SessionKeyBox()

    /// `{key, data}` sealed to ``sessionKey`` with `metadataBytes` as the plaintext metadata, exactly
    /// as `PayloadSealer` seals a typed one.
    static func seal(metadataBytes: [UInt8]) throws -> SealedPayload {
        let contentKey = SymmetricKey(size: .bits256)
        let raw = contentKey.withUnsafeBytes { Data($0) }
        let wrapped = try sessionKey.privateKey.publicKey.encrypt(raw, padding: .PKCS1_OAEP_SHA256)
        let data = try AES.GCM.seal(
            Data(metadataBytes), using: contentKey, authenticating: PayloadSealer.dataAAD(sessionId: sessionID))
        guard let combined = data.combined else { throw PayloadError.invalidPayload }
        return SealedPayload(key: wrapped.base64EncodedString(), data: combined.base64EncodedString(), imgData: nil)
    }
}

/// Holds the fuzz targets' RSA session key: `Fuzz/session-key.pem`, a fixed key made for fuzzing
/// only (it guards nothing), so sealed seeds stay valid from run to run.
final class SessionKeyBox: @unchecked Sendable {
    // @unchecked is safe: the key is created once and only read after (swift-crypto's RSA keys are
    // immutable; the type just does not declare Sendable).
    let privateKey: _RSA.Encryption.PrivateKey

    /// `Fuzz/session-key.pem`, found from this source file (the fuzzer runs from the repository).
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // capkit-fuzz
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Fuzz/session-key.pem")

    init() {
        do {
            privateKey = try _RSA.Encryption.PrivateKey(
                pemRepresentation: String(contentsOf: Self.url, encoding: .utf8))
        } catch {
            fatalError("capkit-fuzz: cannot load the fixed RSA key \(Self.url.path): \(error)")
        }
    }
}
