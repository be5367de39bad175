import Crypto
package import Foundation

/// The server's key-encryption key (KEK): an AES-256 key that seals session private keys and retained
/// images at rest (AES-GCM, AAD = what the sealed bytes belong to, so rows cannot be swapped).
///
/// Given as base64 in `CAPTUREKIT_FORTFACE_KEK`, or read from (created on first start in)
/// `<data-dir>/fortface-kek` with mode 0600. Instances sharing PostgreSQL must share the KEK.
package struct KeyEncryptionKey: Sendable {
    private let key: SymmetricKey
    /// Where the key is (nil when it came from the environment or a test).
    package let path: String?
    /// Whether this start created the key file.
    package let wasCreated: Bool

    /// A KEK from its 32 raw bytes.
    package init(rawKey: Data) throws(KeyEncryptionKeyError) {
        guard rawKey.count == 32 else { throw .wrongLength(rawKey.count) }
        self.key = SymmetricKey(data: rawKey)
        self.path = nil
        self.wasCreated = false
    }

    private init(key: SymmetricKey, path: String, wasCreated: Bool) {
        self.key = key
        self.path = path
        self.wasCreated = wasCreated
    }

    /// A KEK from base64 text (the environment variable).
    package init(base64: String) throws(KeyEncryptionKeyError) {
        guard let raw = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw .notBase64
        }
        try self.init(rawKey: raw)
    }

    /// Reads the key file, or creates it with a new random key.
    package static func loadOrCreate(path: String) throws(KeyEncryptionKeyError) -> KeyEncryptionKey {
        if let data = FileManager.default.contents(atPath: path) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let raw = Data(base64Encoded: text), raw.count == 32 else { throw .unreadable(path: path) }
            return KeyEncryptionKey(key: SymmetricKey(data: raw), path: path, wasCreated: false)
        }
        let key = SymmetricKey(size: .bits256)
        let text = key.withUnsafeBytes { Data($0).base64EncodedString() } + "\n"
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]
            )
        else { throw .unwritable(path: path) }
        return KeyEncryptionKey(key: key, path: path, wasCreated: true)
    }

    /// Seals `plaintext` bound to `context` (`iv ‖ ciphertext ‖ tag`).
    package func seal(_ plaintext: Data, context: String) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: key, authenticating: Data(context.utf8)).combined else {
            throw KeyEncryptionKeyError.sealingFailed
        }
        return combined
    }

    /// Opens bytes sealed with ``seal(_:context:)`` for the same `context`.
    package func open(_ sealed: Data, context: String) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key, authenticating: Data(context.utf8))
    }
}

/// Why the key-encryption key could not be set up or used.
package enum KeyEncryptionKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    case notBase64
    case wrongLength(Int)
    case unreadable(path: String)
    case unwritable(path: String)
    case sealingFailed

    package var description: String {
        switch self {
        case .notBase64: return "CAPTUREKIT_FORTFACE_KEK is not base64; give 32 random bytes in base64."
        case let .wrongLength(n): return "The key-encryption key has \(n) bytes; it must have 32."
        case let .unreadable(path):
            return "The key-encryption key file \(path) does not hold 32 bytes in base64; restore it from backup."
        case let .unwritable(path):
            return "The key-encryption key file \(path) cannot be written; check the data directory's permissions."
        case .sealingFailed: return "Sealing under the key-encryption key failed."
        }
    }
}
