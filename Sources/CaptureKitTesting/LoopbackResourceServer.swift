package import CaptureCore
package import Crypto
package import Foundation

/// A resource server for tests, on a ``LoopbackHTTPServer``: serves blobs at
/// `/v1/resources/{sha256}` and a manifest signed with the development key (or any other) at
/// `/v1/resources/manifest`, as the real server does. Faults are set on ``http``.
package final class LoopbackResourceServer: Sendable {
    /// The underlying server (faults, request counts).
    package let http: LoopbackHTTPServer
    /// The key manifests are signed with by default (`dev-2026`).
    package let signingKey: Curve25519.Signing.PrivateKey

    /// Path of the signed manifest.
    package static let manifestPath = "/v1/resources/manifest"

    /// Path of the blob with hash `sha256`.
    package static func blobPath(_ sha256: String) -> String { "/v1/resources/" + sha256 }

    /// Starts a server that signs with the committed development key.
    package static func start() throws -> LoopbackResourceServer {
        LoopbackResourceServer(http: try LoopbackHTTPServer.start(), signingKey: try TestKeys.developmentPrivateKey())
    }

    private init(http: LoopbackHTTPServer, signingKey: Curve25519.Signing.PrivateKey) {
        self.http = http
        self.signingKey = signingKey
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL { http.baseURL }

    /// The manifest entry for `data` named `name`.
    package static func entry(_ name: String, _ data: Data, version: String = "1") -> ResourceManifest.Entry {
        ResourceManifest.Entry(
            name: name, version: version, size: data.count,
            sha256: SHA256.hash(data: data).hexString)
    }

    /// Serves every resource as a blob and publishes a manifest listing them (entries sorted by name).
    @discardableResult
    package func publish(
        _ resources: [String: Data], version: Int, issuedAt: Date, expiresAt: Date?, minSdk: String? = nil
    ) throws -> ResourceManifest {
        var entries = [ResourceManifest.Entry]()
        for (name, data) in resources.sorted(by: { $0.key < $1.key }) {
            let entry = Self.entry(name, data)
            http.serve(data, at: Self.blobPath(entry.sha256))
            entries.append(entry)
        }
        let manifest = ResourceManifest(
            manifestVersion: version, issuedAt: issuedAt, expiresAt: expiresAt,
            minSdk: minSdk, resources: entries)
        try publish(manifest)
        return manifest
    }

    /// Publishes `manifest` signed with `key` (default: ``signingKey``) as `kid`.
    package func publish(
        _ manifest: ResourceManifest, kid: String = DevelopmentSigningKey.kid,
        key: Curve25519.Signing.PrivateKey? = nil
    ) throws {
        publishToken(try CompactJWS.sign(manifest, typ: ResourceManifest.tokenType, kid: kid, key: key ?? signingKey))
    }

    /// Publishes `token` verbatim as the manifest (for unsigned or tampered manifests).
    package func publishToken(_ token: String) {
        http.serve(Data(token.utf8), at: Self.manifestPath, headers: ["Content-Type": "application/jose"])
    }

    /// Stops the server.
    package func stop() { http.stop() }
}
