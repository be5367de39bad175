import CaptureCore
import Crypto
import Foundation

/// The administration token. Only its SHA-256 is kept in memory; presented tokens are hashed and
/// compared in constant time.
///
/// On first start (no token configured, no token file) a token of 32 random bytes is written to
/// `<data-dir>/admin-token` (mode 0600) and the server prints that path, never the token.
///
/// The metrics token (``ServerEnvironment/metricsToken``, `<data-dir>/metrics-token`, prefix `ckm_`) is
/// a second value of this type, created and checked the same way.
package struct AdminToken: Sendable {
    private let digest: [UInt8]
    /// Where the token is (nil when it came from the environment).
    package let path: String?
    /// Whether this start created the token file.
    package let wasCreated: Bool

    /// A token given directly (environment or tests).
    package init(token: String) {
        self.digest = Array(SHA256.hash(data: Array(token.utf8)))
        self.path = nil
        self.wasCreated = false
    }

    private init(token: String, path: String, wasCreated: Bool) {
        self.digest = Array(SHA256.hash(data: Array(token.utf8)))
        self.path = path
        self.wasCreated = wasCreated
    }

    /// Reads the token file, or creates it with a new random token (`prefix` + 32 random bytes in base64url).
    package static func loadOrCreate(path: String, prefix: String = "cka_") throws(AdminTokenError) -> AdminToken {
        if let data = FileManager.default.contents(atPath: path) {
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.utf8.count >= 16 else { throw .tooShort(path: path) }
            return AdminToken(token: token, path: path, wasCreated: false)
        }
        var generator = SystemRandomNumberGenerator()
        let token = prefix + Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600]
            )
        else { throw .unwritable(path: path) }
        return AdminToken(token: token, path: path, wasCreated: true)
    }

    /// Whether `presented` is the admin token (constant time in the token's content).
    package func matches(_ presented: String) -> Bool {
        FBxAPIKey.constantTimeEquals(Array(SHA256.hash(data: Array(presented.utf8))), digest)
    }
}

/// Why the admin token could not be set up.
package enum AdminTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    case unwritable(path: String)
    case tooShort(path: String)

    package var description: String {
        switch self {
        case let .unwritable(path):
            return "The admin token file \(path) cannot be written; check the data directory's permissions."
        case let .tooShort(path):
            return "The admin token in \(path) is shorter than 16 characters; delete the file to get a new token."
        }
    }
}
