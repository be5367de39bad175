import CaptureCore
import FaceEngine
import Foundation
import Testing

@testable import FBxSDK

/// Frames from a real capkit-server catalog.
@Suite(.timeLimit(.minutes(1))) struct FBxFrameLoaderTests {
    struct Import: Encodable {
        struct Frame: Encodable {
            var sku: String
            var name: String
            var lensWidthMm: Double
            var bridgeWidthMm: Double
            var templeLengthMm: Double
            var colors: [[String: String]]
            var assets: [[String: String]] = []
        }

        var frames: [Frame]
    }

    @Test("a published model is painted as published; an entry without a model takes the server's sizes")
    func modelsAndFallbacks() async throws {
        let server = try FBxServerFixture()
        try await server.run { url, admin in
            let bundled = ProceduralFrameCatalog.frames[2]
            _ = try await admin.publish([ProceduralFrameCatalog.frames[3]])
            let headers = ["Authorization": "Bearer " + FBxServerFixture.adminToken]
            let imported = try await admin.client.send(
                "POST", "/v1/admin/frames",
                encoding: Import(frames: [
                    .init(
                        sku: bundled.sku, name: "Renamed", lensWidthMm: 50, bridgeWidthMm: 19, templeLengthMm: 140,
                        colors: [["name": "red", "hex": "#AA0000"]]),
                    .init(
                        sku: "PLAIN-1", name: "Plain", lensWidthMm: 48, bridgeWidthMm: 20, templeLengthMm: 145,
                        colors: []),
                ]), headers: headers)
            #expect(imported.status == 200)

            let loader = FBxFrameLoader(pixelsPerMillimetre: 1, bundledFrames: ProceduralFrameCatalog.frames)
            let client = FBxServerClient(baseURL: url)
            #expect(
                try await loader.load(ProceduralFrameCatalog.frames[3].sku, client: client).frame
                    == ProceduralFrameCatalog.frames[3])
            let renamed = try await loader.load(bundled.sku, client: client).frame
            #expect(renamed.shape == bundled.shape)
            #expect((renamed.name, renamed.lensWidth, renamed.bridgeWidth) == ("Renamed", 50, 19))
            #expect(renamed.frameColor == EyewearColor(red: 0xAA, green: 0, blue: 0))
            let plain = try await loader.load("PLAIN-1", client: client).frame
            #expect((plain.shape, plain.lensWidth, plain.templeLength) == (.rectangular, 48, 145))
            await #expect(throws: FBxError.frameNotFound("UNKNOWN")) {
                try await loader.load("UNKNOWN", client: client)
            }
        }
    }

    @Test("a SKU outside the catalog's alphabet is frameNotFound without asking the server")
    func invalidSKUsFailOffline() async {
        let loader = FBxFrameLoader(pixelsPerMillimetre: 1, bundledFrames: [])
        let client = FBxServerClient(baseURL: FBxFixtures.unreachableServer)
        for sku in ["", "../admin", "a b", String(repeating: "x", count: 65)] {
            await #expect(throws: FBxError.frameNotFound(sku)) { try await loader.load(sku, client: client) }
        }
        await #expect(throws: FBxError.noInternetConnection) { try await loader.load("FBX-RND-001", client: client) }
    }
}
