/// An eyewear frame of the catalog, served by `GET /v1/frames/{sku}`.
package struct FrameRecord: Codable, Sendable, Equatable {
    /// One colour variant.
    package struct Color: Codable, Sendable, Equatable {
        /// Marketing name (e.g. `Tortoise`).
        package var name: String
        /// `#RRGGBB`.
        package var hex: String

        package init(name: String, hex: String) {
            self.name = name
            self.hex = hex
        }
    }

    /// One asset (texture, 3D model, thumbnail), stored as a blob.
    package struct Asset: Codable, Sendable, Equatable {
        /// What the asset is for (`texture`, `model`, `thumbnail`, ...).
        package var role: String
        /// Lowercase hex SHA-256 of the asset's bytes.
        package var sha256: String
        package var mediaType: String
        package var size: Int

        package init(role: String, sha256: String, mediaType: String, size: Int) {
            self.role = role
            self.sha256 = sha256
            self.mediaType = mediaType
            self.size = size
        }
    }

    package var sku: String
    package var name: String
    package var lensWidthMm: Double
    package var bridgeWidthMm: Double
    package var templeLengthMm: Double
    package var colors: [Color]
    package var assets: [Asset]
    package var updatedAt: Int64

    package init(
        sku: String, name: String, lensWidthMm: Double, bridgeWidthMm: Double, templeLengthMm: Double,
        colors: [Color], assets: [Asset], updatedAt: Int64
    ) {
        self.sku = sku
        self.name = name
        self.lensWidthMm = lensWidthMm
        self.bridgeWidthMm = bridgeWidthMm
        self.templeLengthMm = templeLengthMm
        self.colors = colors
        self.assets = assets
        self.updatedAt = updatedAt
    }
}
