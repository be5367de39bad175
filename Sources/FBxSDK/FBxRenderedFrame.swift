package import CaptureCore
public import Foundation

/// One camera frame as ``FBxView`` shows it: the picture with the selected frame drawn on the face.
public struct FBxRenderedFrame: Sendable {
    /// Position in the session, from 0.
    public let index: Int
    /// Presentation time from the frame source, seconds.
    public let timestamp: Double
    /// Whether a face was tracked in this frame.
    public let faceDetected: Bool
    /// Whether glasses were drawn on it.
    public let glassesDrawn: Bool
    /// The picture.
    package let image: RGBAImage

    package init(index: Int, timestamp: Double, faceDetected: Bool, glassesDrawn: Bool, image: RGBAImage) {
        self.index = index
        self.timestamp = timestamp
        self.faceDetected = faceDetected
        self.glassesDrawn = glassesDrawn
        self.image = image
    }

    /// Width in pixels.
    public var width: Int { image.width }
    /// Height in pixels.
    public var height: Int { image.height }
    /// R, G, B, A bytes (straight alpha, opaque), row after row.
    public var rgbaPixels: [UInt8] { image.pixels }

    /// The picture as PNG.
    public func pngData() throws -> Data {
        try ImageCodec.encodePNG(image, compressionLevel: 3)
    }
}
