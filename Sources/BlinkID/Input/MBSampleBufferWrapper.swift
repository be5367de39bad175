public import CaptureCore

/// A camera frame's pixels, as a cross-platform buffer.
///
/// On Linux a frame comes from an image, a video decoded by `ffmpeg`, or a V4L2 camera, as gray or
/// RGBA pixels. On Apple platforms the same type also wraps a `CMSampleBuffer`
/// (`MBSampleBufferWrapper(cmSampleBuffer:)`, in an Apple-only file) and converts it on access.
public struct MBSampleBufferWrapper: Sendable {
    /// The pixel layouts a buffer can hold.
    public enum PixelBuffer: Sendable {
        /// 8-bit luminance (for example the Y plane of a YUV camera frame).
        case gray(GrayImage)
        /// 8-bit RGBA.
        case rgba(RGBAImage)
    }

    /// The pixels.
    public let pixelBuffer: PixelBuffer

    /// Wraps a pixel buffer.
    public init(pixelBuffer: PixelBuffer) {
        self.pixelBuffer = pixelBuffer
    }

    /// Wraps an RGBA image.
    public init(image: RGBAImage) {
        self.init(pixelBuffer: .rgba(image))
    }

    /// Wraps a gray image (luminance only).
    public init(grayImage: GrayImage) {
        self.init(pixelBuffer: .gray(grayImage))
    }

    /// Width in pixels.
    public var width: Int {
        switch pixelBuffer {
        case let .gray(g): return g.width
        case let .rgba(c): return c.width
        }
    }

    /// Height in pixels.
    public var height: Int {
        switch pixelBuffer {
        case let .gray(g): return g.height
        case let .rgba(c): return c.height
        }
    }
}
