package import Foundation

/// The list of resources (model weights and other files the engines load), each with its name,
/// version, size and SHA-256 (`notes/security.md` §2e).
///
/// Bundled resources carry it as a plain `manifest.json` beside the files. The resource server
/// publishes it as a compact JWS (``CompactJWS``, `typ: resource-manifest+jwt`) whose
/// `manifestVersion` never goes backwards; blobs are then fetched by hash
/// (`GET /v1/resources/{sha256}`).
package struct ResourceManifest: Codable, Sendable, Equatable {
    /// The JWS `typ` of a signed manifest.
    package static let tokenType = "resource-manifest+jwt"

    /// One resource.
    package struct Entry: Codable, Sendable, Equatable, Hashable {
        /// Stable name the engine asks for (e.g. `mrz-ocrb`).
        package var name: String
        /// The resource's own version (e.g. `3`); a new version gets a new hash.
        package var version: String
        /// Size in bytes.
        package var size: Int
        /// Lowercase hex SHA-256 of the bytes.
        package var sha256: String
        /// File name inside a bundle folder (bundled mode only).
        package var file: String?

        package init(name: String, version: String, size: Int, sha256: String, file: String? = nil) {
            self.name = name
            self.version = version
            self.size = size
            self.sha256 = sha256
            self.file = file
        }
    }

    /// Increases with every publication; clients refuse a lower one than they have seen.
    package var manifestVersion: Int
    package var issuedAt: Date
    /// After this the manifest is stale and refused (freeze-attack protection); nil for bundles.
    package var expiresAt: Date?
    /// Lowest SDK version the resources work with.
    package var minSdk: String?
    package var resources: [Entry]

    package init(
        manifestVersion: Int, issuedAt: Date, expiresAt: Date? = nil, minSdk: String? = nil,
        resources: [Entry]
    ) {
        self.manifestVersion = manifestVersion
        self.issuedAt = issuedAt.wholeSeconds
        self.expiresAt = expiresAt?.wholeSeconds
        self.minSdk = minSdk
        self.resources = resources
    }

    /// The entry named `name`.
    package func entry(named name: String) -> Entry? { resources.first { $0.name == name } }
}
