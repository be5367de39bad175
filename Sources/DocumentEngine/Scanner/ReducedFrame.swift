package import CaptureCore

/// A region of one frame and its box-downscaled copies, each made once: the MRZ zone search and the
/// outline search both work on reduced images, and when they ask for the same factor (a 1080p frame
/// is reduced 4 times by both) the frame is read once, not twice.
///
/// One per analysed frame, used on one thread (it is not `Sendable`).
package final class ReducedFrame {
    package let image: GrayImage
    /// The frame in colour, when the caller has it (the same size as `image`).
    package let colour: RGBAImage?
    /// The region of `image` the copies are made of (clipped to the image).
    package let region: PixelRect
    private var copies: [Int: GrayImage] = [:]
    private var colourCopies: [Int: (blue: GrayImage, red: GrayImage)] = [:]

    /// `colour`, when given, must be the frame `image` is the luma of; one of another size is ignored.
    package init(_ image: GrayImage, colour: RGBAImage? = nil, region: PixelRect) {
        self.image = image
        self.colour = colour.flatMap { $0.width == image.width && $0.height == image.height ? $0 : nil }
        self.region = region.clipped(width: image.width, height: image.height)
    }

    /// The region reduced `factor` times (``GrayImage/downscaled(_:by:)``).
    package func downscaled(by factor: Int) -> GrayImage {
        if let copy = copies[factor] { return copy }
        let copy = image.downscaled(region, by: factor)
        copies[factor] = copy
        return copy
    }

    /// The region's colour differences reduced `factor` times (``RGBAImage/colourDifferences(_:by:)``),
    /// or nil without a colour frame.
    package func colourDifferences(by factor: Int) -> (blue: GrayImage, red: GrayImage)? {
        guard let colour else { return nil }
        if let copy = colourCopies[factor] { return copy }
        let copy = colour.colourDifferences(region, by: factor)
        colourCopies[factor] = copy
        return copy
    }

    /// The factor that brings the region's long side to about `workingSize` pixels.
    package func factor(forWorkingSize workingSize: Int) -> Int {
        Self.factor(bringing: region, to: workingSize)
    }

    /// The box-downscale factor that brings `region`'s long side to about `workingSize` pixels.
    package static func factor(bringing region: PixelRect, to workingSize: Int) -> Int {
        max(1, Int((Double(max(region.width, region.height)) / Double(max(1, workingSize))).rounded()))
    }
}
