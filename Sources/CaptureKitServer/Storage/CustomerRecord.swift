/// A customer of the vendor: owns API keys and licences. Revoking a customer stops all its keys and
/// licences from validating.
package struct CustomerRecord: Codable, Sendable, Equatable {
    /// Whether a customer may use its keys and licences.
    package enum Status: String, Codable, Sendable {
        case active
        case revoked
    }

    /// Random 128-bit id (`cus_` + 32 hex digits).
    package var id: String
    /// Display name (business name; never logged).
    package var name: String
    package var status: Status
    /// Seconds since 1970.
    package var createdAt: Int64

    package init(id: String, name: String, status: Status, createdAt: Int64) {
        self.id = id
        self.name = name
        self.status = status
        self.createdAt = createdAt
    }
}
