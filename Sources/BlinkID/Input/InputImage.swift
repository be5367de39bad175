public import CaptureCore
public import Foundation

/// An image to process: a camera frame, or a still image with a region of interest.
///
/// ```swift
/// let still = try InputImage(contentsOf: URL(fileURLWithPath: "passport.jpg"))
/// let frame = InputImage(cameraFrame: CameraFrame(buffer: MBSampleBufferWrapper(image: rgba)))
/// ```
public final class InputImage: Sendable {
    /// The pixels, turned upright.
    let pixels: MBSampleBufferWrapper.PixelBuffer
    /// The region to process, in the upright image.
    public let regionOfInterest: RegionOfInterest
    /// Whether the image came from a camera frame (video) or a still.
    public let isCameraFrame: Bool

    /// Wraps a camera frame; the buffer is rotated upright according to its orientation.
    public init(cameraFrame: CameraFrame) {
        let turns = cameraFrame.orientation.quarterTurnsToUpright
        switch cameraFrame.buffer.pixelBuffer {
        case let .gray(g): pixels = .gray(g.rotated(quarterTurnsClockwise: turns))
        case let .rgba(c): pixels = .rgba(c.rotated(quarterTurnsClockwise: turns))
        }
        regionOfInterest = cameraFrame.roi
        isCameraFrame = true
    }

    /// Wraps an upright RGBA image (the Linux counterpart of the guide's `init(uiImage:regionOfInterest:)`).
    public init(image: RGBAImage, regionOfInterest: RegionOfInterest = RegionOfInterest()) {
        pixels = .rgba(image)
        self.regionOfInterest = regionOfInterest
        isCameraFrame = false
    }

    /// Wraps an upright gray image.
    public init(grayImage: GrayImage, regionOfInterest: RegionOfInterest = RegionOfInterest()) {
        pixels = .gray(grayImage)
        self.regionOfInterest = regionOfInterest
        isCameraFrame = false
    }

    /// Loads a JPEG or PNG file.
    /// - Throws: `ImageError` when the file is missing, empty, damaged, not an image, or too large.
    public convenience init(
        contentsOf url: URL, regionOfInterest: RegionOfInterest = RegionOfInterest()
    ) throws(ImageError) {
        self.init(image: try ImageCodec.decode(contentsOf: url), regionOfInterest: regionOfInterest)
    }

    /// Width of the upright image in pixels.
    public var width: Int {
        switch pixels {
        case let .gray(g): return g.width
        case let .rgba(c): return c.width
        }
    }

    /// Height of the upright image in pixels.
    public var height: Int {
        switch pixels {
        case let .gray(g): return g.height
        case let .rgba(c): return c.height
        }
    }

    /// The upright image as gray (luma).
    var grayImage: GrayImage {
        switch pixels {
        case let .gray(g): return g
        case let .rgba(c): return c.grayscale()
        }
    }

    /// The upright image in colour, when it came in colour (the engine then also finds edges
    /// between colours of one luma).
    var colourImage: RGBAImage? {
        if case let .rgba(c) = pixels { return c }
        return nil
    }

    /// The upright image as RGBA (gray expanded when the source was gray).
    var rgbaImage: RGBAImage {
        switch pixels {
        case let .gray(g): return g.rgba()
        case let .rgba(c): return c
        }
    }
}
