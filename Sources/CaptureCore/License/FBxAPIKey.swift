import Crypto
import Foundation

/// An FBx-style API key: `fbx_live_` or `fbx_test_`, then 32 random bytes in base64url (43 characters),
/// then a 4-character checksum (`notes/security.md` §3.5).
///
/// The checksum is the base64url of the first 3 bytes of SHA-256 over everything before it (prefix and
/// random part), so a typo fails offline with ``FBxAPIKeyError`` before any network call. The key ships
/// inside apps, so it identifies rather than protects; the server stores only ``sha256Hex``.
///
/// ```swift
/// let key = FBxAPIKey.generate(mode: .live)
/// let parsed = try FBxAPIKey(parsing: key.rawValue)   // same key
/// ```
///
/// `description` is redacted: printing a key never reveals it.
package struct FBxAPIKey: Sendable, Hashable, CustomStringConvertible {
    /// Whether the key is for production (`live`) or for development (`test`).
    package enum Mode: String, Sendable, Codable, CaseIterable {
        case live
        case test

        /// The textual prefix of keys of this mode.
        package var prefix: String { "fbx_\(rawValue)_" }
    }

    /// Number of random bytes in a key.
    package static let secretByteCount = 32
    /// Length of the base64url random part.
    package static let secretTextLength = 43
    /// Length of the checksum.
    package static let checksumLength = 4
    /// Total length of a key (both prefixes have the same length).
    package static let length = 9 + secretTextLength + checksumLength

    /// The key's mode.
    package let mode: Mode
    /// The full key text. Secret-ish: never log it.
    package let rawValue: String

    private init(mode: Mode, rawValue: String) {
        self.mode = mode
        self.rawValue = rawValue
    }

    /// Creates a new key from 32 random bytes (the system's secure generator unless `randomBytes` is given,
    /// which must return exactly 32 bytes).
    package static func generate(mode: Mode, randomBytes: [UInt8]? = nil) -> FBxAPIKey {
        var bytes = randomBytes ?? []
        if bytes.count != secretByteCount {
            var generator = SystemRandomNumberGenerator()
            bytes = (0..<secretByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
        let body = mode.prefix + Base64URL.encode(bytes)
        return FBxAPIKey(mode: mode, rawValue: body + checksum(of: body))
    }

    /// Parses and checks a key offline: prefix, length, alphabet and checksum.
    /// - Throws: ``FBxAPIKeyError`` saying which check failed (never echoing the key).
    package init(parsing text: String) throws(FBxAPIKeyError) {
        guard !text.isEmpty else { throw .empty }
        let utf8 = Array(text.utf8)
        guard utf8.count <= 4 * FBxAPIKey.length else { throw .wrongLength(utf8.count) }
        guard let mode = Mode.allCases.first(where: { text.hasPrefix($0.prefix) }) else { throw .unknownPrefix }
        guard utf8.count == FBxAPIKey.length else { throw .wrongLength(utf8.count) }
        let secretEnd = 9 + FBxAPIKey.secretTextLength
        guard let secret = Base64URL.decode(utf8[9..<secretEnd]), secret.count == FBxAPIKey.secretByteCount else {
            throw .notBase64URL
        }
        let body = String(decoding: utf8[..<secretEnd], as: UTF8.self)
        let expected = Array(FBxAPIKey.checksum(of: body).utf8)
        guard FBxAPIKey.constantTimeEquals(expected, Array(utf8[secretEnd...])) else { throw .checksumMismatch }
        self.init(mode: mode, rawValue: text)
    }

    /// The checksum of a key body (prefix plus random part): base64url of the first 3 bytes of its SHA-256.
    package static func checksum(of body: String) -> String {
        let digest = SHA256.hash(data: Array(body.utf8))
        return Base64URL.encode(Array(digest.prefix(3)))
    }

    /// Lowercase hex SHA-256 of the key text: the only form the server stores and looks keys up by.
    package var sha256Hex: String { FBxAPIKey.sha256Hex(of: rawValue) }

    /// Lowercase hex SHA-256 of any text (used for keys and tokens).
    package static func sha256Hex(of text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Compares two byte strings in time that depends only on their lengths.
    package static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices {
            difference |= lhs[index] ^ rhs[index]
        }
        return difference == 0
    }

    /// A redacted form (`fbx_live_…`), safe for logs.
    package var description: String { mode.prefix + "…" }
}

/// Why a text is not a well-formed FBx API key. Messages never contain the key.
package enum FBxAPIKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case unknownPrefix
    case wrongLength(Int)
    case notBase64URL
    case checksumMismatch

    package var description: String {
        switch self {
        case .empty:
            return "The API key is empty; copy the key from the vendor console."
        case .unknownPrefix:
            return "The API key does not start with fbx_live_ or fbx_test_; check that the whole key was copied."
        case let .wrongLength(count):
            return "The API key has \(count) characters, not \(FBxAPIKey.length); check that it was copied whole."
        case .notBase64URL:
            return "The API key contains characters outside base64url; check for spaces or line breaks."
        case .checksumMismatch:
            return "The API key's checksum does not match: it contains a typo; copy it again."
        }
    }
}
