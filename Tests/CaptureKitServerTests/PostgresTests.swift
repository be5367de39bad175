import CaptureCore
import CaptureKitTesting
import FortfaceWire
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Testing

@testable import CaptureKitServer

/// The database URL for PostgreSQL tests; `.ci/run` exports it after `scripts/ci-postgres`.
private let postgresURL = ProcessInfo.processInfo.environment["CAPTUREKIT_TEST_POSTGRES_URL"]

@Suite(
    "PostgreSQL mode: two server instances share one database",
    .enabled(
        if: postgresURL != nil, "skipped: set CAPTUREKIT_TEST_POSTGRES_URL (scripts/ci-postgres prints it) to run"),
    .timeLimit(.minutes(1))
)
struct PostgresTests {
    /// Creates a fresh database for one test and drops it afterwards.
    private func withScratchDatabase(_ body: (String) async throws -> Void) async throws {
        let base = try #require(postgresURL)
        let name = "capkit_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        // One plain connection for the administrative statements: a pool would have to be running
        // before its first query, and a connection is ready once `connect` returns.
        let logger = Logger(label: "pg-test")
        let admin = try await PostgresConnection.connect(
            configuration: try Self.adminConfiguration(url: base), id: 1, logger: logger
        )
        do {
            try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            var components = try #require(URLComponents(string: base))
            components.path = "/" + name
            do {
                try await body(try #require(components.string))
            } catch {
                _ = try? await admin.query(
                    PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
                throw error
            }
            try await admin.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        } catch {
            try? await admin.close()
            throw error
        }
        try await admin.close()
    }

    /// A single connection's configuration from the test database URL (host, port, user, password,
    /// database and `sslmode` as ``PostgresDriver/clientConfiguration(url:)`` reads them).
    private static func adminConfiguration(url: String) throws -> PostgresConnection.Configuration {
        let pool = try PostgresDriver.clientConfiguration(url: url)
        let sslMode = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "sslmode" })?.value
        let tls: PostgresConnection.Configuration.TLS =
            sslMode == "disable"
            ? .disable : .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        return PostgresConnection.Configuration(
            host: try #require(pool.host), port: pool.port ?? 5432, username: pool.username,
            password: pool.password, database: pool.database, tls: tls
        )
    }

    /// Two server fixtures on the database at `url`, the second signing with the first's keys.
    static func twoInstances(_ url: String) throws -> (ServerFixture, ServerFixture) {
        let first = try ServerFixture(databaseURL: url)
        do {
            let second = try ServerFixture(databaseURL: url) {
                $0.signingKeyPaths = first.environment.configuration.signingKeyPaths
            }
            return (first, second)
        } catch {
            first.remove()
            throw error
        }
    }

    @Test("either instance serves what the other wrote: licences, resources and frames")
    func instancesShareState() async throws {
        try await withScratchDatabase { url in
            let (first, second) = try Self.twoInstances(url)
            defer {
                first.remove()
                second.remove()
            }

            try await first.application().test(.live) { firstClient in
                try await second.application().test(.live) { secondClient in
                    let a = APIClient(client: firstClient)
                    let b = APIClient(client: secondClient)
                    #expect(try await b.send(.get, "/ready").status == .ok)

                    // Written on A, validated on B.
                    let provisioned = try await a.provision()
                    let validation = try await b.validate(apiKey: provisioned.apiKey)
                    #expect(validation.status == .ok)
                    let fetched = try await b.send(.get, "/v1/admin/licenses/\(provisioned.license.id)", admin: true)
                    var issued = provisioned.license
                    issued.token = nil  // shown once, at issue
                    #expect(try b.decode(LicenseController.LicenseResponse.self, fetched) == issued)

                    // Revoked on B, refused on A.
                    try await b.send(.post, "/v1/admin/licenses/\(provisioned.license.id)/revoke", admin: true)
                    #expect(
                        try a.errorCode(try await a.validate(apiKey: provisioned.apiKey)) == "licenseForAPIKeyNotFound")

                    // Published on B, served by A.
                    let blob = try await b.upload(Array("shared resource".utf8))
                    try await b.send(
                        .post, "/v1/admin/resources",
                        json: ManifestService.PublishRequest(name: "shared", version: "1", sha256: blob.sha256),
                        admin: true
                    )
                    let manifest = try CompactJWS.parse(
                        String(buffer: try await a.send(.get, "/v1/resources/manifest").body)
                    )
                    .decodePayload(as: ResourceManifest.self)
                    #expect(manifest.manifestVersion == 1)
                    #expect(
                        String(buffer: try await a.send(.get, "/v1/resources/\(blob.sha256)").body) == "shared resource"
                    )
                    let part = try await a.send(.get, "/v1/resources/\(blob.sha256)", headers: [.range: "bytes=7-"])
                    #expect(String(buffer: part.body) == "resource")

                    // Frames imported on A, served by B.
                    let texture = try await a.upload(Array("texture".utf8), mediaType: "image/png")
                    let frame = CatalogController.ImportRequest.Frame(
                        sku: "PG-1", name: "Shared", lensWidthMm: 50, bridgeWidthMm: 20, templeLengthMm: 140,
                        colors: [], assets: [.init(role: "texture", sha256: texture.sha256)]
                    )
                    try await a.send(
                        .post, "/v1/admin/frames", json: CatalogController.ImportRequest(frames: [frame]), admin: true)
                    let served = try b.decode(
                        CatalogController.FrameResponse.self, try await b.send(.get, "/v1/frames/PG-1"))
                    #expect(served.assets.first?.mediaType == "image/png")
                }
            }
        }
    }

    @Test("concurrent publications on two instances get distinct, increasing manifest versions")
    func concurrentPublicationsAreSerialised() async throws {
        try await withScratchDatabase { url in
            let first = try ServerFixture(databaseURL: url)
            defer { first.remove() }
            let second = try ServerFixture(databaseURL: url)
            defer { second.remove() }
            try await first.application().test(.router) { firstClient in
                try await second.application().test(.router) { secondClient in
                    let clients = [APIClient(client: firstClient), APIClient(client: secondClient)]
                    let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                        for index in 0..<10 {
                            let api = clients[index % 2]
                            group.addTask {
                                let blob = try await api.upload(Array("resource \(index)".utf8))
                                let response = try await api.send(
                                    .post, "/v1/admin/resources",
                                    json: ManifestService.PublishRequest(
                                        name: "r\(index)", version: "1", sha256: blob.sha256),
                                    admin: true
                                )
                                return try api.decode(ManifestService.PublishResponse.self, response).manifestVersion
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(versions.sorted() == Array(1...10))
                    let latest = try await first.environment.store.latestManifest()
                    #expect(latest?.version == 10)
                    #expect(latest?.entries.count == 10)
                }
            }
        }
    }

    @Test("a Fortface session opened on one instance is consumed once across both, with one jti table")
    func fortfaceSessionsAreSharedAcrossInstances() async throws {
        try await withScratchDatabase { url in
            let (first, second) = try Self.fortfaceDeployment(
                url, firstKeys: PregeneratedSessionKeys.provider(limit: 4),
                secondKeys: PregeneratedSessionKeys.provider(limit: 4))
            defer { first.remove(); second.remove() }

            try await first.application().test(.router) { firstClient in
                try await second.application().test(.router) { secondClient in
                    await first.fillKeyPool()
                    await second.fillKeyPool()
                    let onA = try await FortfaceClient.make(firstClient)
                    let onB = FortfaceClient(
                        api: APIClient(client: secondClient), appID: onA.appID, apiKey: onA.apiKey,
                        customerID: onA.customerID, credentials: onA.credentials)

                    // Handshake on A; the same device token replayed on B finds its jti taken.
                    let token = try onA.token(now: first.clock.now)
                    let opened = try await onA.handshake(token)
                    #expect(opened.status == .created)
                    let session = try onA.api.decode(HandshakeResponse.self, opened)
                    #expect(try await onB.handshake(token).status == .unauthorized)
                    #expect(second.loggedText.contains("deviceToken.replayed"))

                    // Submitted on B (B unseals A's key with the shared KEK), resubmitted on A: same answer;
                    // a different payload on A is refused as a reused session key.
                    let payload = try onA.capture(session, image: try MarkerClassifier.image(.rgFront))
                    let answered = try await onB.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
                    #expect(answered.status == .ok)
                    let answer = try onB.api.decode(DocumentAnswer.self, answered)
                    #expect(answer.providers.fortfaceSdk.type == "RG_FRONT")
                    let again = try await onA.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
                    #expect(try onA.api.decode(DocumentAnswer.self, again).documentId == answer.documentId)
                    let other = try onA.capture(session, image: try MarkerClassifier.image(.rgFront))
                    let refused = try await onA.submit("/v1/documents", sessionId: session.sessionId, payload: other)
                    #expect(try onA.errorCode(refused) == "sessionKeyAlreadyUsed")
                    let stored = try #require(try await first.session(session.sessionId))
                    #expect(stored.state == .consumed)
                    #expect(stored.sealedPrivateKey == nil)
                }
            }
        }
    }

    @Test("two instances share one persisted key pool: concurrent handshakes on both never get the same key")
    func instancesShareOneKeyPool() async throws {
        try await withScratchDatabase { url in
            // Only the first instance can generate; the second draws from what the first stored.
            let (first, second) = try Self.fortfaceDeployment(
                url, firstKeys: PregeneratedSessionKeys.provider(limit: 8), secondKeys: FiniteKeyProvider(keys: []))
            defer { first.remove(); second.remove() }

            try await first.application().test(.router) { firstClient in
                try await second.application().test(.router) { secondClient in
                    #expect(await first.fillKeyPool() == 8)
                    #expect(try await second.environment.fortface.keyPool.depth() == 8)
                    let onA = try await FortfaceClient.make(firstClient)
                    let onB = FortfaceClient(
                        api: APIClient(client: secondClient), appID: onA.appID, apiKey: onA.apiKey,
                        customerID: onA.customerID, credentials: onA.credentials)
                    let now = first.clock.now
                    // 12 handshakes at once, 6 on each instance, for 8 keys.
                    let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                        for index in 0..<12 {
                            let client = index % 2 == 0 ? onA : onB
                            let token = try client.token(now: now)
                            group.addTask {
                                let response = try await client.handshake(token)
                                let key =
                                    response.status == .created
                                    ? try client.api.decode(HandshakeResponse.self, response).sessionKey : nil
                                return (response.status, key)
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    let keys = answers.compactMap(\.1)
                    #expect(keys.count == 8)
                    #expect(Set(keys).count == 8)
                    #expect(Set(keys) == Set(PregeneratedSessionKeys.all.prefix(8).map(\.publicKeyPEM)))
                    #expect(answers.filter { $0.0 == .serviceUnavailable }.count == 4, "\(answers.map(\.0.code))")
                    #expect(try await first.environment.fortface.keyPool.depth() == 0)
                }
            }
        }
    }

    /// Two instances of one Fortface deployment on the database at `url`: they share the
    /// key-encryption key, the signing keys and the device CA.
    static func fortfaceDeployment(
        _ url: String, firstKeys: any SessionKeyProvider, secondKeys: any SessionKeyProvider
    ) throws -> (ServerFixture, ServerFixture) {
        let kek = Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
        let first = try ServerFixture(databaseURL: url, sessionKeyProvider: firstKeys, classifier: MarkerClassifier()) {
            $0.fortfaceKEK = kek
        }
        let authorityKey = first.environment.configuration.deviceAuthorityKeyPath
        do {
            let second = try ServerFixture(
                databaseURL: url, sessionKeyProvider: secondKeys, classifier: MarkerClassifier()
            ) { configuration in
                configuration.signingKeyPaths = first.environment.configuration.signingKeyPaths
                configuration.fortfaceKEK = kek
                try? FileManager.default.createDirectory(
                    atPath: configuration.dataDirectory, withIntermediateDirectories: true)
                try? FileManager.default.copyItem(atPath: authorityKey, toPath: configuration.deviceAuthorityKeyPath)
            }
            return (first, second)
        } catch {
            first.remove()
            throw error
        }
    }

    @Test("both instances serve POST /v1/documents/scan with an API key created through the other one")
    func instancesShareScanKeys() async throws {
        try await withScratchDatabase { url in
            let (first, second) = try Self.twoInstances(url)
            defer {
                first.remove()
                second.remove()
            }
            // A small blank frame: the real engine answers it in milliseconds (a passport photo takes seconds
            // in a debug build, and reading one is DocumentScanRouteTests' business, not this test's).
            let frame = try ImageCodec.encodePNG(RGBAImage(width: 160, height: 100, fill: RGBA(r: 200, g: 200, b: 200)))

            try await first.application().test(.live) { firstClient in
                try await second.application().test(.live) { secondClient in
                    let a = APIClient(client: firstClient)
                    let b = APIClient(client: secondClient)
                    // Each key is created (with its blinkid licence) through one instance, used on the other.
                    var created: [(key: String, keyID: String)] = []
                    for api in [a, b] {
                        let provisioned = try await api.provision()
                        let licence = try await api.send(
                            .post, "/v1/admin/customers/\(provisioned.customerID)/licenses",
                            json: LicenseService.IssueRequest(product: "blinkid", bundleIds: ["*"], validDays: 30),
                            admin: true)
                        #expect(licence.status == .created)
                        created.append((provisioned.apiKey, provisioned.keyID))
                    }
                    for (client, key) in [(secondClient, created[0].key), (firstClient, created[1].key)] {
                        let response = try await DocumentScanRouteTests.scanJSON(client, apiKey: key, front: frame)
                        #expect(response.status == .ok)
                        let answer = try DocumentScanRouteTests.json(response)
                        #expect(answer["input"] as? String == "front")
                        #expect(answer["detectionStatus"] as? String == "failed")
                    }

                    // Revoked through B, refused at once by A: the key's state lives in the shared database only.
                    let revoked = try await b.send(
                        .put, "/v1/admin/api-keys/\(created[0].keyID)/status", json: ["status": "revoked"], admin: true)
                    #expect(revoked.status == .ok)
                    let refused = try await DocumentScanRouteTests.scanJSON(
                        firstClient, apiKey: created[0].key, front: frame)
                    #expect(refused.status == .unauthorized)
                    #expect(try a.errorCode(refused) == "invalidAPIKey")
                }
            }
        }
    }
}
