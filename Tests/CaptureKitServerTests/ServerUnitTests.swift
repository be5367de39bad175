import ArgumentParser
import CaptureCore
import CaptureKitTesting
import Crypto
import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import Testing

@testable import CaptureKitServer

@Suite("FBx API key format")
struct FBxAPIKeyTests {
    @Test("a generated key parses back, has the documented length and a redacted description")
    func generatedKeyRoundTrips() throws {
        let key = FBxAPIKey.generate(mode: .live, randomBytes: Array(0..<32))
        #expect(key.rawValue.count == 56)
        #expect(key.rawValue.hasPrefix("fbx_live_"))
        #expect(try FBxAPIKey(parsing: key.rawValue) == key)
        #expect(key.description == "fbx_live_…")
        #expect(key.sha256Hex.count == 64)
        #expect(FBxAPIKey.generate(mode: .test).mode == .test)
    }

    @Test("each malformation gets its own error")
    func malformedKeys() {
        let key = FBxAPIKey.generate(mode: .live).rawValue
        var typo = Array(key)
        typo[30] = typo[30] == "x" ? "y" : "x"
        #expect(throws: FBxAPIKeyError.empty) { try FBxAPIKey(parsing: "") }
        #expect(throws: FBxAPIKeyError.unknownPrefix) { try FBxAPIKey(parsing: "fbx_prod_" + key.dropFirst(9)) }
        #expect(throws: FBxAPIKeyError.wrongLength(55)) { try FBxAPIKey(parsing: String(key.dropLast())) }
        #expect(throws: FBxAPIKeyError.notBase64URL) {
            try FBxAPIKey(parsing: "fbx_live_" + String(repeating: "+", count: 43) + "AAAA")
        }
        #expect(throws: FBxAPIKeyError.checksumMismatch) { try FBxAPIKey(parsing: String(typo)) }
        #expect(!FBxAPIKeyError.checksumMismatch.description.contains(key))
    }
}

@Suite("Byte ranges")
struct ByteRangeTests {
    @Test(
        "Range headers resolve against the body size",
        arguments: [
            ("bytes=0-3", ByteRange.Request.partial(ByteRange(first: 0, last: 3))),
            ("bytes=5-", .partial(ByteRange(first: 5, last: 9))),
            ("bytes=-3", .partial(ByteRange(first: 7, last: 9))),
            ("bytes=-30", .partial(ByteRange(first: 0, last: 9))),
            ("bytes=8-100", .partial(ByteRange(first: 8, last: 9))),
            ("bytes=10-", .unsatisfiable),
            ("bytes=-0", .unsatisfiable),
            ("bytes=3-1", .whole),
            ("bytes=0-1,4-5", .whole),
            ("items=0-1", .whole),
            ("bytes=a-b", .whole),
            ("bytes=99999999999999999999-", .whole),
        ])
    func parse(header: String, expected: ByteRange.Request) {
        #expect(ByteRange.parse(header, size: 10) == expected)
    }
}

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("a key gets its burst, then waits for refill; other keys are independent")
    func tokenBucket() {
        let clock = TestDateSource(Date(timeIntervalSince1970: 0))
        let limiter = RateLimiter(perMinute: 60, now: { clock.now })
        for _ in 0..<60 { #expect(limiter.consume("a") == .allowed) }
        #expect(limiter.consume("a") == .limited(retryAfterSeconds: 1))
        #expect(limiter.consume("b") == .allowed)
        clock.advance(seconds: 1)
        #expect(limiter.consume("a") == .allowed)
        #expect(limiter.consume("a") == .limited(retryAfterSeconds: 1))
    }

    @Test("memory stays bounded: refilled buckets are forgotten")
    func boundedKeys() {
        let clock = TestDateSource(Date(timeIntervalSince1970: 0))
        let limiter = RateLimiter(perMinute: 60, maxKeys: 10, now: { clock.now })
        for index in 0..<10 { _ = limiter.consume("k\(index)") }
        clock.advance(seconds: 120)
        for index in 10..<30 { #expect(limiter.consume("k\(index)") == .allowed) }
    }
}

@Suite("Signing keys and configuration")
struct SigningKeyTests {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "capkit-keys-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a key file is one line of base64url; its name gives the kid")
    func keyFileFormat() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let generated = try SigningKey.generate(kid: "prod-2027", directory: directory)
        let loaded = try SigningKey.load(path: directory + "/prod-2027.ed25519")
        #expect(loaded.kid == "prod-2027")
        #expect(loaded.publicKey.rawRepresentation == generated.publicKey.rawRepresentation)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/prod-2027.ed25519")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        _ = FileManager.default.createFile(
            atPath: directory + "/short.ed25519", contents: Data((Base64URL.encode([1, 2, 3]) + "\n").utf8))
        #expect(throws: SigningKeyError.wrongLength(path: directory + "/short.ed25519", count: 3)) {
            try SigningKey.load(path: directory + "/short.ed25519")
        }
        _ = FileManager.default.createFile(atPath: directory + "/padded.ed25519", contents: Data("AAAA==".utf8))
        #expect(throws: SigningKeyError.malformed(path: directory + "/padded.ed25519")) {
            try SigningKey.load(path: directory + "/padded.ed25519")
        }
        #expect(throws: SigningKeyError.unreadable(path: directory + "/missing.ed25519")) {
            try SigningKey.load(path: directory + "/missing.ed25519")
        }
    }

    @Test("with no key configured and no development key, a key is generated once in the data directory")
    func generatedKeyIsReused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        let first = try SigningKeyResolver.resolve(
            configuration: configuration, workingDirectory: directory, now: Date())
        #expect(first.note.contains("generated"))
        let second = try SigningKeyResolver.resolve(
            configuration: configuration, workingDirectory: directory, now: Date())
        #expect(second.keys.current.kid == first.keys.current.kid)
        #expect(!second.note.contains("generated"))
    }

    @Test("the development key under the working directory is preferred when present")
    func developmentKeyIsUsed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try SigningKey.generate(kid: "dev-2026", directory: directory + "/keys")
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory + "/data"
        let resolved = try SigningKeyResolver.resolve(
            configuration: configuration, workingDirectory: directory, now: Date())
        #expect(resolved.keys.current.kid == "dev-2026")
    }

    @Test("in production mode the development key under the working directory stops the start")
    func productionRefusesTheDevelopmentKeyFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/keys", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestKeys.developmentKeyURL.path,
            toPath: directory + "/" + SigningKeyResolver.developmentKeyPath)
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory + "/data"
        #expect(
            try SigningKeyResolver.resolve(configuration: configuration, workingDirectory: directory, now: Date())
                .keys.current.isDevelopmentKey)
        configuration.production = true
        let error = #expect(throws: SigningKeyError.self) {
            try SigningKeyResolver.resolve(configuration: configuration, workingDirectory: directory, now: Date())
        }
        guard case .developmentKeyInProduction? = error else {
            Issue.record("expected developmentKeyInProduction, got \(String(describing: error))")
            return
        }
        #expect(
            error?.description.contains("Refusing to start in production mode with the development signing key")
                == true)
    }

    @Test("a production server refuses the development key under any name, and starts with its own key")
    func productionRefusesTheDevelopmentKeyUnderAnyName() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let renamed = directory + "/prod-2027.ed25519"
        try FileManager.default.copyItem(atPath: TestKeys.developmentKeyURL.path, toPath: renamed)
        let own = try SigningKey.generate(kid: "prod-2028", directory: directory)
        let options = try ServerOptions.parse([
            "--production", "--signing-key", renamed, "--signing-key", own.path ?? "",
        ])
        var configuration = try options.configuration(environment: ["CAPTUREKIT_DATA_DIR": directory + "/data"])
        #expect(configuration.production)
        #expect(throws: SigningKeyError.developmentKeyInProduction(path: renamed)) {
            try buildEnvironment(
                configuration: configuration, logger: Logger(label: "production-test"),
                sessionKeyProvider: PregeneratedSessionKeys.provider())
        }
        configuration.signingKeyPaths = [own.path ?? ""]
        let built = try buildEnvironment(
            configuration: configuration, logger: Logger(label: "production-test"),
            sessionKeyProvider: PregeneratedSessionKeys.provider())
        #expect(built.environment.signingKeys.current.kid == "prod-2028")
    }

    @Test("CAPTUREKIT_PRODUCTION turns production mode on; it is off by default")
    func productionFromTheEnvironment() throws {
        #expect(try ServerOptions.parse([]).configuration(environment: [:]).production == false)
        #expect(try ServerOptions.parse([]).configuration(environment: ["CAPTUREKIT_PRODUCTION": "1"]).production)
        #expect(throws: ConfigurationError.invalidValue(name: "CAPTUREKIT_PRODUCTION", expected: "1 or 0")) {
            try ServerOptions.parse([]).configuration(environment: ["CAPTUREKIT_PRODUCTION": "yes"])
        }
    }

    @Test("environment variables configure the server and flags override them")
    func environmentAndFlags() throws {
        let options = try ServerOptions.parse(["--port", "9000"])
        let configuration = try options.configuration(environment: [
            "CAPTUREKIT_PORT": "7000", "CAPTUREKIT_DATA_DIR": "/tmp/x", "CAPTUREKIT_SIGNING_KEY": "a.ed25519:b.ed25519",
            "CAPTUREKIT_REJECT_TEST_KEYS": "1", "CAPTUREKIT_RATE_LIMIT_KEY": "10",
        ])
        #expect(configuration.port == 9000)
        #expect(configuration.dataDirectory == "/tmp/x")
        #expect(configuration.signingKeyPaths == ["a.ed25519", "b.ed25519"])
        #expect(configuration.rejectTestKeys)
        #expect(configuration.keyRequestsPerMinute == 10)
        #expect(throws: ConfigurationError.self) {
            try ServerOptions.parse([]).configuration(environment: ["CAPTUREKIT_PORT": "x"])
        }
    }

    @Test("the first start writes an admin token readable by its owner only; later starts reuse it")
    func adminTokenFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/admin-token"
        let created = try AdminToken.loadOrCreate(path: path)
        #expect(created.wasCreated)
        let token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(created.matches(token))
        #expect(!created.matches(token + "x"))
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        let reused = try AdminToken.loadOrCreate(path: path)
        #expect(!reused.wasCreated)
        #expect(reused.matches(token))
    }

    @Test("PostgreSQL URLs are parsed, and unusable ones refused")
    func postgresURLs() throws {
        let configuration = try PostgresDriver.clientConfiguration(
            url: "postgres://capkit:p%40ss@127.0.0.1:5433/capturekit?sslmode=disable")
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 5433)
        #expect(configuration.username == "capkit")
        #expect(configuration.password == "p@ss")
        #expect(configuration.database == "capturekit")
        #expect(throws: StoreError.self) { try PostgresDriver.clientConfiguration(url: "mysql://x@y/z") }
        #expect(throws: StoreError.self) {
            try PostgresDriver.clientConfiguration(url: "postgres://x@y/z?sslmode=maybe")
        }
    }
}
