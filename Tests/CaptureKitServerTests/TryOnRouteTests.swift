import CaptureCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import Testing

@testable import CaptureKitServer

@Suite("POST /v1/eyewear/tryon", .timeLimit(.minutes(1)))
struct TryOnRouteTests {
    /// `samples/faces/<name>` in the repository.
    static func face(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("samples/faces/\(name)"))
    }

    /// Publishes FBX-RND-001 (a procedural frame) and provisions an fbx key with the tryon feature.
    static func prepare(_ api: APIClient) async throws -> String {
        let frame = CatalogController.ImportRequest.Frame(
            sku: "FBX-RND-001", name: "Round Classic Black", lensWidthMm: 47, bridgeWidthMm: 21, templeLengthMm: 145,
            colors: [.init(name: "Black", hex: "#1C1C1E")], assets: [])
        let imported = try await api.send(
            .post, "/v1/admin/frames", json: CatalogController.ImportRequest(frames: [frame]), admin: true)
        #expect(imported.status == .ok || imported.status == .created)
        return try await api.provision().apiKey
    }

    static func tryOn(
        _ client: some TestClientProtocol, key: String, image: Data, type: String = "image/jpeg",
        query: String
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/eyewear/tryon?\(query)", method: .post,
            headers: [.contentType: type, .authorization: "Bearer \(key)"], body: ByteBuffer(data: image))
    }

    @Test("a portrait comes back as a PNG of the same size with the frame drawn, or as landmarks and pose")
    func drawsTheFrame() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.prepare(api)
            let jpeg = try Self.face("fr_obama.jpg")
            let input = try ImageCodec.decode(jpeg)

            let response = try await Self.tryOn(client, key: key, image: jpeg, query: "sku=FBX-RND-001")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[DocumentScanController.requestIDField] != nil)
            let output = try ImageCodec.decode(Data(response.body.readableBytesView))
            #expect(output.width == input.width && output.height == input.height)
            // The frame changed pixels around the eyes and nowhere near the corners.
            var changed = 0
            for i in stride(from: 0, to: input.pixels.count, by: 4) where input.pixels[i] != output.pixels[i] {
                changed += 1
            }
            #expect(changed > input.width * input.height / 100)
            #expect(input.pixels[0..<4] == output.pixels[0..<4])

            let json = try await Self.tryOn(client, key: key, image: jpeg, query: "sku=FBX-RND-001&output=json")
            #expect(json.status == .ok)
            let answer = try api.decode(TryOnController.TryOnJSON.self, json)
            #expect(answer.landmarks.count == 68)
            #expect(answer.width == input.width && answer.height == input.height)
            #expect(abs(answer.pose.yaw) < 30 && answer.pose.z > 0)
        }
    }

    @Test("unknown frames, faceless photos, damaged images and keys without the tryon feature are refused")
    func refusals() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = try await Self.prepare(api)
            let jpeg = try Self.face("fr_obama.jpg")
            let unknown = try await Self.tryOn(client, key: key, image: jpeg, query: "sku=NOPE-1")
            #expect(try api.errorCode(unknown) == "frameNotFound")
            let noFace = try await Self.tryOn(
                client, key: key, image: try Self.face("skimage_rocket.png"), type: "image/png",
                query: "sku=FBX-RND-001")
            #expect(noFace.status == .unprocessableContent)
            #expect(try api.errorCode(noFace) == "noFaceFound")
            let damaged = try await Self.tryOn(client, key: key, image: jpeg.prefix(1000), query: "sku=FBX-RND-001")
            #expect(try api.errorCode(damaged) == "imageUnreadable")
            #expect(try api.errorCode(try await Self.tryOn(client, key: key, image: jpeg, query: "")) == "badRequest")

            // A customer whose fbx licence lacks the tryon feature.
            let customer = try api.decode(
                CustomerController.CustomerResponse.self,
                try await api.send(.post, "/v1/admin/customers", json: ["name": "Scan Only"], admin: true))
            let other = try api.decode(
                CustomerController.KeyResponse.self,
                try await api.send(
                    .post, "/v1/admin/customers/\(customer.id)/api-keys", json: ["mode": "live"], admin: true))
            try await api.send(
                .post, "/v1/admin/customers/\(customer.id)/licenses",
                json: LicenseService.IssueRequest(product: "fbx", bundleIds: ["*"], features: ["pd"]), admin: true)
            let refused = try await Self.tryOn(client, key: other.apiKey ?? "", image: jpeg, query: "sku=FBX-RND-001")
            #expect(refused.status == .forbidden)
            #expect(try api.errorCode(refused) == "productNotLicensed")
        }
    }
}
