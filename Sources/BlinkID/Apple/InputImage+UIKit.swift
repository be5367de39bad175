#if canImport(UIKit)
import CaptureCore
public import UIKit

extension InputImage {
    /// Wraps a `UIImage` (drawn upright into an RGBA buffer, honouring its `imageOrientation`).
    public convenience init(uiImage: UIImage, regionOfInterest: RegionOfInterest = RegionOfInterest()) {
        let width = Int(uiImage.size.width * uiImage.scale), height = Int(uiImage.size.height * uiImage.scale)
        var image = RGBAImage(width: max(width, 0), height: max(height, 0))
        if width > 0, height > 0 {
            image.pixels.withUnsafeMutableBytes { raw in
                let space = CGColorSpaceCreateDeviceRGB()
                if let ctx = CGContext(
                    data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
                    bytesPerRow: width * 4, space: space,
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
                {
                    UIGraphicsPushContext(ctx)
                    ctx.translateBy(x: 0, y: CGFloat(height))
                    ctx.scaleBy(x: uiImage.scale, y: -uiImage.scale)
                    uiImage.draw(in: CGRect(origin: .zero, size: uiImage.size))
                    UIGraphicsPopContext()
                }
            }
        }
        self.init(image: image, regionOfInterest: regionOfInterest)
    }
}
#endif
