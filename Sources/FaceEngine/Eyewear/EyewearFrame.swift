/// A pair of glasses as the catalog describes it: identity, look, and real dimensions in
/// millimetres (the three numbers printed inside a temple: lens width, bridge width, temple
/// length — for example 52-18-140 — plus the lens height).
package struct EyewearFrame: Sendable, Equatable, Hashable, Codable {
    /// Width of each end piece (hinge block) outside the lenses, mm; part of ``totalWidth``.
    package static let endPieceWidth = 6.0

    /// Stock-keeping unit: the catalog key (`setFrame(_ sku:)` in the FBx guide).
    package var sku: String
    /// Display name.
    package var name: String
    package var shape: FrameShape
    package var finish: FrameFinish
    /// Rim colour.
    package var frameColor: EyewearColor
    /// Second colour: the brow of a browline frame, the top bar of an aviator; nil when none.
    package var accentColor: EyewearColor?
    /// Lens colour; its alpha is how strongly the lens tints (about 25 for clear lenses, 170 for sunglasses).
    package var lensTint: EyewearColor
    /// Horizontal width of one lens, mm.
    package var lensWidth: Double
    /// Vertical height of one lens, mm.
    package var lensHeight: Double
    /// Distance between the lenses at the nose, mm.
    package var bridgeWidth: Double
    /// Length of a temple (arm) from hinge to tip, mm.
    package var templeLength: Double
    /// Width of the rim around each lens, mm.
    package var rimWidth: Double

    package init(
        sku: String, name: String, shape: FrameShape, finish: FrameFinish, frameColor: EyewearColor,
        accentColor: EyewearColor? = nil, lensTint: EyewearColor, lensWidth: Double, lensHeight: Double,
        bridgeWidth: Double, templeLength: Double, rimWidth: Double
    ) {
        self.sku = sku
        self.name = name
        self.shape = shape
        self.finish = finish
        self.frameColor = frameColor
        self.accentColor = accentColor
        self.lensTint = lensTint
        self.lensWidth = lensWidth
        self.lensHeight = lensHeight
        self.bridgeWidth = bridgeWidth
        self.templeLength = templeLength
        self.rimWidth = rimWidth
    }

    /// Overall width of the front, mm: two lenses, the bridge and two end pieces.
    package var totalWidth: Double { 2 * lensWidth + bridgeWidth + 2 * Self.endPieceWidth }

    /// Distance between the two lens centres, mm (the frame's own "pupillary distance").
    package var lensCentreDistance: Double { lensWidth + bridgeWidth }

    /// Whether every dimension is within what real frames use (lens 35–65 mm wide and 25–60 mm
    /// high, bridge 12–26 mm, temples 120–160 mm, rims 0.5–6 mm).
    package var hasPlausibleDimensions: Bool {
        (35...65).contains(lensWidth) && (25...60).contains(lensHeight) && (12...26).contains(bridgeWidth)
            && (120...160).contains(templeLength) && (0.5...6).contains(rimWidth)
    }
}
