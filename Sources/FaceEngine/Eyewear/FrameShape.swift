/// The outline family of a frame's lenses.
package enum FrameShape: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case round
    case oval
    case rectangular
    case square
    /// Teardrop lenses, flat on top and deep toward the nose, with a double bridge.
    case aviator
    /// Upswept outer-top corners.
    case catEye
    /// A heavy upper rim ("brow") over thin lower rims.
    case browline
    /// Trapezoid lenses, wider on top.
    case wayfarer
    case hexagonal
}
