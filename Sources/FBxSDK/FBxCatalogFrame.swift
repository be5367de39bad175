/// A frame as capkit-server's catalogue describes it: the body of `GET /v1/frames/{sku}` (its
/// `FrameResponse`) and, without the server-assigned asset fields, an entry of
/// `POST /v1/admin/frames`. One type for both directions, so the SDK's reader and its provisioner
/// cannot drift apart.
package struct FBxCatalogFrame: Codable, Sendable {
    /// A named colour, `#RRGGBB`.
    package struct Color: Codable, Sendable {
        package var name: String
        package var hex: String
    }

    /// An asset by its role (`model`, `front`, `temple`) and content hash; the server adds the media
    /// type, size and download path when it answers (absent, and not sent, when importing).
    package struct Asset: Codable, Sendable {
        package var role: String
        package var sha256: String
        package var mediaType: String?
        package var size: Int?
        package var url: String?
    }

    package var sku: String
    package var name: String
    package var lensWidthMm: Double
    package var bridgeWidthMm: Double
    package var templeLengthMm: Double
    package var colors: [Color]
    package var assets: [Asset]
}
