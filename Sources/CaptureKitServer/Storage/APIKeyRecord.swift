package import CaptureCore

/// A stored FBx-style API key. Only the SHA-256 of the key is stored; the key itself is shown once,
/// when it is created.
package struct APIKeyRecord: Codable, Sendable, Equatable {
    /// Whether a key validates. `revoked` is final; `suspended` can be resumed.
    package enum Status: String, Codable, Sendable, CaseIterable {
        case active
        case suspended
        case revoked
    }

    /// Random 128-bit id (`key_` + 32 hex digits); safe to log and to put in answers.
    package var id: String
    package var customerID: String
    /// Lowercase hex SHA-256 of the key text.
    package var keyHash: String
    package var mode: FBxAPIKey.Mode
    package var status: Status
    package var createdAt: Int64

    package init(
        id: String, customerID: String, keyHash: String, mode: FBxAPIKey.Mode, status: Status, createdAt: Int64
    ) {
        self.id = id
        self.customerID = customerID
        self.keyHash = keyHash
        self.mode = mode
        self.status = status
        self.createdAt = createdAt
    }
}
