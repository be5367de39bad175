package import CaptureCore

/// The image preparations ``PDF417Reader`` retries with when zxing-cpp's own binariser fails: a
/// local-mean threshold and an unsharp mask. Each is one or two passes over the pixels (O(width x
/// height)).
package enum BarcodeImageFilters {
    /// Black and white where a pixel is darker than the mean of its (2r+1) x (2r'+1) neighbourhood
    /// (r = `radius` along rows, r' = `verticalRadius`, `radius` when nil) by more
    /// than `offset`: robust to uneven light and glare gradients.
    package static func localMeanBinarized(
        _ image: GrayImage, radius: Int, verticalRadius: Int? = nil, offset: Double = 2
    ) -> GrayImage {
        let integral = IntegralImage(image)
        let w = image.width, h = image.height, r = max(1, radius), ry = max(1, verticalRadius ?? radius)
        var out = GrayImage(width: w, height: h)
        for y in 0..<h {
            let y0 = max(0, y - ry), y1 = min(h, y + ry + 1)
            for x in 0..<w {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                let box = integral.box(x0: x0, y0: y0, x1: x1, y1: y1)
                let mean = Double(box.sum) / Double(box.count)
                out.pixels[y * w + x] = Double(image.pixels[y * w + x]) < mean - offset ? 0 : 255
            }
        }
        return out
    }

    /// `image + amount * (image - blur(image, sigma))`, clamped: restores edges softened by defocus.
    package static func sharpened(_ image: GrayImage, sigma: Double, amount: Double) -> GrayImage {
        let blurred = image.gaussianBlurred(sigma: sigma)
        var out = image
        for i in 0..<out.pixels.count {
            let v = Double(image.pixels[i]), b = Double(blurred.pixels[i])
            out.pixels[i] = UInt8(clamping: Int((v + amount * (v - b)).rounded()))
        }
        return out
    }
}
