package import CaptureCore
import Foundation

/// Serves the resource manifest as a signed ``ResourceManifest`` (compact JWS,
/// `typ: resource-manifest+jwt`) and publishes new versions.
///
/// The latest snapshot is read from the store on every request (so an instance sees what another one
/// published), and its signature is reused for an hour; `issuedAt` is the signing time and `expiresAt`
/// comes ``ServerConfiguration/manifestLifetimeSeconds`` later. `manifestVersion` comes from the store,
/// where it only ever increases.
package final class ManifestService: Sendable {
    private struct SignedManifest {
        var version: Int
        var kid: String
        var signedAt: Int64
        var token: String
    }

    private let environment: ServerEnvironment
    private let cache = Locked<SignedManifest?>(nil)
    /// How long a signature is reused.
    private let resignAfterSeconds: Int64 = 3600

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    /// The signed latest manifest, or nil when nothing was published.
    package func signedLatest() async throws -> (token: String, version: Int)? {
        guard let snapshot = try await environment.store.latestManifest() else { return nil }
        let now = environment.nowSeconds
        let kid = environment.signingKeys.current.kid
        if let cached = cache.withLock({ $0 }), cached.version == snapshot.version, cached.kid == kid,
            cached.signedAt <= now, now - cached.signedAt < resignAfterSeconds
        {
            return (cached.token, cached.version)
        }
        let manifest = ResourceManifest(
            manifestVersion: snapshot.version, issuedAt: Date(timeIntervalSince1970: TimeInterval(now)),
            expiresAt: Date(
                timeIntervalSince1970: TimeInterval(now + Int64(environment.configuration.manifestLifetimeSeconds))),
            resources: snapshot.entries
        )
        let signed = try environment.signingKeys.sign(manifest, typ: ResourceManifest.tokenType)
        cache.withLock { cached in
            // Keep the newest version if another request signed a later one meanwhile.
            if (cached?.version ?? Int.min) <= snapshot.version {
                cached = SignedManifest(version: snapshot.version, kid: signed.kid, signedAt: now, token: signed.token)
            }
        }
        return (signed.token, snapshot.version)
    }

    /// The body of `POST /v1/admin/resources`.
    package struct PublishRequest: Codable, Sendable {
        /// Stable resource name (letters, digits, `.`, `-`, `_`).
        package var name: String
        package var version: String
        /// A blob uploaded with `POST /v1/admin/blobs`.
        package var sha256: String

        package init(name: String, version: String, sha256: String) {
            self.name = name
            self.version = version
            self.sha256 = sha256
        }
    }

    /// The answer of a publication: the new manifest version and its entries.
    package struct PublishResponse: Codable, Sendable, Equatable {
        package var manifestVersion: Int
        package var resources: [ResourceManifest.Entry]
    }

    /// Publishes a blob as resource `name`/`version`; returns after the new manifest version committed.
    package func publish(_ request: PublishRequest) async throws -> PublishResponse {
        guard SafeName.isValid(request.name),
            LicenseService.isToken(request.version, length: 1...32, extra: ".")
        else {
            throw APIError.badRequest("name (1-64) and version (1-32) must be letters, digits, '.', '-' or '_'.")
        }
        guard BlobStorage.isSHA256Hex(request.sha256),
            let info = try await environment.store.blobInfo(sha256: request.sha256)
        else {
            throw APIError.blobNotFound
        }
        let entry = ResourceManifest.Entry(
            name: request.name, version: request.version, size: info.size, sha256: request.sha256
        )
        let snapshot = try await environment.store.publishResource(entry, at: environment.nowSeconds)
        return PublishResponse(manifestVersion: snapshot.version, resources: snapshot.entries)
    }
}
