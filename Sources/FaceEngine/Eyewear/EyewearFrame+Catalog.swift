extension EyewearFrame {
    /// The frame model for a catalog entry that has no model asset: `base` (the bundled frame of
    /// the same SKU), else a plain dark rectangular frame, given the catalog's name, dimensions
    /// and first colour. The FBx SDK's frame loader and the server's try-on route both use it, so
    /// a SKU looks the same in the app and in the browser.
    /// - Returns: nil when the result's dimensions are not plausible (``hasPlausibleDimensions``).
    package static func fromCatalog(
        sku: String, name: String, lensWidth: Double, bridgeWidth: Double, templeLength: Double,
        firstColorHex: String?, base: EyewearFrame?
    ) -> EyewearFrame? {
        var frame =
            base
            ?? EyewearFrame(
                sku: sku, name: name, shape: .rectangular, finish: .solid,
                frameColor: EyewearColor(red: 30, green: 30, blue: 30),
                lensTint: EyewearColor(red: 230, green: 235, blue: 240, alpha: 34),
                lensWidth: 52, lensHeight: 40, bridgeWidth: 18, templeLength: 145, rimWidth: 3)
        frame.name = name
        frame.lensWidth = lensWidth
        frame.bridgeWidth = bridgeWidth
        frame.templeLength = templeLength
        frame.lensHeight = min(frame.lensHeight, lensWidth * 0.95)
        if let hex = firstColorHex, let colour = EyewearColor(hex: hex) { frame.frameColor = colour }
        return frame.hasPlausibleDimensions ? frame : nil
    }
}
