import CaptureCore
import CaptureKitTesting
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CaptureKitServer

@Suite("Resource routes", .timeLimit(.minutes(1)))
struct ResourceRouteTests {
    @Test("the manifest is signed, its version increases with every publication and never goes back")
    func manifestIsSignedAndMonotonic() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let none = try await api.send(.get, "/v1/resources/manifest")
            #expect(none.status == .notFound)
            #expect(try api.errorCode(none) == "manifestNotPublished")

            let weights = try await api.upload(Array("ocr weights v1".utf8))
            let layouts = try await api.upload(Array("layouts".utf8), mediaType: "application/json")
            var versions: [Int] = []
            for request in [
                ManifestService.PublishRequest(name: "mrz-ocrb", version: "1", sha256: weights.sha256),
                ManifestService.PublishRequest(name: "layouts", version: "1", sha256: layouts.sha256),
            ] {
                let response = try await api.send(.post, "/v1/admin/resources", json: request, admin: true)
                #expect(response.status == .created)
                versions.append(try api.decode(ManifestService.PublishResponse.self, response).manifestVersion)
            }
            #expect(versions == [1, 2])

            // Republishing identical content is idempotent.
            let again = try await api.send(
                .post, "/v1/admin/resources",
                json: ManifestService.PublishRequest(name: "layouts", version: "1", sha256: layouts.sha256), admin: true
            )
            #expect(try api.decode(ManifestService.PublishResponse.self, again).manifestVersion == 2)

            // The same name and version with other bytes is a conflict and changes nothing.
            let conflict = try await api.send(
                .post, "/v1/admin/resources",
                json: ManifestService.PublishRequest(name: "layouts", version: "1", sha256: weights.sha256), admin: true
            )
            #expect(conflict.status == .conflict)
            #expect(try api.errorCode(conflict) == "resourceVersionConflict")

            let response = try await api.send(.get, "/v1/resources/manifest")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/jwt")
            let token = String(buffer: response.body)
            let jws = try await api.keyring().verify(token, expectedType: ResourceManifest.tokenType)
            let manifest = try jws.decodePayload(as: ResourceManifest.self)
            #expect(manifest.manifestVersion == 2)
            #expect(manifest.resources.map(\.name) == ["layouts", "mrz-ocrb"])
            #expect(manifest.entry(named: "mrz-ocrb")?.sha256 == weights.sha256)
            #expect(manifest.entry(named: "mrz-ocrb")?.size == 14)
            #expect(manifest.issuedAt == fixture.clock.now.wholeSeconds)
            #expect(manifest.expiresAt == manifest.issuedAt.addingTimeInterval(7 * 86400))

            // A new version of a resource replaces it in the next manifest.
            let weights2 = try await api.upload(Array("ocr weights v2".utf8))
            try await api.send(
                .post, "/v1/admin/resources",
                json: ManifestService.PublishRequest(name: "mrz-ocrb", version: "2", sha256: weights2.sha256),
                admin: true
            )
            fixture.clock.advance(seconds: 10)
            let next = try CompactJWS.parse(String(buffer: try await api.send(.get, "/v1/resources/manifest").body))
                .decodePayload(as: ResourceManifest.self)
            #expect(next.manifestVersion == 3)
            #expect(next.entry(named: "mrz-ocrb")?.version == "2")
            #expect(next.resources.count == 2)
        }
    }

    @Test("publishing a blob that was never uploaded is 422 blobNotFound")
    func publishNeedsUploadedBlob() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let response = try await api.send(
                .post, "/v1/admin/resources",
                json: ManifestService.PublishRequest(
                    name: "x", version: "1", sha256: String(repeating: "a", count: 64)),
                admin: true
            )
            #expect(response.status == .unprocessableContent)
            #expect(try api.errorCode(response) == "blobNotFound")
        }
    }

    @Test("blobs download whole with a strong ETag, by range with 206, and out-of-range with 416")
    func rangeRequests() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let bytes = Array("0123456789".utf8)
            let blob = try await api.upload(bytes)
            #expect(blob.sha256 == SHA256.hash(data: bytes).hexString)
            let path = "/v1/resources/\(blob.sha256)"

            // Uploaded but not published: not downloadable as a resource.
            #expect(try api.errorCode(try await api.send(.get, path)) == "resourceNotFound")
            try await api.send(
                .post, "/v1/admin/resources",
                json: ManifestService.PublishRequest(name: "digits", version: "1", sha256: blob.sha256), admin: true
            )

            let whole = try await api.send(.get, path)
            #expect(whole.status == .ok)
            #expect(Array(buffer: whole.body) == bytes)
            #expect(whole.headers[.eTag] == "\"\(blob.sha256)\"")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(whole.headers[.cacheControl]?.contains("immutable") == true)

            let first = try await api.send(.get, path, headers: [.range: "bytes=0-3"])
            #expect(first.status == .partialContent)
            #expect(String(buffer: first.body) == "0123")
            #expect(first.headers[.contentRange] == "bytes 0-3/10")

            let tail = try await api.send(.get, path, headers: [.range: "bytes=7-"])
            #expect(String(buffer: tail.body) == "789")
            let suffix = try await api.send(.get, path, headers: [.range: "bytes=-2"])
            #expect(String(buffer: suffix.body) == "89")
            #expect(suffix.headers[.contentRange] == "bytes 8-9/10")

            let outside = try await api.send(.get, path, headers: [.range: "bytes=10-20"])
            #expect(outside.status == .rangeNotSatisfiable)
            #expect(outside.headers[.contentRange] == "bytes */10")
            #expect(try api.errorCode(outside) == "rangeNotSatisfiable")

            // If-Range with another ETag: the client's copy is stale, send everything.
            let stale = try await api.send(.get, path, headers: [.range: "bytes=0-3", .ifRange: "\"other\""])
            #expect(stale.status == .ok)
            #expect(stale.body.readableBytes == 10)

            let cached = try await api.send(.get, path, headers: [.ifNoneMatch: "\"\(blob.sha256)\""])
            #expect(cached.status == .notModified)

            for unknown in ["/v1/resources/" + String(repeating: "0", count: 64), "/v1/resources/not-a-hash"] {
                let response = try await api.send(.get, unknown)
                #expect(response.status == .notFound)
                #expect(try api.errorCode(response) == "resourceNotFound")
            }
        }
    }

    @Test("a blob over the size cap is refused with 413")
    func blobSizeCap() async throws {
        let fixture = try ServerFixture { $0.maxBlobBytes = 2048 }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let response = try await client.execute(
                uri: "/v1/admin/blobs", method: .post,
                headers: [.authorization: "Bearer \(ServerFixture.adminToken)"],
                body: ByteBuffer(bytes: [UInt8](repeating: 7, count: 4096))
            )
            #expect(response.status == .contentTooLarge)
            #expect(try api.errorCode(response) == "payloadTooLarge")
        }
    }
}
