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
            for path in ["/v1/frames/NOPE-1", "/v1/frames/NOPE-1/assets/" + String(repeating: "a", count: 64)] {
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

    /// SKUs and whether the resource-name rule (``SafeName``) accepts them.
    private static let skuTable: [(sku: String, valid: Bool)] = [
        ("RB-3025-L", true), ("a", true), ("frame_2.v1", true), ("...a", true), ("a..b", true),
        (String(repeating: "x", count: 64), true),
        ("", false), (".", false), ("..", false), ("a/b", false), ("/", false), ("a\\b", false),
        ("a\u{0}b", false), ("a\nb", false), ("tab\there", false), ("\u{7F}", false), ("sp ace", false),
        ("é", false), ("%2E%2E", false), (String(repeating: "x", count: 65), false),
    ]

    @Test("the SKU rule is the resource-name rule: a table of good and bad SKUs")
    func skuRuleTable() {
        for (sku, valid) in Self.skuTable {
            #expect(CatalogController.isValidSKU(sku) == valid, "\(sku.debugDescription)")
            #expect(SafeName.isValid(sku) == valid, "\(sku.debugDescription)")
        }
    }

    @Test("the admin import refuses each bad SKU with 400 invalidSKU and stores nothing")
    func importRefusesBadSKUs() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let texture = try await api.upload(Array("png bytes".utf8), mediaType: "image/png")
            for (sku, valid) in Self.skuTable {
                let frame = CatalogController.ImportRequest.Frame(
                    sku: sku, name: "Frame", lensWidthMm: 50, bridgeWidthMm: 18, templeLengthMm: 140, colors: [],
                    assets: [.init(role: "texture", sha256: texture.sha256)]
                )
                let response = try await api.send(
                    .post, "/v1/admin/frames", json: CatalogController.ImportRequest(frames: [frame]), admin: true)
                if valid {
                    #expect(response.status == .ok, "\(sku.debugDescription)")
                } else {
                    #expect(response.status == .badRequest, "\(sku.debugDescription)")
                    #expect(try api.errorCode(response) == "invalidSKU", "\(sku.debugDescription)")
                }
            }
        }
    }

    @Test("GET /v1/frames/{sku} answers 400 invalidSKU to a SKU outside the rule, with or without assets")
    func getRefusesBadSKUs() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let asset = "/assets/" + String(repeating: "a", count: 64)
            for sku in ["..", "%2E%2E", ".", "a%2Fb", "a%00b", "a%0Ab", String(repeating: "x", count: 65)] {
                for path in ["/v1/frames/" + sku, "/v1/frames/" + sku + asset] {
                    let response = try await api.send(.get, path)
                    #expect(response.status == .badRequest, "\(path)")
                    #expect(try api.errorCode(response) == "invalidSKU", "\(path)")
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                }
            }
        }
    }

    @Test("a resource cannot be published under '.' or '..'")
    func resourceNamesFollowTheSameRule() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let blob = try await api.upload(Array("resource".utf8))
            for name in [".", ".."] {
                let response = try await api.send(
                    .post, "/v1/admin/resources",
                    json: ManifestService.PublishRequest(name: name, version: "1", sha256: blob.sha256), admin: true)
                #expect(response.status == .badRequest)
            }
        }
    }
}
