import CaptureKitTesting
import Crypto
import Foundation
import Testing

@testable import CaptureCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The download path against a real loopback server (`notes/security.md` §4, cases 35–45).
@Suite(.timeLimit(.minutes(1)))
struct ResourceDownloaderTests {
    /// A server with two published resources, and an empty cache folder.
    final class Fixture: Sendable {
        static let now = Date(timeIntervalSince1970: 1_800_000_000)
        let server: LoopbackResourceServer
        let folder: TemporaryFolder
        let weights = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let labels = Data("A B C D E F G H I J K L M N O P Q R S T U V W X Y Z <".utf8)
        let manifest: ResourceManifest

        init(version: Int = 3) throws {
            server = try LoopbackResourceServer.start()
            folder = try TemporaryFolder()
            manifest = try server.publish(
                ["weights": weights, "labels": labels], version: version,
                issuedAt: Self.now, expiresAt: Self.now.addingTimeInterval(86_400))
        }

        deinit { server.stop() }

        var cacheFolder: URL { folder.child("MLModels") }
        var cache: ResourceCache { ResourceCache(root: cacheFolder) }
        var weightsEntry: ResourceManifest.Entry { manifest.entry(named: "weights").unsafelyUnwrapped }
        var weightsPath: String { LoopbackResourceServer.blobPath(weightsEntry.sha256) }
        var source: ResourceSource {
            .download(baseURL: server.baseURL, cacheFolder: cacheFolder, keyring: LicenseKeyring.development)
        }

        func load(
            _ names: [String] = ["weights"], now: Date = now, timeout: TimeInterval = 5
        )
            async throws(ResourceDownloaderError) -> [String: Data]
        {
            try await ResourceLoader.load(names: names, from: source, now: now, timeout: timeout)
        }

        /// Loads and returns the error (nil when the load succeeds).
        func loadError(
            _ names: [String] = ["weights"], now: Date = now, timeout: TimeInterval = 5
        ) async
            -> ResourceDownloaderError?
        {
            await ResourceDownloaderTests.loadError(from: source, names: names, now: now, timeout: timeout)
        }

        func blobExists(_ entry: ResourceManifest.Entry) -> Bool {
            FileManager.default.fileExists(atPath: cache.blobURL(sha256: entry.sha256).path)
        }

        func partialSize(_ entry: ResourceManifest.Entry) -> Int? {
            try? FileManager.default.attributesOfItem(atPath: cache.partialURL(sha256: entry.sha256).path)[.size]
                as? Int
        }

        func writePartial(_ bytes: Data, for entry: ResourceManifest.Entry) throws {
            try cache.prepare()
            try bytes.write(to: cache.partialURL(sha256: entry.sha256))
        }
    }

    /// Loads `names` from `source` and returns the error (nil when the load succeeds).
    static func loadError(
        from source: ResourceSource, names: [String] = ["weights"], now: Date = Fixture.now, timeout: TimeInterval = 5
    ) async -> ResourceDownloaderError? {
        do {
            _ = try await ResourceLoader.load(names: names, from: source, now: now, timeout: timeout)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Happy path and cache

    @Test func resourcesAreDownloadedVerifiedAndThenServedFromTheCache() async throws {
        let fixture = try Fixture()
        let first = try await fixture.load(["weights", "labels"])
        #expect(first == ["weights": fixture.weights, "labels": fixture.labels])
        #expect(fixture.blobExists(fixture.weightsEntry))
        #expect(fixture.cache.readState()?.manifestVersion == 3)

        let second = try await fixture.load(["weights", "labels"])
        #expect(second == first)
        #expect(fixture.server.http.requestCount(for: fixture.weightsPath) == 1)
        #expect(fixture.server.http.requestCount(for: LoopbackResourceServer.manifestPath) == 2)
    }

    @Test func theManifestRequestNamesTheSDKVersionAndPlatform() async throws {
        let fixture = try Fixture()
        _ = try await fixture.load()
        let request = try #require(fixture.server.http.exchanges(for: LoopbackResourceServer.manifestPath).first)
        #expect(request.method == "GET")
        #expect(request.query == "sdk=\(CaptureKitVersion.current)&platform=\(LicenseVerifier.currentPlatform)")
    }

    // MARK: Integrity

    @Test func aCorruptBlobIsRefusedAndNothingIsCached() async throws {
        let fixture = try Fixture()
        var corrupt = fixture.weights
        corrupt[100] ^= 0xFF
        fixture.server.http.serve(corrupt, at: fixture.weightsPath)

        #expect(await fixture.loadError()?.kind == .hashMismatch("weights"))
        #expect(!fixture.blobExists(fixture.weightsEntry))
        #expect(fixture.partialSize(fixture.weightsEntry) == nil)
        #expect(fixture.cache.readState() == nil)
    }

    @Test func aDownloadDroppedHalfwayIsResumedWithRangeAndVerified() async throws {
        let fixture = try Fixture()
        let half = fixture.weights.count / 2
        fixture.server.http.setFault(.closeAfterBodyBytes(half), for: fixture.weightsPath, times: 1)

        #expect(await fixture.loadError()?.kind == .noInternetConnection)
        #expect(!fixture.blobExists(fixture.weightsEntry))
        #expect(fixture.partialSize(fixture.weightsEntry) == half)

        let loaded = try await fixture.load()
        #expect(loaded["weights"] == fixture.weights)
        let exchanges = fixture.server.http.exchanges(for: fixture.weightsPath)
        #expect(exchanges.count == 2)
        #expect(exchanges.last?.headers["range"] == "bytes=\(half)-")
        #expect(exchanges.last?.status == 206)
        #expect(fixture.partialSize(fixture.weightsEntry) == nil)
    }

    @Test func aBodyLargerThanDeclaredIsRefusedFromItsContentLength() async throws {
        let fixture = try Fixture()
        fixture.server.http.serve(fixture.weights + Data(count: 10), at: fixture.weightsPath)

        #expect(await fixture.loadError()?.kind == .hashMismatch("weights"))
        #expect(!fixture.blobExists(fixture.weightsEntry))
        #expect(fixture.partialSize(fixture.weightsEntry) == nil)
    }

    @Test func anEndlessBodyWithoutContentLengthIsCutOff() async throws {
        let fixture = try Fixture()
        fixture.server.http.setFault(.endlessBody, for: fixture.weightsPath)

        // Without the size cap this load would never end (the suite's time limit would fail it).
        #expect(await fixture.loadError()?.kind == .hashMismatch("weights"))
        #expect(!fixture.blobExists(fixture.weightsEntry))
        #expect(fixture.partialSize(fixture.weightsEntry) == nil)
    }

    @Test func aBodyWithoutContentLengthIsAcceptedWhenItMatches() async throws {
        let fixture = try Fixture()
        fixture.server.http.setFault(.omitContentLength, for: fixture.weightsPath)
        #expect(try await fixture.load()["weights"] == fixture.weights)
    }

    @Test func bytesBeyondTheContentLengthNeverReachTheCache() async throws {
        let fixture = try Fixture()
        fixture.server.http.setFault(.extraBodyBytes(4096), for: fixture.weightsPath)

        let loaded = try await fixture.load()
        #expect(loaded["weights"] == fixture.weights)
        let cached = try Data(contentsOf: fixture.cache.blobURL(sha256: fixture.weightsEntry.sha256))
        #expect(cached == fixture.weights)
    }

    @Test func aServerThatIgnoresRangeMakesTheDownloadRestartFromZero() async throws {
        let fixture = try Fixture()
        // A stale partial file whose bytes are wrong: appending to it would fail the hash.
        try fixture.writePartial(Data(repeating: 0xEE, count: 1000), for: fixture.weightsEntry)
        fixture.server.http.setFault(.ignoreRange, for: fixture.weightsPath)

        let loaded = try await fixture.load()
        #expect(loaded["weights"] == fixture.weights)
        let exchange = try #require(fixture.server.http.exchanges(for: fixture.weightsPath).first)
        #expect(exchange.headers["range"] == "bytes=1000-")
        #expect(exchange.status == 200)
    }

    @Test func aPartialAnswerStartingAtTheWrongOffsetIsRefused() async throws {
        let fixture = try Fixture()
        let prefix = fixture.weights.prefix(1000)
        try fixture.writePartial(prefix, for: fixture.weightsEntry)
        let weights = fixture.weights
        fixture.server.http.route("GET", fixture.weightsPath) { _ in
            .init(
                status: 206, headers: ["Content-Range": "bytes 0-\(weights.count - 1)/\(weights.count)"],
                body: weights)
        }

        #expect(await fixture.loadError()?.kind == .downloadFailed(206))
        #expect(!fixture.blobExists(fixture.weightsEntry))
        #expect(fixture.partialSize(fixture.weightsEntry) == 1000)
    }

    @Test func aCachedBlobChangedOnDiskIsDetectedAndDownloadedAgain() async throws {
        let fixture = try Fixture()
        _ = try await fixture.load()
        let blob = fixture.cache.blobURL(sha256: fixture.weightsEntry.sha256)
        var altered = try Data(contentsOf: blob)
        altered[0] ^= 0x01
        try altered.write(to: blob)

        let loaded = try await fixture.load()
        #expect(loaded["weights"] == fixture.weights)
        #expect(try Data(contentsOf: blob) == fixture.weights)
        #expect(fixture.server.http.requestCount(for: fixture.weightsPath) == 2)
    }

    @Test func concurrentLoadsOfOneBlobMakeExactlyOneRequest() async throws {
        let fixture = try Fixture()
        let clients = 6
        let weights = fixture.weights
        let http = fixture.server.http
        // Hold the blob back until every client has asked for the manifest, so without coalescing
        // each of them would find the cache empty and request the blob too.
        http.route("GET", fixture.weightsPath) { _ in
            _ = http.waitForRequests(clients, for: LoopbackResourceServer.manifestPath, timeout: 10)
            return .init(body: weights)
        }

        let results = try await withThrowingTaskGroup(of: Data?.self) { group in
            for _ in 0..<clients {
                group.addTask { try await fixture.load()["weights"] }
            }
            var results = [Data?]()
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == clients)
        #expect(results.allSatisfy { $0 == weights })
        #expect(http.requestCount(for: fixture.weightsPath) == 1)
    }

    // MARK: Manifest

    @Test func anUnsignedManifestIsRefused() async throws {
        let fixture = try Fixture()
        let header = Base64URL.encode(Array(#"{"alg":"none","kid":"dev-2026","typ":"resource-manifest+jwt"}"#.utf8))
        let payload = Base64URL.encode(try JSONEncoder().encode(fixture.manifest))
        let plainJSON = String(decoding: try fixture.manifest.encodedJSON(), as: UTF8.self)
        for token in [header + "." + payload + ".", header + "." + payload, plainJSON] {
            fixture.server.publishToken(token)
            #expect(await fixture.loadError()?.kind == .invalidResponse)
        }
        #expect(fixture.server.http.requestCount(for: fixture.weightsPath) == 0)
        #expect(fixture.cache.readState() == nil)
    }

    @Test func aTamperedManifestIsRefused() async throws {
        let fixture = try Fixture()
        let token = try CompactJWS.sign(
            fixture.manifest, typ: ResourceManifest.tokenType, kid: "dev-2026",
            key: fixture.server.signingKey)
        var tampered = fixture.manifest
        tampered.resources[0].sha256 = String(repeating: "a", count: 64)
        let parts = token.split(separator: ".").map(String.init)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        fixture.server.publishToken(parts[0] + "." + Base64URL.encode(try encoder.encode(tampered)) + "." + parts[2])

        #expect(await fixture.loadError()?.kind == .invalidResponse)
        #expect(fixture.cache.readState() == nil)
    }

    @Test func aManifestSignedByAnUnknownKeyOrKidIsRefused() async throws {
        let fixture = try Fixture()
        try fixture.server.publish(fixture.manifest, kid: "dev-2026", key: Curve25519.Signing.PrivateKey())
        #expect(await fixture.loadError()?.kind == .invalidResponse)

        try fixture.server.publish(fixture.manifest, kid: "prod-2099")
        #expect(await fixture.loadError()?.kind == .invalidResponse)
        #expect(fixture.server.http.requestCount(for: fixture.weightsPath) == 0)
    }

    @Test func anOlderManifestVersionIsRefusedAsARollback() async throws {
        let fixture = try Fixture(version: 5)
        _ = try await fixture.load()
        var older = fixture.manifest
        older.manifestVersion = 4
        try fixture.server.publish(older)

        #expect(await fixture.loadError()?.kind == .invalidResponse)
        #expect(fixture.cache.readState()?.manifestVersion == 5)

        var same = fixture.manifest
        same.manifestVersion = 5
        try fixture.server.publish(same)
        #expect(try await fixture.load()["weights"] == fixture.weights)
    }

    @Test func aNewManifestVersionIsPersistedOnlyAfterItsResourcesVerified() async throws {
        let fixture = try Fixture(version: 5)
        _ = try await fixture.load()
        let replacement = Data(repeating: 7, count: 2048)
        var newer = ResourceManifest(
            manifestVersion: 6, issuedAt: Fixture.now,
            expiresAt: Fixture.now.addingTimeInterval(3600),
            resources: [LoopbackResourceServer.entry("weights", replacement)])
        try fixture.server.publish(newer)
        fixture.server.http.serve(
            Data(repeating: 8, count: 2048),
            at: LoopbackResourceServer.blobPath(newer.resources[0].sha256))

        #expect(await fixture.loadError()?.kind == .hashMismatch("weights"))
        #expect(fixture.cache.readState()?.manifestVersion == 5)

        newer.manifestVersion = 7
        try fixture.server.publish(newer)
        fixture.server.http.serve(replacement, at: LoopbackResourceServer.blobPath(newer.resources[0].sha256))
        #expect(try await fixture.load()["weights"] == replacement)
        #expect(fixture.cache.readState()?.manifestVersion == 7)
    }

    @Test func anExpiredManifestOrOneWithoutExpiryIsRefused() async throws {
        let fixture = try Fixture()
        #expect(await fixture.loadError(now: Fixture.now.addingTimeInterval(86_400))?.kind == .invalidResponse)

        var endless = fixture.manifest
        endless.expiresAt = nil
        try fixture.server.publish(endless)
        #expect(await fixture.loadError()?.kind == .invalidResponse)
        #expect(fixture.cache.readState() == nil)
    }

    @Test func namesAndHashesThatWouldLeaveTheCacheFolderAreRefused() async throws {
        let fixture = try Fixture()
        let hostile: [ResourceManifest.Entry] = [
            .init(name: "../../etc/passwd", version: "1", size: 1, sha256: fixture.weightsEntry.sha256),
            .init(name: "weights", version: "1", size: 1, sha256: "../../../../tmp/x"),
            .init(name: "weights", version: "1", size: 1, sha256: String(repeating: "A", count: 64)),
            .init(name: "/abs", version: "1", size: 1, sha256: fixture.weightsEntry.sha256),
            .init(name: "..", version: "1", size: 1, sha256: fixture.weightsEntry.sha256),
            .init(name: "weights", version: "1", size: 1, sha256: fixture.weightsEntry.sha256, file: "a/b"),
        ]
        for entry in hostile {
            var manifest = fixture.manifest
            manifest.resources = [entry]
            try fixture.server.publish(manifest)
            #expect(await fixture.loadError([entry.name])?.kind == .invalidURL, "\(entry)")
        }
        #expect(fixture.cache.readState() == nil)
    }

    @Test func aBaseURLThatIsNotHTTPIsRefused() async throws {
        let folder = try TemporaryFolder()
        for base in ["ftp://127.0.0.1/", "file:///tmp/resources", "http://", "mailto:a@b.c"] {
            let url = try #require(URL(string: base))
            let source = ResourceSource.download(
                baseURL: url, cacheFolder: folder.child("c"),
                keyring: LicenseKeyring.development)
            #expect(await Self.loadError(from: source)?.kind == .invalidURL, "\(base)")
        }
    }

    @Test func aResourceMissingFromTheManifestOrMadeForANewerSDKIsUnavailable() async throws {
        let fixture = try Fixture()
        #expect(await fixture.loadError(["not-listed"])?.kind == .resourceUnavailable)

        var newer = fixture.manifest
        newer.minSdk = "9.0.0"
        try fixture.server.publish(newer)
        #expect(await fixture.loadError()?.kind == .resourceUnavailable)
    }

    // MARK: Cache folder

    @Test func aCacheRootThatCannotBeCreatedIsCacheDirNotFound() async throws {
        let fixture = try Fixture()
        let file = fixture.folder.child("plain-file")
        try Data("x".utf8).write(to: file)
        for root in [file, file.appendingPathComponent("MLModels")] {
            let source = ResourceSource.download(
                baseURL: fixture.server.baseURL, cacheFolder: root,
                keyring: LicenseKeyring.development)
            #expect(await Self.loadError(from: source)?.kind == .cacheDirNotFound, "\(root.lastPathComponent)")
        }
        #expect(fixture.server.http.requestCount(for: LoopbackResourceServer.manifestPath) == 0)
    }

    @Test func aCacheWhereFilesCannotBeCreatedIsFileCreationError() async throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(at: fixture.cacheFolder, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: fixture.cache.blobsFolder)

        #expect(await fixture.loadError()?.kind == .fileCreationError)
    }

    @Test(.enabled(if: getuid() != 0, "root ignores file permissions"))
    func aReadOnlyCacheIsFileCreationError() async throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(at: fixture.cacheFolder, withIntermediateDirectories: true)
        let path = fixture.cacheFolder.path
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: path)
        defer { _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path) }

        #expect(await fixture.loadError()?.kind == .fileCreationError)
    }

    // MARK: Server and network failures

    @Test func statusCodesMapToTheGuidesErrors() async throws {
        let fixture = try Fixture()
        let blobURL = fixture.server.baseURL.appendingPathComponent("v1/resources", isDirectory: true)
            .appendingPathComponent(fixture.weightsEntry.sha256, isDirectory: false)

        fixture.server.http.setFault(.status(404), for: fixture.weightsPath)
        #expect(await fixture.loadError()?.kind == .fileNotFound(blobURL))

        fixture.server.http.setFault(.status(410), for: fixture.weightsPath)
        #expect(await fixture.loadError()?.kind == .resourceUnavailable)

        fixture.server.http.setFault(.status(503), for: fixture.weightsPath)
        #expect(await fixture.loadError()?.kind == .downloadFailed(503))

        fixture.server.http.setFault(.status(500), for: LoopbackResourceServer.manifestPath)
        #expect(await fixture.loadError()?.kind == .downloadFailed(500))
        #expect(!fixture.blobExists(fixture.weightsEntry))
    }

    @Test func anAnswerThatIsNotHTTPIsInvalidResponse() async throws {
        let fixture = try Fixture()
        fixture.server.http.setFault(.garbage, for: fixture.weightsPath)
        #expect(await fixture.loadError()?.kind == .invalidResponse)

        fixture.server.http.setFault(.garbage, for: LoopbackResourceServer.manifestPath)
        #expect(await fixture.loadError()?.kind == .invalidResponse)
    }

    @Test func aRefusedConnectionIsNoInternetConnection() async throws {
        let fixture = try Fixture()
        fixture.server.stop()
        #expect(await fixture.loadError()?.kind == .noInternetConnection)
    }

    @Test func aStalledServerTimesOutAsNoInternetConnection() async throws {
        let fixture = try Fixture()
        fixture.server.http.setFault(.stall, for: fixture.weightsPath)
        #expect(await fixture.loadError(timeout: 0.5)?.kind == .noInternetConnection)
        #expect(!fixture.blobExists(fixture.weightsEntry))
    }

    @Test func cancellingTheCallerStopsTheTransferAndKeepsTheBytesForAResume() async throws {
        let fixture = try Fixture()
        let half = fixture.weights.count / 2
        fixture.server.http.setFault(.closeAfterBodyBytes(half), for: fixture.weightsPath, times: 1)
        _ = await fixture.loadError()
        fixture.server.http.setFault(.stall, for: fixture.weightsPath)

        let load = Task { await fixture.loadError(timeout: 30) }
        _ = await fixture.server.http.arrivedExchanges(for: fixture.weightsPath, count: 2)
        load.cancel()
        #expect(await load.value?.kind == .downloadFailed(URLError.Code.cancelled.rawValue))
        #expect(fixture.partialSize(fixture.weightsEntry) == half)
        #expect(!fixture.blobExists(fixture.weightsEntry))
    }

    @Test func afterOneSuccessfulLoadTheCacheServesResourcesOffline() async throws {
        let fixture = try Fixture()
        _ = try await fixture.load()
        fixture.server.stop()

        let offline = try await fixture.load(now: Fixture.now.addingTimeInterval(30 * 86_400))
        #expect(offline["weights"] == fixture.weights)
        #expect(await fixture.loadError(["labels"])?.kind == .noInternetConnection)
    }
}
