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

    /// An image whose every sample `body` writes (the storage starts uninitialised, so `body`
    /// must write all `width * height` of them).
    @usableFromInline
    init(width: Int, height: Int, writing body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        self.width = width
        self.height = height
        let count = width * height
        self.pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            body(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            initialized = count
        }
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
        pixels.withUnsafeBufferPointer { Self.bilinearSample($0, width: width, height: height, x: x, y: y) }
    }

    /// ``bilinearSample(x:y:)`` on raw samples (`width * height`, row-major), for loops that hold
    /// the buffer: clamping happens only where a neighbour lies outside.
    @inlinable @inline(__always)
    package static func bilinearSample(
        _ pixels: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int,
        x: Double, y: Double
    ) -> Double {
        bilinearSample(pixels, width: w, height: h, x: x, y: y) { Double($0) }
    }

    /// ``bilinearSample(_:width:height:x:y:)`` with the gray levels converted by `level` (a table
    /// lookup is cheaper than a conversion in tight loops); `level(v)` must equal `Double(v)`.
    @inlinable @inline(__always)
    package static func bilinearSample(
        _ pixels: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int,
        x: Double, y: Double, level: (UInt8) -> Double
    ) -> Double {
        // floor without a libm call (exact wherever the conversion to Int is).
        var x0 = Int(x), y0 = Int(y)
        if Double(x0) > x { x0 -= 1 }
        if Double(y0) > y { y0 -= 1 }
        let fx = x - Double(x0), fy = y - Double(y0)
        let a: Double, b: Double, c: Double, d: Double
        if x0 >= 0, y0 >= 0, x0 + 1 < w, y0 + 1 < h {
            let i = y0 * w + x0
            a = level(pixels[i])
            b = level(pixels[i + 1])
            c = level(pixels[i + w])
            d = level(pixels[i + w + 1])
        } else {
            let xa = min(max(x0, 0), w - 1), xb = min(max(x0 + 1, 0), w - 1)
            let ya = min(max(y0, 0), h - 1) * w, yb = min(max(y0 + 1, 0), h - 1) * w
            a = level(pixels[ya + xa])
            b = level(pixels[ya + xb])
            c = level(pixels[yb + xa])
            d = level(pixels[yb + xb])
        }
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

    /// Downscales by an integer factor, averaging each `factor`x`factor` block (box filter; the
    /// mean is truncated). Trailing rows and columns that do not fill a block are dropped.
    public func downscaled(by factor: Int) -> GrayImage {
        precondition(factor >= 1)
        if factor == 1 { return self }
        return downscaled(PixelRect(x: 0, y: 0, width: width, height: height), by: factor)
    }

    /// The rectangle `rect` (clipped to the image) downscaled by `factor` as by
    /// ``downscaled(by:)``, read in place: the same pixels as `region(rect).downscaled(by: factor)`
    /// without copying the region first.
    package func downscaled(_ rect: PixelRect, by factor: Int) -> GrayImage {
        precondition(factor >= 1)
        let r = rect.clipped(width: width, height: height)
        if factor == 1 { return region(r) }
        let ow = r.width / factor, oh = r.height / factor
        guard ow > 0, oh > 0 else { return GrayImage(width: ow, height: oh) }
        let stride = width
        return GrayImage(width: ow, height: oh) { dst in
            pixels.withUnsafeBufferPointer { src in
                let origin = src.baseAddress! + r.y * stride + r.x
                switch factor {
                case 2: Self.boxDownscale2(origin, stride: stride, into: dst, width: ow, height: oh)
                case 3: Self.boxDownscale(origin, stride: stride, factor: 3, into: dst, width: ow, height: oh)
                case 4: Self.boxDownscale(origin, stride: stride, factor: 4, into: dst, width: ow, height: oh)
                default: Self.boxDownscale(origin, stride: stride, factor: factor, into: dst, width: ow, height: oh)
                }
            }
        }
    }

    /// Halves both dimensions: the mean of each 2x2 block.
    private static func boxDownscale2(
        _ src: UnsafePointer<UInt8>, stride: Int, into dst: UnsafeMutableBufferPointer<UInt8>,
        width ow: Int, height oh: Int
    ) {
        let out = dst.baseAddress!
        for oy in 0..<oh {
            let a = src + 2 * oy * stride, b = a + stride
            let o = out + oy * ow
            for ox in 0..<ow {
                let x = 2 * ox
                let sum = UInt16(a[x]) &+ UInt16(a[x + 1]) &+ UInt16(b[x]) &+ UInt16(b[x + 1])
                o[ox] = UInt8(truncatingIfNeeded: sum >> 2)
            }
        }
    }

    /// The mean of each `factor`x`factor` block; inlined per constant factor so the block loops
    /// unroll.
    @inline(__always)
    private static func boxDownscale(
        _ src: UnsafePointer<UInt8>, stride: Int, factor: Int,
        into dst: UnsafeMutableBufferPointer<UInt8>, width ow: Int, height oh: Int
    ) {
        let out = dst.baseAddress!
        let area = UInt32(factor * factor)
        // Column sums of one band of `factor` rows, then block sums along the row.
        let columns = ow * factor
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: columns)
        defer { sums.deallocate() }
        for oy in 0..<oh {
            let top = src + factor * oy * stride
            for x in 0..<columns { sums[x] = UInt32(top[x]) }
            for dy in 1..<factor {
                let row = top + dy * stride
                for x in 0..<columns { sums[x] &+= UInt32(row[x]) }
            }
            let o = out + oy * ow
            for ox in 0..<ow {
                let s = sums + ox * factor
                var total: UInt32 = 0
                for dx in 0..<factor { total &+= s[dx] }
                o[ox] = UInt8(truncatingIfNeeded: total / area)
            }
        }
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
        let turned = PixelRotation.rotated(
            pixels, width: width, height: height, channels: 1, quarterTurnsClockwise: turns)
        var out = GrayImage(width: turned.width, height: turned.height)
        out.pixels = turned.pixels
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
