/// The part of a frame to process, in coordinates normalised to 0...1 of the (upright) frame.
public struct RegionOfInterest: Sendable, Equatable, Hashable {
    /// Left edge, 0...1.
    public var x: Float
    /// Top edge, 0...1.
    public var y: Float
    /// Width, 0...1; `x + width` must not exceed 1.
    public var width: Float
    /// Height, 0...1; `y + height` must not exceed 1.
    public var height: Float

    /// The whole frame.
    public init() {
        self.init(x: 0, y: 0, width: 1, height: 1)
    }

    /// A region; it is checked when a frame is processed (see ``validated()``).
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Why a region of interest was refused.
    public enum ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A coordinate is NaN or infinite.
        case notFinite
        /// The region leaves 0...1 or has no area.
        case outOfBounds(x: Float, y: Float, width: Float, height: Float)

        public var description: String {
            switch self {
            case .notFinite:
                return "The region of interest has a NaN or infinite coordinate. Use values between 0 and 1."
            case let .outOfBounds(x, y, w, h):
                return "The region of interest (x: \(x), y: \(y), width: \(w), height: \(h)) is not inside 0...1 "
                    + "or has no area. Use normalised coordinates with x + width <= 1 and y + height <= 1."
            }
        }
    }

    /// Returns `self` if it lies inside the unit square with a positive area.
    public func validated() throws(ValidationError) -> RegionOfInterest {
        guard [x, y, width, height].allSatisfy(\.isFinite) else { throw .notFinite }
        let tolerance: Float = 1e-6
        guard x >= 0, y >= 0, width > 0, height > 0,
            x + width <= 1 + tolerance, y + height <= 1 + tolerance
        else {
            throw .outOfBounds(x: x, y: y, width: width, height: height)
        }
        return self
    }
}
