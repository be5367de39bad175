#if canImport(CoreMedia) && canImport(CoreVideo)
public import CoreMedia
public import CoreVideo
import CaptureCore

extension MBSampleBufferWrapper {
    /// Wraps a camera sample buffer (bi-planar YUV 4:2:0 or 32BGRA), copying its luminance or
    /// colour into a cross-platform buffer. A buffer without an image becomes an empty gray frame,
    /// which processing reports as `invalidInput`.
    public init(cmSampleBuffer: CMSampleBuffer) {
        guard let pixelBuffer = CMSampleBufferGetImageBuffer(cmSampleBuffer) else {
            self.init(grayImage: GrayImage(width: 0, height: 0))
            return
        }
        self.init(cvPixelBuffer: pixelBuffer)
    }

    /// The guide's spelling (`MBSampleBufferWrapper(buffer: sampleBuffer)`).
    public init(buffer: CMSampleBuffer) {
        self.init(cmSampleBuffer: buffer)
    }

    /// Wraps a pixel buffer (see ``init(cmSampleBuffer:)``).
    public init(cvPixelBuffer pb: CVPixelBuffer) {
        CVPixelBufferLockBaseAddress(pb, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(pb, .readOnly) }
        let format = CVPixelBufferGetPixelFormatType(pb)
        if format == kCVPixelFormatType_32BGRA, let base = CVPixelBufferGetBaseAddress(pb) {
            let w = CVPixelBufferGetWidth(pb), h = CVPixelBufferGetHeight(pb)
            let stride = CVPixelBufferGetBytesPerRow(pb)
            var image = RGBAImage(width: w, height: h)
            let src = base.assumingMemoryBound(to: UInt8.self)
            for y in 0..<h {
                for x in 0..<w {
                    let s = y * stride + x * 4, d = (y * w + x) * 4
                    image.pixels[d] = src[s + 2]
                    image.pixels[d + 1] = src[s + 1]
                    image.pixels[d + 2] = src[s]
                    image.pixels[d + 3] = 255
                }
            }
            self.init(image: image)
            return
        }
        guard CVPixelBufferIsPlanar(pb), let base = CVPixelBufferGetBaseAddressOfPlane(pb, 0) else {
            self.init(grayImage: GrayImage(width: 0, height: 0))
            return
        }
        let w = CVPixelBufferGetWidthOfPlane(pb, 0), h = CVPixelBufferGetHeightOfPlane(pb, 0)
        let stride = CVPixelBufferGetBytesPerRowOfPlane(pb, 0)
        var gray = GrayImage(width: w, height: h)
        let src = base.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<w { gray.pixels[y * w + x] = src[y * stride + x] }
        }
        self.init(grayImage: gray)
    }
}
#endif
