package import CaptureCore

/// One way of reading a field's line(s): how each line image is prepared and whether the
/// recogniser is held to the field's characters (``VizField/Kind/characters``).
///
/// ``VizReader`` tries its candidates in order and keeps the first whose value passes the field's
/// checks with enough confidence, so a clean line costs one recogniser call and only a line that
/// fails pays for the next preparation.
package struct VizReadingCandidate: Sendable, Equatable {
    /// How a line image is prepared before it is read.
    package enum Preparation: Sendable, Equatable {
        /// The rectified pixels as they are.
        case asRectified
        /// Contrast stretched: the line's ground (its 80th percentile) to white, its print (its 3rd
        /// percentile) to black, for faded, tinted or glared print.
        case stretched
        /// Resampled by a factor (another sampling of the strokes for the recogniser).
        case scaled(Double)
        /// Only the darkest print kept: the line's print (its 3rd percentile) to black, and every
        /// level lighter than the given share of the way from it to the ground (the 80th percentile)
        /// to white. Light thin print under a security pattern of fine lines of about its own
        /// darkness: the lines, lighter than the strokes, are cut away with the ground.
        case inkCut(Double)

        /// `image` prepared.
        package func prepared(_ image: GrayImage) -> GrayImage {
            switch self {
            case .asRectified:
                return image
            case .stretched:
                return Self.stretched(image)
            case let .inkCut(share):
                return Self.stretched(image, groundShare: share)
            case let .scaled(factor):
                let width = max(1, Int((Double(image.width) * factor).rounded()))
                let height = max(1, Int((Double(image.height) * factor).rounded()))
                return image.resized(width: width, height: height)
            }
        }

        /// `image` with its print (3rd percentile) to black and the level `groundShare` of the way
        /// from it to its ground (80th percentile) and lighter to white.
        private static func stretched(_ image: GrayImage, groundShare: Double = 1) -> GrayImage {
            guard !image.pixels.isEmpty else { return image }
            let histogram = GrayLevelHistogram(image)
            let ink = histogram.percentile(0.03), full = histogram.percentile(0.8)
            guard full - ink >= 8 else { return image }
            let ground = ink + max(4, Int((Double(full - ink) * groundShare).rounded()))
            var table = [UInt8](repeating: 0, count: 256)
            for level in 0..<256 {
                let t = Double(level - ink) / Double(ground - ink)
                table[level] = UInt8(clamping: Int((max(0, min(1, t)) * 255).rounded()))
            }
            var out = image
            for index in out.pixels.indices { out.pixels[index] = table[Int(out.pixels[index])] }
            return out
        }
    }

    /// The preparation.
    package var preparation: Preparation
    /// Whether the recogniser reads only the field's characters (the kind's and its captions').
    package var restrictsCharacters: Bool

    package init(_ preparation: Preparation, restrictsCharacters: Bool) {
        self.preparation = preparation
        self.restrictsCharacters = restrictsCharacters
    }
}
