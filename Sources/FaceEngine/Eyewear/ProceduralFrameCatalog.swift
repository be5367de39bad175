/// The ready catalog of procedurally generated frames: ten models in several shapes, finishes
/// and colours, each with real dimensions in millimetres. `make demo` publishes it (frames as
/// JSON, textures painted by ``EyewearAsset/painted(_:pixelsPerMillimetre:)``) to the server.
package enum ProceduralFrameCatalog {
    /// Every frame, in display order.
    package static let frames: [EyewearFrame] = [
        EyewearFrame(
            sku: "FBX-RND-001", name: "Round Classic Black", shape: .round, finish: .solid,
            frameColor: hex("#1C1C1EFF"), lensTint: hex("#DDE6EE22"), lensWidth: 47, lensHeight: 44,
            bridgeWidth: 21, templeLength: 145, rimWidth: 2.6),
        EyewearFrame(
            sku: "FBX-RND-002", name: "Round Wire Rose Gold", shape: .round, finish: .metal,
            frameColor: hex("#C98D7AFF"), lensTint: hex("#F2B8C060"), lensWidth: 49, lensHeight: 46,
            bridgeWidth: 20, templeLength: 140, rimWidth: 1.1),
        EyewearFrame(
            sku: "FBX-REC-003", name: "Rectangle Tortoise", shape: .rectangular, finish: .tortoise,
            frameColor: hex("#8A4B1EFF"), lensTint: hex("#E8E2D022"), lensWidth: 54, lensHeight: 36,
            bridgeWidth: 17, templeLength: 145, rimWidth: 3.2),
        EyewearFrame(
            sku: "FBX-AVI-004", name: "Aviator Gold", shape: .aviator, finish: .metal,
            frameColor: hex("#C9A54BFF"), accentColor: hex("#B8923AFF"), lensTint: hex("#3F5A3AB0"),
            lensWidth: 58, lensHeight: 50, bridgeWidth: 14, templeLength: 140, rimWidth: 1.2),
        EyewearFrame(
            sku: "FBX-CAT-005", name: "Cat-Eye Cherry", shape: .catEye, finish: .solid,
            frameColor: hex("#9E1B32FF"), lensTint: hex("#F4E4E422"), lensWidth: 52, lensHeight: 40,
            bridgeWidth: 18, templeLength: 140, rimWidth: 3.4),
        EyewearFrame(
            sku: "FBX-BRW-006", name: "Browline Black Gold", shape: .browline, finish: .metal,
            frameColor: hex("#C2A04AFF"), accentColor: hex("#161616FF"), lensTint: hex("#E6EEF022"),
            lensWidth: 51, lensHeight: 40, bridgeWidth: 21, templeLength: 145, rimWidth: 1.1),
        EyewearFrame(
            sku: "FBX-OVL-007", name: "Oval Crystal", shape: .oval, finish: .solid,
            frameColor: hex("#B9D3E0B0"), lensTint: hex("#E8F0F422"), lensWidth: 50, lensHeight: 38,
            bridgeWidth: 19, templeLength: 140, rimWidth: 2.8),
        EyewearFrame(
            sku: "FBX-SQR-008", name: "Square Navy", shape: .square, finish: .solid,
            frameColor: hex("#1F2F5CFF"), lensTint: hex("#E4E8F022"), lensWidth: 50, lensHeight: 45,
            bridgeWidth: 20, templeLength: 145, rimWidth: 3.6),
        EyewearFrame(
            sku: "FBX-WAY-009", name: "Wayfarer Sun Black", shape: .wayfarer, finish: .solid,
            frameColor: hex("#111111FF"), lensTint: hex("#2B2E30C8"), lensWidth: 52, lensHeight: 41,
            bridgeWidth: 20, templeLength: 150, rimWidth: 3.8),
        EyewearFrame(
            sku: "FBX-HEX-010", name: "Hexagon Silver Blue", shape: .hexagonal, finish: .metal,
            frameColor: hex("#B8BCC2FF"), lensTint: hex("#5A8FC070"), lensWidth: 51, lensHeight: 45,
            bridgeWidth: 21, templeLength: 145, rimWidth: 1.0),
    ]

    /// The frame with `sku`, or nil.
    package static func frame(sku: String) -> EyewearFrame? {
        frames.first { $0.sku == sku }
    }

    private static func hex(_ text: String) -> EyewearColor {
        // The literals above are all valid; a typo would show up as magenta in every render and test.
        EyewearColor(hex: text) ?? EyewearColor(red: 255, green: 0, blue: 255)
    }
}
