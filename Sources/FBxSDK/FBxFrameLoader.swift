import CaptureCore
import Crypto
package import FaceEngine
import Foundation

/// Loads a frame by SKU from the catalog server (`GET /v1/frames/{sku}` and its assets) and paints
/// it into an ``EyewearAsset`` ready to draw.
///
/// The frame model comes from the asset with role `model` (an ``EyewearFrame`` as JSON, checked
/// against its SHA-256 and for plausible dimensions). Without one, the server's dimensions and
/// first colour are applied to the bundled catalog's frame of the same SKU, or to a plain
/// rectangular frame.
package struct FBxFrameLoader: Sendable {
    /// Texture resolution of painted frames.
    package let pixelsPerMillimetre: Double
    /// Frames known without the server (the embedded catalog), by SKU.
    package let bundledFrames: [String: EyewearFrame]

    package init(pixelsPerMillimetre: Double, bundledFrames: [EyewearFrame]) {
        self.pixelsPerMillimetre = pixelsPerMillimetre
        self.bundledFrames = Dictionary(bundledFrames.map { ($0.sku, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The frame `sku`, painted.
    /// - Throws: ``FBxError/frameNotFound(_:)`` (unknown or invalid SKU), ``FBxError/noInternetConnection``,
    ///   ``FBxError/internalError(_:)`` (an answer or asset that cannot be used).
    package func load(_ sku: String, client: FBxServerClient) async throws(FBxError) -> EyewearAsset {
        guard Self.isValidSKU(sku) else { throw .frameNotFound(sku) }
        let answer = try await Self.get("/v1/frames/\(sku)", client: client)
        if answer.status == 404 { throw .frameNotFound(sku) }
        guard answer.status == 200, let described = try? JSONDecoder().decode(FBxCatalogFrame.self, from: answer.body),
            described.sku == sku
        else { throw .internalError("the catalog's answer for frame \(sku) cannot be read (HTTP \(answer.status)).") }
        let frame = try await model(of: described, client: client)
        return EyewearAsset.painted(frame, pixelsPerMillimetre: pixelsPerMillimetre)
    }

    private func model(of described: FBxCatalogFrame, client: FBxServerClient) async throws(FBxError) -> EyewearFrame {
        if let asset = described.assets.first(where: { $0.role == "model" }) {
            guard let url = asset.url, url.hasPrefix("/"), let size = asset.size, size <= 64 * 1024 else {
                throw .internalError("frame \(described.sku): its model asset is not usable.")
            }
            let answer = try await Self.get(url, client: client)
            guard answer.status == 200, Self.sha256Hex(of: answer.body) == asset.sha256,
                let frame = try? JSONDecoder().decode(EyewearFrame.self, from: answer.body),
                frame.sku == described.sku, frame.hasPlausibleDimensions
            else { throw .internalError("frame \(described.sku): its model asset is missing, altered or invalid.") }
            return frame
        }
        guard
            let frame = EyewearFrame.fromCatalog(
                sku: described.sku, name: described.name, lensWidth: described.lensWidthMm,
                bridgeWidth: described.bridgeWidthMm, templeLength: described.templeLengthMm,
                firstColorHex: described.colors.first?.hex, base: bundledFrames[described.sku])
        else {
            throw .internalError("frame \(described.sku): its dimensions are outside what real frames use.")
        }
        return frame
    }

    private static func get(_ path: String, client: FBxServerClient) async throws(FBxError) -> FBxServerClient.Answer {
        do {
            return try await client.send("GET", path)
        } catch {
            throw error == .unreachable
                ? .noInternetConnection : .internalError("the catalog server's answer is not HTTP.")
        }
    }

    /// Whether `sku` is 1 to 64 letters, digits, `.`, `-` or `_` (the catalog's SKU alphabet).
    package static func isValidSKU(_ sku: String) -> Bool {
        (1...64).contains(sku.utf8.count)
            && sku.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }

    /// Lowercase hex SHA-256 of `data`.
    static func sha256Hex(of data: Data) -> String {
        SHA256.hash(data: data).map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
            .joined()
    }
}
