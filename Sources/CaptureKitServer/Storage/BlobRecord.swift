/// Bytes stored by content (resources and frame assets), addressed by their SHA-256.
package struct BlobRecord: Sendable, Equatable {
    /// Lowercase hex SHA-256 of ``bytes``.
    package var sha256: String
    package var mediaType: String
    package var bytes: [UInt8]
    package var createdAt: Int64

    package init(sha256: String, mediaType: String, bytes: [UInt8], createdAt: Int64) {
        self.sha256 = sha256
        self.mediaType = mediaType
        self.bytes = bytes
        self.createdAt = createdAt
    }
}
