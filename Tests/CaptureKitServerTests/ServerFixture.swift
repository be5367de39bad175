import CaptureCore
import CaptureKitTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import NIOCore
import ServiceLifecycle
import Testing

@testable import CaptureKitServer

/// A server on a temporary data directory with a test date source, a test signing key, a known admin
/// token and captured logs. Each test gets its own.
struct ServerFixture {
    static let adminToken = "test-admin-token-0123456789abcdef"

    let directory: String
    let clock: TestDateSource
    let logs: InMemoryLogHandler
    let environment: ServerEnvironment
    let services: [any Service]

    /// - Parameter configure: Changes to the configuration (limits, flags) before the server is built.
    init(
        keyIDs: [String] = ["test-2026"], databaseURL: String? = nil,
        sessionKeyProvider: (any SessionKeyProvider)? = nil, classifier: (any DocumentClassifying)? = nil,
        documentScanner: (any DocumentScanning)? = nil, engineClock: any Clock<Duration> = ContinuousClock(),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        directory = NSTemporaryDirectory() + "capkit-server-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let keysDirectory = directory + "/signing"
        let keyPaths = try keyIDs.map { try SigningKey.generate(kid: $0, directory: keysDirectory).path ?? "" }

        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.dataDirectory = directory + "/data"
        configuration.adminToken = Self.adminToken
        configuration.signingKeyPaths = keyPaths
        configuration.databaseURL = databaseURL
        configuration.logLevel = .trace
        configure(&configuration)

        let clock = TestDateSource(Date(timeIntervalSince1970: 1_790_000_000))
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let captured = handler
        var logger = Logger(label: "capkit-server-test", factory: { _ in captured })
        logger.logLevel = .trace
        let built = try buildEnvironment(
            configuration: configuration, logger: logger, now: { clock.now },
            sessionKeyProvider: sessionKeyProvider ?? PregeneratedSessionKeys.provider(),
            classifier: classifier, documentScanner: documentScanner, engineClock: engineClock
        )
        self.clock = clock
        self.logs = handler
        self.environment = built.environment
        self.services = built.services
    }

    /// The application (run it with `app.test(.router)` or `app.test(.live)`).
    func application() -> some ApplicationProtocol {
        buildApplication(environment: environment, services: services)
    }

    /// Removes the temporary directory.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Everything logged, as text (messages and metadata).
    var loggedText: String {
        logs.entries.map { "\($0.level) \($0.message) \($0.metadata)" }.joined(separator: "\n")
    }
}

/// Requests and JSON helpers over a Hummingbird test client.
struct APIClient {
    let client: any TestClientProtocol

    var adminHeaders: HTTPFields {
        [.authorization: "Bearer \(ServerFixture.adminToken)", .contentType: "application/json"]
    }

    /// Sends a JSON body (or none) and returns the response.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, json: (any Encodable)? = nil, admin: Bool = false,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = admin ? adminHeaders : [.contentType: "application/json"]
        fields.append(contentsOf: headers)
        let body = try json.map { ByteBuffer(bytes: try JSONEncoder().encode($0)) }
        return try await client.execute(uri: uri, method: method, headers: fields, body: body)
    }

    /// Decodes a JSON body.
    func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data((response.body).readableBytesView))
    }

    /// The error code of an error answer.
    func errorCode(_ response: TestResponse) throws -> String {
        try decode(APIError.Body.self, response).error.code
    }

    /// Creates a customer, an API key and an fbx licence for `bundleId`.
    func provision(bundleId: String = "com.example.app", mode: String = "live") async throws -> Provisioned {
        let customer = try decode(
            CustomerController.CustomerResponse.self,
            try await send(.post, "/v1/admin/customers", json: ["name": "Example Optics"], admin: true)
        )
        let key = try decode(
            CustomerController.KeyResponse.self,
            try await send(.post, "/v1/admin/customers/\(customer.id)/api-keys", json: ["mode": mode], admin: true)
        )
        let license = try decode(
            LicenseController.LicenseResponse.self,
            try await send(
                .post, "/v1/admin/customers/\(customer.id)/licenses",
                json: LicenseService.IssueRequest(
                    product: "fbx", bundleIds: [bundleId], features: ["tryon", "pd"], validDays: 30
                ),
                admin: true
            )
        )
        return Provisioned(customerID: customer.id, keyID: key.id, apiKey: key.apiKey ?? "", license: license)
    }

    /// Sends a validation request.
    func validate(
        apiKey: String?, bundleId: String = "com.example.app", nonce: String = "nonce-0001"
    )
        async throws -> TestResponse
    {
        try await send(
            .post, "/v1/licenses/validate",
            json: LicenseService.ValidationRequest(
                apiKey: apiKey, bundleId: bundleId, sdkVersion: "1.0.0", platform: "ios", nonce: nonce
            )
        )
    }

    /// Uploads bytes as a blob.
    func upload(
        _ bytes: [UInt8], mediaType: String = "application/octet-stream"
    ) async throws
        -> BlobStorage.UploadResponse
    {
        let response = try await client.execute(
            uri: "/v1/admin/blobs", method: .post,
            headers: [.authorization: "Bearer \(ServerFixture.adminToken)", .contentType: mediaType],
            body: ByteBuffer(bytes: bytes)
        )
        #expect(response.status == .created)
        return try decode(BlobStorage.UploadResponse.self, response)
    }

    /// The server's public keys as a keyring.
    func keyring() async throws -> JWSKeyring {
        let set = try decode(PublicKeySet.self, try await send(.get, "/v1/keys"))
        var keyring = JWSKeyring()
        for key in set.keys {
            try keyring.add(kid: key.kid, rawPublicKey: Base64URL.decode(key.x) ?? [])
        }
        return keyring
    }
}

/// What ``APIClient/provision(bundleId:mode:)`` created.
struct Provisioned {
    var customerID: String
    var keyID: String
    var apiKey: String
    var license: LicenseController.LicenseResponse
}
