/// An 8-bit single-channel image, row-major, with no padding between rows.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` luminance samples, row after row.
    public var pixels: [UInt8]

    /// Creates an image filled with `value`.
    public init(width: Int, height: Int, fill value: UInt8 = 0) {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: value, count: width * height)
    }

    /// Wraps existing samples; fails when the count does not match the dimensions.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        guard width > 0, height > 0, pixels.count == width * height else {
            throw .invalidDimensions(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The sample at (`x`, `y`); both must be inside the image.
    @inlinable
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Whether the image holds no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The sample at (`x`, `y`) with coordinates clamped to the image.
    @inlinable
    public func clampedSample(x: Int, y: Int) -> UInt8 {
        let cx = min(max(x, 0), width - 1)
        let cy = min(max(y, 0), height - 1)
        return pixels[cy * width + cx]
    }

    /// Bilinear sample at a sub-pixel position (pixel centres at integer coordinates); edges clamp.
    @inlinable
    public func bilinearSample(x: Double, y: Double) -> Double {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        let a = Double(clampedSample(x: x0, y: y0)), b = Double(clampedSample(x: x0 + 1, y: y0))
        let c = Double(clampedSample(x: x0, y: y0 + 1)), d = Double(clampedSample(x: x0 + 1, y: y0 + 1))
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    }

    /// The rectangle `rect` (clipped to the image) as a new image.
    public func cropped(to rect: PixelRect) -> GrayImage {
        let r = rect.clipped(width: width, height: height)
        var out = GrayImage(width: r.width, height: r.height)
        guard !r.isEmpty else { return out }
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<r.height {
                    let s = (r.y + row) * width + r.x
                    let d = row * r.width
                    for col in 0..<r.width { dst[d + col] = src[s + col] }
                }
            }
        }
        return out
    }

    /// The rectangle `rect` clipped to the image: the image itself (no copy) when that is all of it.
    public func region(_ rect: PixelRect) -> GrayImage {
        let r = rect.clipped(width: width, height: height)
        return r == PixelRect(x: 0, y: 0, width: width, height: height) ? self : cropped(to: r)
    }

    /// Downscales by an integer factor, averaging each `factor`x`factor` block (box filter).
    public func downscaled(by factor: Int) -> GrayImage {
        precondition(factor >= 1)
        if factor == 1 { return self }
        let ow = width / factor, oh = height / factor
        var out = GrayImage(width: ow, height: oh)
        guard ow > 0, oh > 0 else { return out }
        let area = factor * factor
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                var rowSums = [Int](repeating: 0, count: ow)
                for oy in 0..<oh {
                    for i in 0..<ow { rowSums[i] = 0 }
                    for dy in 0..<factor {
                        let base = (oy * factor + dy) * width
                        for ox in 0..<ow {
                            var s = 0
                            let start = base + ox * factor
                            for dx in 0..<factor { s += Int(src[start + dx]) }
                            rowSums[ox] += s
                        }
                    }
                    for ox in 0..<ow { dst[oy * ow + ox] = UInt8(rowSums[ox] / area) }
                }
            }
        }
        return out
    }

    /// Resizes to exactly `newWidth` x `newHeight` with bilinear sampling (area-averaged first when
    /// shrinking by 2x or more, to avoid aliasing).
    public func resized(width newWidth: Int, height newHeight: Int) -> GrayImage {
        precondition(newWidth > 0 && newHeight > 0)
        var source = self
        let factor = min(width / newWidth, height / newHeight)
        if factor >= 2 { source = downscaled(by: factor) }
        var out = GrayImage(width: newWidth, height: newHeight)
        let sx = Double(source.width) / Double(newWidth), sy = Double(source.height) / Double(newHeight)
        for y in 0..<newHeight {
            let fy = (Double(y) + 0.5) * sy - 0.5
            for x in 0..<newWidth {
                let fx = (Double(x) + 0.5) * sx - 0.5
                out.pixels[y * newWidth + x] = UInt8(clamping: Int(source.bilinearSample(x: fx, y: fy) + 0.5))
            }
        }
        return out
    }

    /// Rotates by a multiple of 90 degrees clockwise.
    public func rotated(quarterTurnsClockwise turns: Int) -> GrayImage {
        let t = ((turns % 4) + 4) % 4
        if t == 0 { return self }
        let ow = t == 2 ? width : height, oh = t == 2 ? height : width
        var out = GrayImage(width: ow, height: oh)
        for y in 0..<height {
            for x in 0..<width {
                let (nx, ny): (Int, Int)
                switch t {
                case 1: (nx, ny) = (height - 1 - y, x)
                case 2: (nx, ny) = (width - 1 - x, height - 1 - y)
                default: (nx, ny) = (y, width - 1 - x)
                }
                out.pixels[ny * ow + nx] = pixels[y * width + x]
            }
        }
        return out
    }

    /// Expands to RGBA (opaque gray).
    public func rgba() -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        for i in 0..<pixels.count {
            let v = pixels[i]
            out.pixels[4 * i] = v
            out.pixels[4 * i + 1] = v
            out.pixels[4 * i + 2] = v
            out.pixels[4 * i + 3] = 255
        }
        return out
    }
}

/// An integer pixel rectangle.
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the rectangle covers no pixels.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of the rectangle inside a `width` x `height` image.
    public func clipped(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(imageWidth, x + width), y1 = min(imageHeight, y + height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
