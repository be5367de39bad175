import CaptureCore
package import Crypto
import Foundation

/// One Ed25519 signing key of the server, with its key id (`kid`).
///
/// On disk a key is a file named `<kid>.ed25519` holding the raw 32-byte private key in unpadded
/// base64url on one line (the format of the development key `keys/dev-2026.ed25519`). Any 32 random
/// bytes make a key:
/// `python3 -c 'import os,base64;print(base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode())'`.
package struct SigningKey: Sendable {
    /// File name extension of key files.
    package static let fileExtension = "ed25519"

    package let kid: String
    package let privateKey: Curve25519.Signing.PrivateKey
    /// Where the key was read from (or written to), for the start-up report; nil when made in memory.
    package let path: String?

    package var publicKey: Curve25519.Signing.PublicKey { privateKey.publicKey }

    /// Whether this is CaptureKit's development key `dev-2026` (by its public key, whatever the kid).
    package var isDevelopmentKey: Bool {
        Array(publicKey.rawRepresentation) == LicenseKeyring.developmentPublicKey
    }

    package init(kid: String, privateKey: Curve25519.Signing.PrivateKey, path: String? = nil) throws(SigningKeyError) {
        guard SigningKey.isValidKeyID(kid) else { throw .invalidKeyID }
        self.kid = kid
        self.privateKey = privateKey
        self.path = path
    }

    /// Key ids are 1 to 64 characters of letters, digits, `.`, `_` and `-`.
    package static func isValidKeyID(_ kid: String) -> Bool {
        !kid.isEmpty && kid.utf8.count <= 64
            && kid.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
    }

    /// Reads a key file; the kid is the file name without `.ed25519`.
    package static func load(path: String) throws(SigningKeyError) -> SigningKey {
        let url = URL(fileURLWithPath: path)
        let kid =
            url.pathExtension == fileExtension ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1024 else {
            throw .unreadable(path: path)
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Base64URL.decode(text) else { throw .malformed(path: path) }
        guard raw.count == 32 else { throw .wrongLength(path: path, count: raw.count) }
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else { throw .malformed(path: path) }
        return try SigningKey(kid: kid, privateKey: key, path: path)
    }

    /// Makes a new key and writes it to `<directory>/<kid>.ed25519`, readable by the owner only.
    package static func generate(kid: String, directory: String) throws(SigningKeyError) -> SigningKey {
        guard isValidKeyID(kid) else { throw .invalidKeyID }
        let key = Curve25519.Signing.PrivateKey()
        let path = (directory as NSString).appendingPathComponent("\(kid).\(fileExtension)")
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let line = Base64URL.encode(key.rawRepresentation) + "\n"
            guard
                FileManager.default.createFile(
                    atPath: path, contents: Data(line.utf8), attributes: [.posixPermissions: 0o600]
                )
            else { throw SigningKeyError.unwritable(path: path) }
        } catch {
            throw .unwritable(path: path)
        }
        return try SigningKey(kid: kid, privateKey: key, path: path)
    }
}

/// Why a signing key could not be used. Messages name the file, never the key.
package enum SigningKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case malformed(path: String)
    case wrongLength(path: String, count: Int)
    case invalidKeyID
    case unwritable(path: String)
    case noKeys
    case duplicateKeyID(String)
    /// Production mode and a key (at `path`, or under the working directory) is the development key.
    case developmentKeyInProduction(path: String)

    package var description: String {
        switch self {
        case let .unreadable(path):
            return "The signing key file \(path) cannot be read; check the path and its permissions."
        case let .malformed(path):
            return "The signing key file \(path) is not one line of unpadded base64url."
        case let .wrongLength(path, count):
            return "The signing key file \(path) holds \(count) bytes; an Ed25519 private key has 32."
        case .invalidKeyID:
            return "A key id must be 1 to 64 letters, digits, '.', '_' or '-'; rename the key file."
        case let .unwritable(path):
            return "A new signing key could not be written to \(path); check the data directory's permissions."
        case .noKeys:
            return "No signing key is configured."
        case let .duplicateKeyID(kid):
            return "Two signing keys have the key id \(kid); give each key file its own name."
        case let .developmentKeyInProduction(path):
            return "Refusing to start in production mode with the development signing key (\(path)): its private "
                + "half is public, so anyone could forge licences and manifests. Create your own key with "
                + "`capkit license keygen --kid <kid> --out <file>` outside the repository and pass it with "
                + "--signing-key or CAPTUREKIT_SIGNING_KEY (see keys/README.md)."
        }
    }
}
