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

        /// `image` prepared.
        package func prepared(_ image: GrayImage) -> GrayImage {
            switch self {
            case .asRectified:
                return image
            case .stretched:
                return Self.stretched(image)
            case let .scaled(factor):
                let width = max(1, Int((Double(image.width) * factor).rounded()))
                let height = max(1, Int((Double(image.height) * factor).rounded()))
                return image.resized(width: width, height: height)
            }
        }

        private static func stretched(_ image: GrayImage) -> GrayImage {
            guard !image.pixels.isEmpty else { return image }
            let histogram = GrayLevelHistogram(image)
            let ink = histogram.percentile(0.03), ground = histogram.percentile(0.8)
            guard ground - ink >= 8 else { return image }
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
