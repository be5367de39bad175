import CaptureCore
import CaptureKitServer
import CaptureKitTesting
import Crypto
import FaceEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServiceLifecycle

@testable import FBxSDK

/// Shared test inputs: the landmark backend (loaded once), sample faces, temporary folders.
enum FBxFixtures {
    /// The dlib backend, loaded once for every test (1–2 s).
    static let backend: Result<DlibLandmarkBackend, FaceEngineError> = Result { () throws(FaceEngineError) in
        try DlibLandmarkBackend()
    }

    /// The repository's `samples/faces` folder.
    static var samples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/faces", isDirectory: true)
    }

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fbx-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A closed loopback port: nothing listens on port 1.
    static let unreachableServer = URL(string: "http://127.0.0.1:1")!

    /// Dependencies for a test manager: still images as the camera, a manual clock, small textures.
    static func dependencies(
        dataDirectory: URL, keyring: JWSKeyring = JWSKeyring(), now: TestDateSource = TestDateSource(Date()),
        clock: ManualClock = ManualClock(), permission: FBxCameraAuthorization = .authorized,
        images: [String] = ["fr_obama.jpg"]
    ) -> FBxDependencies {
        var tracker = FaceTrackerConfiguration()
        tracker.minimumFaceSize = 80
        let paths = images.map { samples.appendingPathComponent($0).path }
        return FBxDependencies(
            dataDirectory: dataDirectory, keyring: keyring, now: now.function, clock: clock,
            permissionProvider: StaticPermission(value: permission),
            makeFrameSource: { () throws(FBxError) -> any FrameSource in
                do {
                    return try ImageFilesSource(paths: paths)
                } catch {
                    throw .internalError("\(error)")
                }
            },
            makeLandmarkBackend: { () throws(FaceEngineError) -> any LandmarkBackend in try backend.get() },
            // A generous timeout: a slow answer on a loaded 2-core CI machine must not pass for an
            // unreachable server (which would accept the cached licence answer instead). The
            // unreachable server of these tests refuses connections at once, so nothing waits for it.
            trackerConfiguration: tracker, framePixelsPerMillimetre: 2, httpTimeout: 60)
    }
}

/// A permission provider that answers what it is told.
struct StaticPermission: FBxCameraPermissionProvider {
    let value: FBxCameraAuthorization
    func authorization() -> FBxCameraAuthorization { value }
}

/// A capkit-server (SQLite in a temporary folder, its own signing key) on a loopback port.
struct FBxServerFixture {
    static let adminToken = "fbx-test-admin-token-0123456789abcdef"
    static let bundleID = "com.example.tryon"

    let directory: String
    let environment: ServerEnvironment
    let services: [any Service]
    /// A keyring holding the server's signing key.
    let keyring: JWSKeyring

    /// - Parameter signingWithDevelopmentKey: Sign with the committed development key instead of a fresh one.
    init(cacheSeconds: Int = 3600, graceSeconds: Int = 7200, signingWithDevelopmentKey: Bool = false) throws {
        directory = NSTemporaryDirectory() + "fbx-server-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let key =
            signingWithDevelopmentKey
            ? try SigningKey.load(path: TestKeys.developmentKeyURL.path)
            : try SigningKey.generate(kid: "fbx-test", directory: directory + "/signing")
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.dataDirectory = directory + "/data"
        configuration.adminToken = Self.adminToken
        configuration.signingKeyPaths = [key.path ?? ""]
        configuration.validationCacheSeconds = cacheSeconds
        configuration.validationGraceSeconds = graceSeconds
        configuration.logLevel = .critical
        configuration.fortfaceKeyGeneration = false  // no Fortface here: no session keys to generate
        var logger = Logger(label: "fbx-test-server")
        logger.logLevel = .critical
        let built = try buildEnvironment(configuration: configuration, logger: logger)
        environment = built.environment
        services = built.services
        var keyring = JWSKeyring()
        try keyring.add(kid: key.kid, rawPublicKey: key.publicKey.rawRepresentation)
        self.keyring = keyring
    }

    /// Runs `body` with the server listening; its URL and an admin client are passed in.
    func run(_ body: @escaping @Sendable (URL, FBxServerProvisioner) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await buildApplication(environment: environment, services: services).test(.live) { client in
            let url = URL(string: "http://127.0.0.1:\(client.port ?? 0)")!
            let admin = FBxServerProvisioner(client: FBxServerClient(baseURL: url), adminToken: Self.adminToken)
            try await body(url, admin)
        }
    }
}

/// Collects a stream's elements until `count` have arrived.
func first<Element: Sendable>(_ count: Int, of stream: AsyncStream<Element>) async -> [Element] {
    var collected: [Element] = []
    for await element in stream {
        collected.append(element)
        if collected.count == count { break }
    }
    return collected
}

/// A licence answer signed by a fresh key and stored where the SDK caches it, so that a manager
/// configures offline (through the grace rule) without a server. Returns the keyring that trusts it.
func storeOfflineLicence(
    dataDirectory: URL, apiKey: String, bundleID: String = FBxServerFixture.bundleID,
    now: Date = Date()
) throws -> JWSKeyring {
    let key = Curve25519.Signing.PrivateKey()
    let claims = LicenseValidationClaims(
        status: .active, keyId: "key_test", bundleId: bundleID, features: [], nonce: "offline-nonce",
        iat: now, cacheUntil: now.addingTimeInterval(60), graceUntil: now.addingTimeInterval(3600))
    let token = try CompactJWS.sign(claims, typ: LicenseValidationClaims.tokenType, kid: "offline", key: key)
    let folder = dataDirectory.appendingPathComponent("licence", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(token.utf8).write(to: folder.appendingPathComponent(FBxAPIKey.sha256Hex(of: apiKey) + ".jws"))
    var keyring = JWSKeyring()
    try keyring.add(kid: "offline", rawPublicKey: key.publicKey.rawRepresentation)
    return keyring
}

/// A manager configured offline from a stored licence answer (no server).
func offlineConfiguredManager(
    dataDirectory: URL? = nil, permission: FBxCameraAuthorization = .authorized, clock: ManualClock = ManualClock()
) async throws -> FBxManager {
    let cacheFolder = try FBxFixtures.temporaryDirectory()
    let key = FBxAPIKey.generate(mode: .live).rawValue
    let keyring = try storeOfflineLicence(dataDirectory: cacheFolder, apiKey: key)
    var dependencies = FBxFixtures.dependencies(
        dataDirectory: cacheFolder, keyring: keyring, clock: clock,
        permission: permission)
    if let dataDirectory {
        // The licence stays in its folder; resources go to `dataDirectory`.
        dependencies.licenceCacheDirectory = cacheFolder.appendingPathComponent("licence", isDirectory: true)
        dependencies.dataDirectory = dataDirectory
    }
    let manager = FBxManager(dependencies: dependencies)
    try await manager.configure(
        FBxConfiguration(
            apiKey: key, initialSku: nil, serverURL: FBxFixtures.unreachableServer,
            bundleID: FBxServerFixture.bundleID))
    return manager
}
