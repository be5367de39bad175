import CaptureCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CaptureKitServer

@Suite("Over real HTTP", .timeLimit(.minutes(1)))
struct LiveHTTPTests {
    @Test("every public route and the administration flow work over a real socket")
    func fullFlowOverHTTP() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.live) { client in
            let api = APIClient(client: client)
            #expect(client.port != nil)
            #expect(try await api.send(.get, "/health").status == .ok)
            #expect(try await api.send(.get, "/ready").status == .ok)
            #expect(try await api.send(.get, "/openapi.yaml").status == .ok)
            #expect(try await api.send(.get, "/metrics").status == .ok)

            let provisioned = try await api.provision()
            let validation = try await api.validate(apiKey: provisioned.apiKey, nonce: "live-nonce-1")
            #expect(validation.status == .ok)
            let token = try api.decode(LicenseService.ValidationResponse.self, validation).token
            let claims = try await api.keyring().verify(token, expectedType: LicenseValidationClaims.tokenType)
                .decodePayload(as: LicenseValidationClaims.self)
            #expect(claims.nonce == "live-nonce-1")
            #expect(
                try api.errorCode(try await api.validate(apiKey: FBxAPIKey.generate(mode: .test).rawValue))
                    == "apiKeyNotFound")

            let bytes = [UInt8](repeating: 42, count: 100_000)
            let blob = try await api.upload(bytes)
            try await api.send(
                .post, "/v1/admin/resources",
                json: ManifestService.PublishRequest(name: "model", version: "1", sha256: blob.sha256), admin: true
            )
            let manifest = try await api.keyring().verify(
                String(buffer: try await api.send(.get, "/v1/resources/manifest").body),
                expectedType: ResourceManifest.tokenType
            ).decodePayload(as: ResourceManifest.self)
            #expect(manifest.resources.first?.size == 100_000)
            let part = try await api.send(.get, "/v1/resources/\(blob.sha256)", headers: [.range: "bytes=99990-"])
            #expect(part.status == .partialContent)
            #expect(part.body.readableBytes == 10)
            let whole = try await api.send(.get, "/v1/resources/\(blob.sha256)")
            #expect(Array(buffer: whole.body) == bytes)

            let frame = try await api.send(.get, "/v1/frames/UNKNOWN-SKU")
            #expect(frame.status == .notFound)
            #expect(try api.errorCode(frame) == "frameNotFound")

            let huge = try await client.execute(
                uri: "/v1/licenses/validate", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: [UInt8](repeating: 32, count: 100_000))
            )
            #expect(huge.status == .contentTooLarge)
        }
    }

    @Test("public routes over the per-address rate answer 429")
    func perAddressRateLimit() async throws {
        let fixture = try ServerFixture { $0.addressRequestsPerMinute = 3 }
        defer { fixture.remove() }
        try await fixture.application().test(.live) { client in
            let api = APIClient(client: client)
            var statuses: [Int] = []
            for _ in 0..<4 {
                statuses.append(try await api.send(.get, "/v1/keys").status.code)
            }
            #expect(statuses == [200, 200, 200, 429])
            // Operations routes are not limited.
            #expect(try await api.send(.get, "/health").status == .ok)
        }
    }
}
