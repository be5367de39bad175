import CaptureCore
package import FaceEngine
import Foundation

/// Tool-side administration of a capkit-server over its admin routes (admin token): creates a
/// customer, an API key and an `fbx` licence, revokes customers, and publishes eyewear frames to
/// the catalog (each frame's model as JSON, with role `model`, and optionally its painted front
/// and temple as PNG). Used by `capkit tryon` (embedded server, `--publish-catalog`) and tests;
/// not part of the SDK's public surface.
package struct FBxServerProvisioner: Sendable {
    /// What ``provision(customerName:bundleIDs:validDays:)`` created.
    package struct Provisioned: Sendable {
        package var customerID: String
        /// The new API key (secret: never print it).
        package var apiKey: String
    }

    /// A refusal or transport failure, with the route and the server's error code (no secrets).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    private struct CreatedCustomer: Decodable { var id: String }
    private struct CreatedKey: Decodable { var apiKey: String? }
    private struct UploadedBlob: Decodable { var sha256: String }
    private struct LicenceRequest: Encodable {
        var product = "fbx"
        var bundleIds: [String]
        var validDays: Int
    }
    /// `POST /v1/admin/frames`'s body.
    private struct ImportRequest: Encodable {
        var frames: [FBxCatalogFrame]
    }

    package let client: FBxServerClient
    private let adminToken: String

    package init(client: FBxServerClient, adminToken: String) {
        self.client = client
        self.adminToken = adminToken
    }

    /// Creates a customer with one live API key and an `fbx` licence for `bundleIDs`.
    package func provision(
        customerName: String, bundleIDs: [String], validDays: Int = 30
    ) async throws
        -> Provisioned
    {
        let customer: CreatedCustomer = try await admin("POST", "/v1/admin/customers", ["name": customerName])
        let key: CreatedKey = try await admin("POST", "/v1/admin/customers/\(customer.id)/api-keys", ["mode": "live"])
        guard let apiKey = key.apiKey else { throw Failure(description: "the server did not return the new API key") }
        let _: CreatedCustomer = try await admin(
            "POST", "/v1/admin/customers/\(customer.id)/licenses",
            LicenceRequest(bundleIds: bundleIDs, validDays: validDays))
        return Provisioned(customerID: customer.id, apiKey: apiKey)
    }

    /// Revokes a customer (its keys then validate as `invalidAPIKey`).
    package func revokeCustomer(id: String) async throws {
        let _: CreatedCustomer = try await admin("POST", "/v1/admin/customers/\(id)/revoke", [String: String]())
    }

    /// Publishes `frames`; with `pixelsPerMillimetre`, their painted textures too. Returns how many.
    package func publish(_ frames: [EyewearFrame], texturesAt pixelsPerMillimetre: Double? = nil) async throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var imported: [FBxCatalogFrame] = []
        for frame in frames {
            var assets = [
                FBxCatalogFrame.Asset(
                    role: "model", sha256: try await upload(try encoder.encode(frame), mediaType: "application/json"))
            ]
            if let pixelsPerMillimetre {
                let painted = EyewearAsset.painted(frame, pixelsPerMillimetre: pixelsPerMillimetre)
                for (role, texture) in [("front", painted.front), ("temple", painted.temple)] {
                    let png = try ImageCodec.encodePNG(texture.straightAlphaImage(), compressionLevel: 3)
                    assets.append(
                        FBxCatalogFrame.Asset(role: role, sha256: try await upload(png, mediaType: "image/png")))
                }
            }
            var colours = [FBxCatalogFrame.Color(name: "frame", hex: String(frame.frameColor.hex.prefix(7)))]
            if let accent = frame.accentColor {
                colours.append(FBxCatalogFrame.Color(name: "accent", hex: String(accent.hex.prefix(7))))
            }
            imported.append(
                FBxCatalogFrame(
                    sku: frame.sku, name: frame.name, lensWidthMm: frame.lensWidth, bridgeWidthMm: frame.bridgeWidth,
                    templeLengthMm: frame.templeLength, colors: colours, assets: assets))
        }
        struct Imported: Decodable { var imported: Int }
        let answer: Imported = try await admin("POST", "/v1/admin/frames", ImportRequest(frames: imported))
        return answer.imported
    }

    private func upload(_ bytes: Data, mediaType: String) async throws -> String {
        let answer = try await client.send(
            "POST", "/v1/admin/blobs", json: bytes, headers: headers,
            contentType: mediaType)
        return try decode(UploadedBlob.self, answer, route: "/v1/admin/blobs").sha256
    }

    private var headers: [String: String] { ["Authorization": "Bearer " + adminToken] }

    private func admin<Answer: Decodable>(
        _ method: String, _ path: String, _ body: some Encodable
    ) async throws
        -> Answer
    {
        let answer: FBxServerClient.Answer
        do {
            answer = try await client.send(method, path, encoding: body, headers: headers)
        } catch {
            throw Failure(description: "\(path): the server at \(client.baseURL.absoluteString) cannot be reached")
        }
        return try decode(Answer.self, answer, route: path)
    }

    private func decode<Answer: Decodable>(
        _ type: Answer.Type, _ answer: FBxServerClient.Answer, route: String
    ) throws
        -> Answer
    {
        guard (200..<300).contains(answer.status) else {
            throw Failure(description: "\(route): HTTP \(answer.status) \(answer.errorCode ?? "")")
        }
        guard let value = try? JSONDecoder().decode(Answer.self, from: answer.body) else {
            throw Failure(description: "\(route): the answer cannot be read")
        }
        return value
    }
}
