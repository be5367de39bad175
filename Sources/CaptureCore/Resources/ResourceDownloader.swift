package import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches resources from a resource server into a local cache (`notes/security.md` §2e, §3.6).
///
/// One ``load(names:now:)``:
/// 1. `GET {base}/v1/resources/manifest` → a compact JWS (`resource-manifest+jwt`) that must verify
///    against ``keyring``, parse, list only safe names and hashes, not be expired, and have a
///    `manifestVersion` no lower than the highest this cache has accepted (rollback). Anything else
///    is `invalidResponse` (`invalidURL` for unsafe names).
/// 2. For each name, the blob `GET {base}/v1/resources/{sha256}`, unless the cache holds it
///    (re-hashed on every read); see ``BlobDownload`` for resume, size cap and atomic install.
///    Concurrent requests for the same blob in this process share one transfer, even across
///    downloaders that use the same cache folder.
/// 3. Only then is the manifest persisted as the new highest version.
///
/// When the server cannot be reached (`noInternetConnection`), the last accepted manifest is used
/// instead, as long as it still verifies and every requested blob is in the cache; its expiry is
/// not enforced then, so a device that was set up once keeps working offline.
package actor ResourceDownloader {
    /// The resource server (`http` or `https`).
    package let baseURL: URL
    /// The cache.
    package let cache: ResourceCache
    /// Keys that may sign manifests.
    package let keyring: JWSKeyring
    /// This SDK's version, compared with a manifest's `minSdk`.
    package let sdkVersion: String
    private let client: ResourceHTTPClient

    /// Largest manifest accepted (1 MiB).
    package static let manifestSizeLimit = 1 << 20

    /// Blob transfers in progress in this process, by final blob path.
    private static let inFlight = Locked([String: Task<Result<Data, ResourceDownloaderError>, Never>]())
    /// Serialises read-compare-write of `state.json` across downloaders.
    private static let stateLock = Locked(())

    /// - Parameters:
    ///   - timeout: longest wait, in seconds, for the server to connect or send the next bytes.
    package init(
        baseURL: URL, cacheFolder: URL, keyring: JWSKeyring, timeout: TimeInterval = 30,
        sdkVersion: String = CaptureKitVersion.current
    ) {
        self.baseURL = baseURL
        self.cache = ResourceCache(root: cacheFolder)
        self.keyring = keyring
        self.sdkVersion = sdkVersion
        self.client = ResourceHTTPClient(timeout: timeout)
    }

    /// The default cache folder: `MLModels` in `$XDG_CACHE_HOME` (when absolute) or `~/.cache` on
    /// Linux, in the user's Caches folder on Apple platforms.
    package static func defaultCacheFolder(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        #if canImport(Darwin)
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        #else
        let caches: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            caches = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            caches = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".cache", isDirectory: true)
        }
        #endif
        return caches.appendingPathComponent("MLModels", isDirectory: true)
    }

    /// Loads the named resources, verified against the current signed manifest.
    /// - Parameter now: the time expiry is checked against.
    package func load(names: [String], now: Date) async throws(ResourceDownloaderError) -> [String: Data] {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = baseURL.host, !host.isEmpty
        else {
            throw .invalidURL(baseURL.absoluteString)
        }
        try cache.prepare()
        let (manifest, token, offline) = try await currentManifest(now: now)
        var loaded = [String: Data]()
        for name in names {
            guard let entry = manifest.entry(named: name) else { throw .resourceUnavailable }
            if offline {
                guard let data = try cache.cachedBlob(for: entry) else { throw .noInternetConnection }
                loaded[name] = data
            } else {
                loaded[name] = try await blob(for: entry)
            }
        }
        if !offline { try persist(manifest, token: token) }
        return loaded
    }

    // MARK: Manifest

    /// The server's manifest, verified; or, when the server cannot be reached, the last accepted
    /// one (`offline: true`).
    private func currentManifest(
        now: Date
    ) async throws(ResourceDownloaderError)
        -> (manifest: ResourceManifest, token: String, offline: Bool)
    {
        do {
            let token = try await fetchManifest()
            return (try verify(token, now: now, enforceExpiry: true), token, false)
        } catch .noInternetConnection {
            guard let state = cache.readState(),
                let cached = try? verify(state.manifest, now: now, enforceExpiry: false)
            else {
                throw .noInternetConnection
            }
            return (cached, state.manifest, true)
        }
    }

    private func fetchManifest() async throws(ResourceDownloaderError) -> String {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("v1/resources/manifest", isDirectory: false),
            resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "sdk", value: sdkVersion),
            URLQueryItem(name: "platform", value: LicenseVerifier.currentPlatform),
        ]
        guard let url = components?.url else { throw .invalidURL(baseURL.absoluteString) }
        let body = BoundedBody(url: url, limit: Self.manifestSizeLimit)
        try await client.get(url, into: body)
        guard let text = String(data: body.data, encoding: .utf8) else { throw .invalidResponse }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Verifies a signed manifest: signature and type, shape, safe entries, expiry, no rollback,
    /// SDK compatibility.
    private func verify(
        _ token: String, now: Date, enforceExpiry: Bool
    ) throws(ResourceDownloaderError)
        -> ResourceManifest
    {
        let manifest: ResourceManifest
        do {
            let jws = try keyring.verify(
                token, expectedType: ResourceManifest.tokenType,
                maxLength: Self.manifestSizeLimit)
            manifest = try jws.decodePayload(as: ResourceManifest.self)
        } catch {
            throw .invalidResponse
        }
        try manifest.validateEntries()
        if enforceExpiry {
            guard let expiresAt = manifest.expiresAt, now < expiresAt else { throw .invalidResponse }
        }
        if let seen = cache.readState()?.manifestVersion, manifest.manifestVersion < seen {
            throw .invalidResponse
        }
        guard manifest.supportsSDK(sdkVersion) else { throw .resourceUnavailable }
        return manifest
    }

    /// Records `manifest` as accepted unless a higher version was recorded meanwhile.
    private func persist(_ manifest: ResourceManifest, token: String) throws(ResourceDownloaderError) {
        let cache = self.cache
        let result: Result<Void, ResourceDownloaderError> = Self.stateLock.withLock { _ in
            if let seen = cache.readState()?.manifestVersion, seen > manifest.manifestVersion { return .success(()) }
            do throws(ResourceDownloaderError) {
                try cache.writeState(.init(manifestVersion: manifest.manifestVersion, manifest: token))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    // MARK: Blobs

    /// The verified bytes of `entry`: from the cache, from a transfer already running in this
    /// process, or from a new transfer. Cancelling the caller that started a transfer cancels it.
    private func blob(for entry: ResourceManifest.Entry) async throws(ResourceDownloaderError) -> Data {
        let key = cache.blobURL(sha256: entry.sha256).path
        let (task, owner) = Self.inFlight.withLock { inFlight in
            if let running = inFlight[key] { return (running, false) }
            let task = Task { await self.fetch(entry) }
            inFlight[key] = task
            return (task, true)
        }
        let result: Result<Data, ResourceDownloaderError>
        if owner {
            result = await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
            Self.inFlight.withLock { $0[key] = nil }
        } else {
            result = await task.value
        }
        return try result.get()
    }

    private func fetch(_ entry: ResourceManifest.Entry) async -> Result<Data, ResourceDownloaderError> {
        do throws(ResourceDownloaderError) {
            if let data = try cache.cachedBlob(for: entry) { return .success(data) }
            let url = baseURL.appendingPathComponent("v1/resources", isDirectory: true)
                .appendingPathComponent(entry.sha256, isDirectory: false)
            let download = try BlobDownload(entry: entry, url: url, cache: cache)
            do {
                try await client.get(url, headers: download.requestHeaders, into: download)
            } catch {
                download.abandon(after: error)
                throw error
            }
            try download.finish()
            guard let data = try cache.cachedBlob(for: entry) else { throw .hashMismatch(entry.name) }
            return .success(data)
        } catch {
            return .failure(error)
        }
    }
}

/// Collects a small response body (the manifest), refusing more than `limit` bytes.
private final class BoundedBody: ResourceHTTPClient.Consumer, @unchecked Sendable {
    // @unchecked is safe: `data` is written only from the URLSession delegate queue (serially) and
    // read only after the transfer completed (ordered by the continuation's resume).
    private let url: URL
    private let limit: Int
    private(set) var data = Data()

    init(url: URL, limit: Int) {
        self.url = url
        self.limit = limit
    }

    func receive(response: HTTPURLResponse) throws(ResourceDownloaderError) {
        switch response.statusCode {
        case 200..<300: break
        case 404: throw .fileNotFound(url)
        case 410: throw .resourceUnavailable
        default: throw .downloadFailed(response.statusCode)
        }
        if response.expectedContentLength > Int64(limit) { throw .invalidResponse }
    }

    func receive(data chunk: Data) throws(ResourceDownloaderError) {
        guard data.count + chunk.count <= limit else { throw .invalidResponse }
        data.append(chunk)
    }
}
