import CaptureCore

/// A region of one frame and its box-downscaled copies, each made once: the MRZ zone search and the
/// outline search both work on reduced images, and when they ask for the same factor (a 1080p frame
/// is reduced 4 times by both) the frame is read once, not twice.
///
/// One per analysed frame, used on one thread (it is not `Sendable`).
package final class ReducedFrame {
    package let image: GrayImage
    /// The region of `image` the copies are made of (clipped to the image).
    package let region: PixelRect
    private var copies: [Int: GrayImage] = [:]

    package init(_ image: GrayImage, region: PixelRect) {
        self.image = image
        self.region = region.clipped(width: image.width, height: image.height)
    }

    /// The region reduced `factor` times (``GrayImage/downscaled(_:by:)``).
    package func downscaled(by factor: Int) -> GrayImage {
        if let copy = copies[factor] { return copy }
        let copy = image.downscaled(region, by: factor)
        copies[factor] = copy
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
