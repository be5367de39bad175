import BlinkID
import CaptureCore
import CaptureKitTesting
import DocumentScanReport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import Testing

@testable import CaptureKitServer

/// A scanner that reports when a scan has started and holds it until the test releases it (or the
/// request is cancelled): it keeps an engine slot busy without timing.
final class GatedDocumentScanner: DocumentScanning {
    let started = AsyncGate()
    let release = AsyncGate()

    func scan(
        _ images: [RGBAImage], input: String, mode: ScanningMode, includeImages: Bool
    ) async throws
        -> ScanReport
    {
        started.open()
        try await release.wait()
        return ScanReport(input: input)
    }
}

@Suite("POST /v1/documents/scan", .timeLimit(.minutes(1)))
struct DocumentScanRouteTests {
    /// `samples/documents/<name>.jpg` in the repository.
    static func sample(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("samples/documents/\(name).jpg"))
    }

    /// A customer with an API key and a licence for `product`.
    static func provision(_ api: APIClient, product: String = "blinkid") async throws -> String {
        let provisioned = try await api.provision()
        if product != "fbx" {
            let issued = try await api.send(
                .post, "/v1/admin/customers/\(provisioned.customerID)/licenses",
                json: LicenseService.IssueRequest(product: product, bundleIds: ["*"], validDays: 30), admin: true)
            #expect(issued.status == .created)
        }
        return provisioned.apiKey
    }

    static func scanJSON(
        _ client: some TestClientProtocol, apiKey: String?, front: Data, back: Data? = nil,
        extraHeaders: HTTPFields = [:]
    ) async throws -> TestResponse {
        var body: [String: String] = ["front": front.base64EncodedString()]
        body["back"] = back?.base64EncodedString()
        var headers: HTTPFields = [.contentType: "application/json"]
        if let apiKey { headers[.authorization] = "Bearer \(apiKey)" }
        headers.append(contentsOf: extraHeaders)
        return try await client.execute(
            uri: "/v1/documents/scan", method: .post, headers: headers,
            body: ByteBuffer(bytes: try JSONEncoder().encode(body)))
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    @Test("a passport photo in JSON answers the capkit scan schema, with a request id and metrics, and no log of it")
    func scansAPassportPhoto() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.provision(api)
            let response = try await Self.scanJSON(
                client, apiKey: key, front: try Self.sample("td3"),
                extraHeaders: [
                    DocumentScanController.requestIDField: "client-req-42"
                ])
            #expect(response.status == .ok)
            #expect(response.headers[DocumentScanController.requestIDField] == "client-req-42")
            let line = try Self.json(response)
            #expect(Set(line.keys) == ["input", "detectionStatus", "documentLocation", "mrz", "barcode"])
            #expect(line["input"] as? String == "front")
            #expect(line["detectionStatus"] as? String == "success")
            let mrz = try #require(line["mrz"] as? [String: Any])
            #expect(mrz["valid"] as? Bool == true)
            let fields = try #require(mrz["fields"] as? [String: Any])
            #expect(fields["documentType"] as? String == "td3")
            let number = try #require(fields["documentNumber"] as? String)
            #expect(!number.isEmpty)
            #expect(!fixture.loggedText.contains(number))

            let metrics = String(buffer: try await api.send(.get, "/metrics").body)
            #expect(metrics.contains(#"capturekit_engine_requests_total{engine="documents",outcome="ok"} 1"#))
            #expect(metrics.contains("capturekit_engine_duration_seconds_bucket"))
        }
    }

    @Test("a multipart upload over a real socket is scanned, and answers carry a fresh request id")
    func multipartOverHTTP() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.live) { client in
            let api = APIClient(client: client)
            let key = try await Self.provision(api)
            let boundary = "capkit-test-boundary-7"
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\nsingle\r\n".utf8)
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"front\"; filename=\"td3.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8)
            body += try Self.sample("td3")
            body += Data("\r\n--\(boundary)--\r\n".utf8)
            let response = try await client.execute(
                uri: "/v1/documents/scan", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .authorization: "Bearer \(key)"],
                body: ByteBuffer(data: body))
            #expect(response.status == .ok)
            let requestID = try #require(response.headers[DocumentScanController.requestIDField])
            #expect(RandomID.isWellFormed(requestID, prefix: "req"))
            let mrz = try #require(try Self.json(response)["mrz"] as? [String: Any])
            #expect((mrz["fields"] as? [String: Any])?["documentType"] as? String == "td3")
        }
    }

    @Test("keys without a blinkid licence, and requests without a key, are refused before any work")
    func refusesUnlicensedKeys() async throws {
        let scanner = GatedDocumentScanner()
        let fixture = try ServerFixture(documentScanner: scanner)
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let fbxOnly = try await Self.provision(api, product: "fbx")
            let refused = try await Self.scanJSON(client, apiKey: fbxOnly, front: try Self.sample("td3"))
            #expect(refused.status == .forbidden)
            #expect(try api.errorCode(refused) == "productNotLicensed")
            #expect(refused.headers[DocumentScanController.requestIDField] != nil)

            let anonymous = try await Self.scanJSON(client, apiKey: nil, front: try Self.sample("td3"))
            #expect(anonymous.status == .unauthorized)
            #expect(try api.errorCode(anonymous) == "apiKeyRequired")
            let unknown = try await Self.scanJSON(
                client, apiKey: FBxAPIKey.generate(mode: .live).rawValue, front: try Self.sample("td3"))
            #expect(try api.errorCode(unknown) == "invalidAPIKey")
            #expect(!scanner.started.isOpen)
        }
    }

    @Test("an image over the size limit answers 413, in JSON and as a raw body")
    func oversizedImages() async throws {
        let scanner = GatedDocumentScanner()
        let fixture = try ServerFixture(documentScanner: scanner) { $0.maxScanImageBytes = 64 * 1024 }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.provision(api)
            let jpeg = try Self.sample("td3")  // 146 kB
            let json = try await Self.scanJSON(client, apiKey: key, front: try Self.sample("td2"), back: jpeg)
            #expect(json.status == .contentTooLarge)
            #expect(try api.errorCode(json) == "imageTooLarge")
            let raw = try await client.execute(
                uri: "/v1/documents/scan", method: .post,
                headers: [.contentType: "image/jpeg", .authorization: "Bearer \(key)"], body: ByteBuffer(data: jpeg))
            #expect(raw.status == .contentTooLarge)
            #expect(try api.errorCode(raw) == "imageTooLarge")
            #expect(!scanner.started.isOpen)
        }
    }

    @Test("damaged or non-image uploads answer 422 imageUnreadable; bad base64 and options answer 400")
    func corruptImages() async throws {
        let scanner = GatedDocumentScanner()
        let fixture = try ServerFixture(documentScanner: scanner)
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.provision(api)
            let jpeg = try Self.sample("td3")
            for bad in [jpeg.prefix(jpeg.count / 3), Data("not an image at all".utf8), jpeg.prefix(2)] {
                let response = try await Self.scanJSON(client, apiKey: key, front: Data(bad))
                #expect(response.status == .unprocessableContent)
                #expect(try api.errorCode(response) == "imageUnreadable")
            }
            let notBase64 = try await client.execute(
                uri: "/v1/documents/scan", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(key)"],
                body: ByteBuffer(string: #"{"front": "***"}"#))
            #expect(notBase64.status == .badRequest)
            let badMode = try await client.execute(
                uri: "/v1/documents/scan?mode=sideways", method: .post,
                headers: [.contentType: "image/jpeg", .authorization: "Bearer \(key)"], body: ByteBuffer(data: jpeg))
            #expect(try api.errorCode(badMode) == "badRequest")
            let text = try await client.execute(
                uri: "/v1/documents/scan", method: .post,
                headers: [.contentType: "text/plain", .authorization: "Bearer \(key)"], body: ByteBuffer(string: "x"))
            #expect(text.status == .unsupportedMediaType)
            #expect(!scanner.started.isOpen)
        }
    }

    @Test("with every worker busy and the queue full, a scan answers 503 engineBusy with Retry-After")
    func fullQueue() async throws {
        let scanner = GatedDocumentScanner()
        let fixture = try ServerFixture(documentScanner: scanner) {
            $0.scanWorkers = 1
            $0.scanQueueLength = 0
        }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.provision(api)
            let jpeg = try Self.sample("td3")
            // Given a scan holding the only worker,
            async let first = Self.scanJSON(client, apiKey: key, front: jpeg)
            try await scanner.started.wait()
            // when another arrives, it is refused at once,
            let second = try await Self.scanJSON(client, apiKey: key, front: jpeg)
            #expect(second.status == .serviceUnavailable)
            #expect(try api.errorCode(second) == "engineBusy")
            #expect(second.headers[.retryAfter] == "1")
            // and the first completes once released.
            scanner.release.open()
            #expect(try await first.status == .ok)
            let depth = fixture.environment.engines.queue.depth
            #expect(depth.running == 0 && depth.waiting == 0)
            let metrics = String(buffer: try await api.send(.get, "/metrics").body)
            #expect(metrics.contains(#"capturekit_engine_requests_total{engine="documents",outcome="engineBusy"} 1"#))
        }
    }

    @Test("a scan still running at the time limit answers 503 engineTimedOut and is cancelled")
    func timeLimit() async throws {
        let scanner = GatedDocumentScanner()
        let clock = ManualClock()
        let fixture = try ServerFixture(documentScanner: scanner, engineClock: clock) {
            $0.scanTimeLimitSeconds = 5
        }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.provision(api)
            async let response = Self.scanJSON(client, apiKey: key, front: try Self.sample("td3"))
            try await scanner.started.wait()
            try await clock.waitForSleepers(1)
            clock.advance(by: .seconds(5))
            let answered = try await response
            #expect(answered.status == .serviceUnavailable)
            #expect(try api.errorCode(answered) == "engineTimedOut")
            #expect(answered.headers[.retryAfter] != nil)
            // The held scan was cancelled and its worker freed.
            let depth = fixture.environment.engines.queue.depth
            #expect(depth.running == 0 && depth.waiting == 0)
        }
    }
}
