import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CaptureKitServer

@Suite("Catalog routes", .timeLimit(.minutes(1)))
struct CatalogRouteTests {
    private func importFrame(_ api: APIClient, textureSHA: String) async throws -> TestResponse {
        let frame = CatalogController.ImportRequest.Frame(
            sku: "RB-3025-L", name: "Aviator Classic", lensWidthMm: 58, bridgeWidthMm: 14, templeLengthMm: 135,
            colors: [.init(name: "Gold", hex: "#D4AF37")], assets: [.init(role: "texture", sha256: textureSHA)]
        )
        return try await api.send(
            .post, "/v1/admin/frames", json: CatalogController.ImportRequest(frames: [frame]), admin: true)
    }

    @Test("an imported frame is served with its sizes, colours and assets")
    func importedFrameIsServed() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let texture = try await api.upload(Array("png bytes".utf8), mediaType: "image/png")
            let imported = try await importFrame(api, textureSHA: texture.sha256)
            #expect(imported.status == .ok)
            #expect(try api.decode(CatalogController.ImportResponse.self, imported).imported == 1)

            let response = try await api.send(.get, "/v1/frames/RB-3025-L")
            #expect(response.status == .ok)
            let frame = try api.decode(CatalogController.FrameResponse.self, response)
            #expect(frame.name == "Aviator Classic")
            #expect(frame.lensWidthMm == 58)
            #expect(frame.bridgeWidthMm == 14)
            #expect(frame.templeLengthMm == 135)
            #expect(frame.colors == [.init(name: "Gold", hex: "#D4AF37")])
            #expect(frame.assets.count == 1)
            #expect(frame.assets[0].sha256 == texture.sha256)
            #expect(frame.assets[0].mediaType == "image/png")
            #expect(frame.assets[0].size == 9)

            let asset = try await api.send(.get, frame.assets[0].url)
            #expect(asset.status == .ok)
            #expect(String(buffer: asset.body) == "png bytes")
            #expect(asset.headers[.contentType] == "image/png")
            let part = try await api.send(.get, frame.assets[0].url, headers: [.range: "bytes=4-"])
            #expect(part.status == .partialContent)
            #expect(String(buffer: part.body) == "bytes")

            let other = try await api.upload(Array("other".utf8))
            let notItsAsset = try await api.send(.get, "/v1/frames/RB-3025-L/assets/\(other.sha256)")
            #expect(notItsAsset.status == .notFound)
            #expect(try api.errorCode(notItsAsset) == "assetNotFound")

            // Importing again replaces the frame.
            #expect(try await importFrame(api, textureSHA: other.sha256).status == .ok)
            let replaced = try api.decode(
                CatalogController.FrameResponse.self, try await api.send(.get, "/v1/frames/RB-3025-L"))
            #expect(replaced.assets.map(\.sha256) == [other.sha256])
        }
    }

    @Test("an unknown SKU is 404 frameNotFound, for the SDK's FBxError.frameNotFound")
    func unknownSKUIsFrameNotFound() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            for path in [
                "/v1/frames/NOPE-1", "/v1/frames/%2E%2E",
                "/v1/frames/NOPE-1/assets/" + String(repeating: "a", count: 64),
            ] {
                let response = try await api.send(.get, path)
                #expect(response.status == .notFound)
                #expect(try api.errorCode(response) == "frameNotFound")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
        }
    }

    @Test("an import referencing a blob that was never uploaded is refused whole")
    func importNeedsUploadedAssets() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let response = try await importFrame(api, textureSHA: String(repeating: "b", count: 64))
            #expect(response.status == .unprocessableContent)
            #expect(try api.errorCode(response) == "blobNotFound")
            #expect(try api.errorCode(try await api.send(.get, "/v1/frames/RB-3025-L")) == "frameNotFound")
        }
    }
}
