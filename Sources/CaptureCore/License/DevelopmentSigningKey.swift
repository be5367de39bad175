package import Crypto
package import Foundation

/// Reads and writes Ed25519 signing-key files: the 32 raw private-key bytes as unpadded base64url
/// on one line (the format of `keys/dev-2026.ed25519` and of `capkit license keygen`).
///
/// Used by tools and tests to issue licences and sign manifests. The SDK itself never holds a
/// private key.
package enum DevelopmentSigningKey {
    /// Key id of the committed development key.
    package static let kid = LicenseKeyring.developmentKeyID

    /// Why a key file could not be used. Never contains the key.
    package enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// No file at the path (or it could not be read).
        case missing(path: String)
        /// The file is not one line of base64url holding 32 bytes.
        case malformed(path: String)

        package var description: String {
            switch self {
            case let .missing(path):
                return "No signing key could be read at \(path). Pass --key with the key file, or create one "
                    + "with `capkit license keygen`."
            case let .malformed(path):
                return "The file at \(path) is not an Ed25519 signing key (one line of base64url encoding "
                    + "32 bytes)."
            }
        }
    }

    /// Largest key file read: a key is 43 characters plus line ending and stray whitespace.
    private static let maxFileSize = 256

    /// Loads the private key stored at `url`.
    package static func load(from url: URL) throws(LoadError) -> Curve25519.Signing.PrivateKey {
        guard let data = try? Data(contentsOf: url) else { throw .missing(path: url.path) }
        guard data.count <= maxFileSize,
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            let raw = Base64URL.decode(text), raw.count == 32,
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else {
            throw .malformed(path: url.path)
        }
        return key
    }

    /// A fresh random signing key.
    package static func generate() -> Curve25519.Signing.PrivateKey {
        Curve25519.Signing.PrivateKey()
    }

    /// The file contents for `key`: its raw bytes in base64url and a newline.
    package static func fileContents(of key: Curve25519.Signing.PrivateKey) -> String {
        Base64URL.encode(key.rawRepresentation) + "\n"
    }

    /// The raw public key of `key` in base64url (what goes into a keyring).
    package static func publicKeyText(of key: Curve25519.Signing.PrivateKey) -> String {
        Base64URL.encode(key.publicKey.rawRepresentation)
    }
}
