import CaptureCore
import Crypto
import FortfaceWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import _CryptoExtras

@testable import CaptureKitServer

/// A classifier for route tests: the type is written into the test image's top-left pixel (red
/// channel = index in `DocumentTypeName.allCases`), so each test chooses what the "engine" sees.
/// The real engine is exercised by its own suite; these tests are about the API's rules.
struct MarkerClassifier: DocumentClassifying {
    func classify(_ image: RGBAImage) throws -> DocumentClassificationAnswer {
        let index = Int(image[0, 0].r)
        let all = DocumentTypeName.allCases
        return DocumentClassificationAnswer(type: index < all.count ? all[index] : .undefined, confidence: 0.87)
    }

    /// A small PNG the classifier reads as `type`.
    static func image(_ type: DocumentTypeName) throws -> Data {
        let index = DocumentTypeName.allCases.firstIndex(of: type) ?? 0
        return try ImageCodec.encodePNG(RGBAImage(width: 48, height: 32, fill: RGBA(r: UInt8(index), g: 10, b: 20)))
    }
}

/// A customer with an API key and a registered app, a provisioned device, and helpers to make device
/// tokens, handshakes and sealed submissions against an in-process server.
struct FortfaceClient {
    static let appID = "com.example.bank"

    let api: APIClient
    let appID: String
    let apiKey: String
    let customerID: String
    let credentials: DeviceCredentials

    var client: any TestClientProtocol { api.client }

    /// Provisions a customer (app registered for `environment`) and a device.
    static func make(
        _ client: any TestClientProtocol, environment: String = "sandbox", appID: String = appID
    ) async throws -> FortfaceClient {
        let api = APIClient(client: client)
        let customer = try api.decode(
            CustomerController.CustomerResponse.self,
            try await api.send(.post, "/v1/admin/customers", json: ["name": "Example Bank"], admin: true)
        )
        let key = try api.decode(
            CustomerController.KeyResponse.self,
            try await api.send(
                .post, "/v1/admin/customers/\(customer.id)/api-keys", json: ["mode": "live"], admin: true)
        )
        let registered = try await api.send(
            .post, "/v1/admin/customers/\(customer.id)/fortface-apps",
            json: ["appId": appID, "environment": environment], admin: true
        )
        #expect(registered.status == .created)
        let signingKey = P256.Signing.PrivateKey()
        let device = try await api.send(
            .post, "/v1/admin/devices", json: ["publicKey": signingKey.publicKey.pemRepresentation, "app": appID],
            admin: true
        )
        #expect(device.status == .created)
        let certificate = try api.decode(FortfaceController.DeviceResponse.self, device).certificate
        return FortfaceClient(
            api: api, appID: appID, apiKey: key.apiKey ?? "", customerID: customer.id,
            credentials: DeviceCredentials(signingKey: signingKey, certificate: certificate)
        )
    }

    /// Fresh claims at `now` (edit them before signing to test the policy).
    func claims(
        now: Date, dbg: Bool = false, env: String = "sandbox", signals: IntegritySignals = IntegritySignals()
    ) -> DeviceTokenClaims {
        DeviceTokenClaims.fresh(
            now: now, app: appID, sdk: "1.9.0", plat: "linux-sim", os: "Linux", model: "x86_64", dbg: dbg,
            env: env, sig: signals, att: DeviceAttestation(certificate: credentials.certificate)
        )
    }

    func token(
        now: Date, dbg: Bool = false, env: String = "sandbox", signals: IntegritySignals = IntegritySignals()
    ) throws -> String {
        try DeviceToken.make(claims: claims(now: now, dbg: dbg, env: env, signals: signals), credentials: credentials)
    }

    var authorization: HTTPFields { [.authorization: "Bearer \(apiKey)", .contentType: "application/json"] }

    func handshake(_ token: String, apiKey: String? = nil) async throws -> TestResponse {
        let body = ByteBuffer(bytes: try JSONEncoder().encode(HandshakeRequest(deviceRequestInfo: token)))
        var headers = authorization
        if let apiKey { headers[.authorization] = "Bearer \(apiKey)" }
        return try await client.execute(uri: "/v1/handshake", method: .post, headers: headers, body: body)
    }

    /// A successful handshake's answer.
    func session(now: Date) async throws -> HandshakeResponse {
        let response = try await handshake(try token(now: now))
        #expect(response.status == .created)
        return try api.decode(HandshakeResponse.self, response)
    }

    /// A sealed capture of `image` for `session`.
    func capture(
        _ session: HandshakeResponse, image: Data, side: PayloadMetadata.Side = .front, expectedType: String? = nil,
        mode: PayloadMetadata.Mode = .upload
    ) throws -> SealedPayload {
        try PayloadSealer.seal(
            metadata: Self.metadata(
                session.sessionId, status: .success, side: side, expectedType: expectedType, mode: mode),
            image: image, sessionId: session.sessionId, sessionKey: SessionPublicKey(pem: session.sessionKey)
        )
    }

    /// A sealed cancel or timeout for `session`.
    func ending(_ session: HandshakeResponse, status: PayloadMetadata.Status) throws -> SealedPayload {
        try PayloadSealer.seal(
            metadata: Self.metadata(session.sessionId, status: status, side: nil, expectedType: nil, mode: .camera),
            image: nil, sessionId: session.sessionId, sessionKey: SessionPublicKey(pem: session.sessionKey)
        )
    }

    static func metadata(
        _ sessionId: String, status: PayloadMetadata.Status, side: PayloadMetadata.Side?, expectedType: String?,
        mode: PayloadMetadata.Mode
    ) -> PayloadMetadata {
        PayloadMetadata(
            sessionId: sessionId, status: status, side: side, documentType: nil, expectedType: expectedType,
            mode: mode, mime: status == .success ? "image/png" : nil, sdk: "1.9.0",
            device: .init(brand: "LINUX", model: "X86_64", platform: "LINUX"), location: nil,
            timings: .init(startedAt: 1_790_000_000_000, capturedAt: nil), attempts: 1
        )
    }

    func submit(
        _ route: String, sessionId: String, payload: SealedPayload, documentId: String? = nil
    ) async throws -> TestResponse {
        let request = SubmissionRequest(sessionId: sessionId, payload: payload, documentId: documentId)
        return try await post(route, body: try JSONEncoder().encode(request))
    }

    func post(_ route: String, body: Data, apiKey: String? = nil) async throws -> TestResponse {
        var headers = authorization
        if let apiKey { headers[.authorization] = "Bearer \(apiKey)" }
        return try await client.execute(uri: route, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    func errorCode(_ response: TestResponse) throws -> String { try api.errorCode(response) }
}

extension ServerFixture {
    /// A fixture with the marker classifier and `keys` pre-generated session keys.
    static func fortface(
        keys: Int = PregeneratedSessionKeys.count, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> ServerFixture {
        try ServerFixture(
            sessionKeyProvider: PregeneratedSessionKeys.provider(limit: keys), classifier: MarkerClassifier(),
            configure: configure
        )
    }

    /// The stored session.
    func session(_ id: String) async throws -> FortfaceSessionRecord? {
        try await environment.store.fortfaceSession(id: id)
    }

    /// Fills the key pool (waits for any fill already running) and returns its depth (-1 when the store
    /// cannot count it).
    @discardableResult
    func fillKeyPool() async -> Int {
        await environment.fortface.keyPool.fill()
        return (try? await environment.fortface.keyPool.depth()) ?? -1
    }
}

/// A PNG whose header declares `width` x `height` pixels, with one tiny IDAT: a decompression bomb's shape.
func pngDeclaring(width: UInt32, height: UInt32) -> Data {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        var length = UInt32(body.count).bigEndian
        var crc = CRC32.checksum(typed).bigEndian
        return withUnsafeBytes(of: &length) { Array($0) } + typed + withUnsafeBytes(of: &crc) { Array($0) }
    }
    var w = width.bigEndian
    var h = height.bigEndian
    let ihdr = withUnsafeBytes(of: &w) { Array($0) } + withUnsafeBytes(of: &h) { Array($0) } + [8, 6, 0, 0, 0]
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return Data(
        signature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", []))
}

/// Pads a PNG to exactly `size` bytes with a private ancillary chunk before IEND (decoders skip it).
func padPNG(_ png: Data, to size: Int) -> Data {
    let bytes = [UInt8](png)
    let iend = bytes.count - 12
    let padding = size - bytes.count - 12
    var length = UInt32(padding).bigEndian
    let typed = Array("zzZz".utf8) + [UInt8](repeating: 0x41, count: padding)
    var crc = CRC32.checksum(typed).bigEndian
    let chunk = withUnsafeBytes(of: &length) { Array($0) } + typed + withUnsafeBytes(of: &crc) { Array($0) }
    return Data(bytes[..<iend] + chunk + bytes[iend...])
}

/// CRC-32 (IEEE), as PNG chunks use.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
