import CaptureCore
package import Crypto
package import FortfaceWire
import Foundation

/// Loads or creates the Fortface device CA key (Ed25519) in `<data-dir>/fortface-device-ca.key`
/// (base64 of the 32 raw bytes, mode 0600). Its key id is derived from the public key.
package enum DeviceAuthorityKey {
    /// Reads the key file, or creates it with a new key.
    package static func loadOrCreate(path: String) throws(DeviceAuthorityKeyError) -> DeviceCertificateAuthority {
        let key: Curve25519.Signing.PrivateKey
        if let data = FileManager.default.contents(atPath: path) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let raw = Data(base64Encoded: text), raw.count == 32,
                let loaded = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
            else {
                throw .unreadable(path: path)
            }
            key = loaded
        } else {
            key = Curve25519.Signing.PrivateKey()
            let text = key.rawRepresentation.base64EncodedString() + "\n"
            guard
                FileManager.default.createFile(
                    atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]
                )
            else { throw .unwritable(path: path) }
        }
        return DeviceCertificateAuthority(kid: kid(for: key.publicKey), privateKey: key)
    }

    /// `fortface-ca-` and the first 16 hex digits of the public key's SHA-256.
    package static func kid(for publicKey: Curve25519.Signing.PublicKey) -> String {
        "fortface-ca-" + String(Hex.encode(SHA256.hash(data: publicKey.rawRepresentation)).prefix(16))
    }
}

/// Why the device CA key could not be set up.
package enum DeviceAuthorityKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case unwritable(path: String)

    package var description: String {
        switch self {
        case let .unreadable(path):
            return "The device CA key file \(path) does not hold an Ed25519 key in base64; restore it or delete it "
                + "(devices must then be provisioned again)."
        case let .unwritable(path):
            return "The device CA key file \(path) cannot be written; check the data directory's permissions."
        }
    }
}
