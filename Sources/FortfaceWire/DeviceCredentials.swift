import CaptureCore
package import Crypto
import Foundation

/// A provisioned device: its P-256 signing key and the certificate the device CA issued for it.
///
/// Stored by the client as a JSON file `{"privateKey": base64 of the 32 raw bytes, "certificate": JWS}`.
package struct DeviceCredentials: Sendable {
    /// The device's signing key (ES256).
    package let signingKey: P256.Signing.PrivateKey
    /// The device certificate (``DeviceCertificate``).
    package let certificate: String

    package init(signingKey: P256.Signing.PrivateKey, certificate: String) {
        self.signingKey = signingKey
        self.certificate = certificate
    }

    /// The device key id: base64url(SHA-256(SPKI DER)).
    package var kid: String { Self.kid(for: signingKey.publicKey) }

    /// The key id of `publicKey`: base64url(SHA-256(SPKI DER)).
    package static func kid(for publicKey: P256.Signing.PublicKey) -> String {
        Base64URL.encode(SHA256.hash(data: publicKey.derRepresentation))
    }
}

extension DeviceCredentials: Codable {
    private enum CodingKeys: String, CodingKey {
        case privateKey, certificate
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let encoded = try container.decode(String.self, forKey: .privateKey)
        guard let raw = StrictBase64.decode(encoded), raw.count == 32 else {
            throw DecodingError.dataCorruptedError(
                forKey: .privateKey, in: container,
                debugDescription: "privateKey must be the standard base64 of 32 raw P-256 key bytes"
            )
        }
        signingKey = try P256.Signing.PrivateKey(rawRepresentation: raw)
        certificate = try container.decode(String.self, forKey: .certificate)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signingKey.rawRepresentation.base64EncodedString(), forKey: .privateKey)
        try container.encode(certificate, forKey: .certificate)
    }
}
