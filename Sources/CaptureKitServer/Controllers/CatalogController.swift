package import Hummingbird

/// The eyewear catalog: frames by SKU and their assets (public), and frame import (administration).
/// An unknown SKU is `404 frameNotFound`, which the FBx SDK maps to `FBxError.frameNotFound`.
package struct CatalogController: Sendable {
    let environment: ServerEnvironment

    /// Most frames in one import.
    package static let maxFramesPerImport = 1000

    /// A frame as answered by `GET /v1/frames/{sku}`.
    package struct FrameResponse: Codable, Sendable, Equatable {
        /// One asset of the frame, with the path it downloads from.
        package struct Asset: Codable, Sendable, Equatable {
            package var role: String
            package var sha256: String
            package var mediaType: String
            package var size: Int
            /// Path of the asset's download route.
            package var url: String
        }

        package var sku: String
        package var name: String
        package var lensWidthMm: Double
        package var bridgeWidthMm: Double
        package var templeLengthMm: Double
        package var colors: [FrameRecord.Color]
        package var assets: [Asset]

        init(_ record: FrameRecord) {
            self.sku = record.sku
            self.name = record.name
            self.lensWidthMm = record.lensWidthMm
            self.bridgeWidthMm = record.bridgeWidthMm
            self.templeLengthMm = record.templeLengthMm
            self.colors = record.colors
            self.assets = record.assets.map {
                Asset(
                    role: $0.role, sha256: $0.sha256, mediaType: $0.mediaType, size: $0.size,
                    url: "/v1/frames/\(record.sku)/assets/\($0.sha256)"
                )
            }
        }
    }

    /// The body of `POST /v1/admin/frames`.
    package struct ImportRequest: Codable, Sendable {
        /// One frame to insert or replace.
        package struct Frame: Codable, Sendable {
            /// An asset reference: its role and the SHA-256 of an uploaded blob.
            package struct Asset: Codable, Sendable {
                package var role: String
                package var sha256: String
            }

            package var sku: String
            package var name: String
            package var lensWidthMm: Double
            package var bridgeWidthMm: Double
            package var templeLengthMm: Double
            package var colors: [FrameRecord.Color]
            package var assets: [Asset]
        }

        package var frames: [Frame]
    }

    /// The answer of an import.
    package struct ImportResponse: Codable, Sendable, Equatable {
        package var imported: Int
    }

    /// Whether `sku` follows the resource-name rule (``SafeName``): 1 to 64 letters, digits, `.`, `-`
    /// or `_`, and not `.` or `..`.
    package static func isValidSKU(_ sku: String) -> Bool {
        SafeName.isValid(sku)
    }

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let store = environment.store
        group.get("frames/:sku") { _, context in
            let sku = try context.parameters.require("sku")
            guard Self.isValidSKU(sku) else { throw APIError.invalidSKU }
            guard let frame = try await store.frame(sku: sku) else { throw APIError.frameNotFound }
            var response = try JSONResponse.make(FrameResponse(frame))
            response.headers[.cacheControl] = "public, max-age=300"
            return response
        }

        group.get("frames/:sku/assets/:sha256") { request, context in
            let sku = try context.parameters.require("sku")
            let sha256 = try context.parameters.require("sha256")
            guard Self.isValidSKU(sku) else { throw APIError.invalidSKU }
            guard let frame = try await store.frame(sku: sku) else { throw APIError.frameNotFound }
            guard frame.assets.contains(where: { $0.sha256 == sha256 }), let blob = try await store.blob(sha256: sha256)
            else { throw APIError.assetNotFound }
            return try BlobStorage.download(blob, request: request)
        }
    }

    package func addAdminRoutes(to group: RouterGroup<AppRequestContext>) {
        let store = environment.store
        let limit = environment.configuration.maxJSONBytes
        group.post("frames") { request, _ in
            let body = try await RequestBody.decodeJSON(ImportRequest.self, from: request, limit: limit)
            let frames = try await importedFrames(body)
            try await store.upsertFrames(frames)
            return try JSONResponse.make(ImportResponse(imported: frames.count))
        }
    }

    /// Checks an import and resolves each asset's size and media type from its blob.
    private func importedFrames(_ body: ImportRequest) async throws -> [FrameRecord] {
        guard (1...Self.maxFramesPerImport).contains(body.frames.count) else {
            throw APIError.badRequest("frames must list 1 to \(Self.maxFramesPerImport) frames.")
        }
        guard Set(body.frames.map(\.sku)).count == body.frames.count else {
            throw APIError.badRequest("Each SKU may appear once per import.")
        }
        let now = environment.nowSeconds
        var records: [FrameRecord] = []
        for frame in body.frames {
            guard Self.isValidSKU(frame.sku) else { throw APIError.invalidSKU }
            guard LicenseService.isPrintable(frame.name, length: 1...200) else {
                throw APIError.badRequest("Frame \(frame.sku): name must be 1 to 200 printable characters.")
            }
            for size in [frame.lensWidthMm, frame.bridgeWidthMm, frame.templeLengthMm] {
                guard size.isFinite, size > 0, size <= 300 else {
                    throw APIError.badRequest("Frame \(frame.sku): sizes are millimetres between 0 and 300.")
                }
            }
            guard frame.colors.count <= 100,
                frame.colors.allSatisfy({
                    LicenseService.isPrintable($0.name, length: 1...100) && Self.isHexColor($0.hex)
                })
            else {
                throw APIError.badRequest("Frame \(frame.sku): colours need a name and a #RRGGBB hex.")
            }
            guard frame.assets.count <= 50 else {
                throw APIError.badRequest("Frame \(frame.sku): at most 50 assets.")
            }
            var assets: [FrameRecord.Asset] = []
            for asset in frame.assets {
                guard LicenseService.isToken(asset.role, length: 1...32) else {
                    throw APIError.badRequest("Frame \(frame.sku): an asset role is 1 to 32 letters or digits.")
                }
                guard BlobStorage.isSHA256Hex(asset.sha256),
                    let info = try await environment.store.blobInfo(sha256: asset.sha256)
                else {
                    throw APIError.blobNotFound
                }
                assets.append(.init(role: asset.role, sha256: asset.sha256, mediaType: info.mediaType, size: info.size))
            }
            records.append(
                FrameRecord(
                    sku: frame.sku, name: frame.name, lensWidthMm: frame.lensWidthMm,
                    bridgeWidthMm: frame.bridgeWidthMm,
                    templeLengthMm: frame.templeLengthMm, colors: frame.colors, assets: assets, updatedAt: now
                )
            )
        }
        return records
    }

    private static func isHexColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }
}
