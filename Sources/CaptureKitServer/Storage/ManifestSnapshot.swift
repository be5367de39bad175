package import CaptureCore

/// One published state of the resource manifest: its version and entries, as stored. The served
/// manifest (``ResourceManifest``) is this snapshot signed with fresh `issuedAt`/`expiresAt`.
package struct ManifestSnapshot: Sendable, Equatable {
    /// Increases by one on every publication, across all server instances.
    package var version: Int
    package var publishedAt: Int64
    package var entries: [ResourceManifest.Entry]

    package init(version: Int, publishedAt: Int64, entries: [ResourceManifest.Entry]) {
        self.version = version
        self.publishedAt = publishedAt
        self.entries = entries
    }
}
