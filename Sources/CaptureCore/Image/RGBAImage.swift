/// An 8-bit RGBA image (straight alpha), row-major, 4 bytes per pixel, no row padding.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row after row.
    public var pixels: [UInt8]

    /// Creates an image filled with one colour (opaque black by default).
    public init(width: Int, height: Int, fill: RGBA = RGBA(r: 0, g: 0, b: 0, a: 255)) {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 0, count: width * height * 4)
        if fill != RGBA(r: 0, g: 0, b: 0, a: 0) {
            for i in stride(from: 0, to: p.count, by: 4) {
                p[i] = fill.r
                p[i + 1] = fill.g
                p[i + 2] = fill.b
                p[i + 3] = fill.a
            }
        }
        self.pixels = p
    }

    /// Wraps existing bytes; fails when the count does not match the dimensions.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw .invalidDimensions(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`); both must be inside the image.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = (y * width + x) * 4
            return RGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Luma (ITU-R BT.601 weights, integer arithmetic), ignoring alpha.
    public func grayscale() -> GrayImage {
        let count = width * height
        return GrayImage(width: width, height: height) { dst in
            pixels.withUnsafeBytes { raw in
                guard count > 0 else { return }
                let src = raw.baseAddress!, out = dst.baseAddress!
                var i = 0
                #if _endian(little)
                // Sixteen pixels at a time: R, G, B, A are the bytes of a little-endian UInt32. The
                // weighted sum is at most 255·256 + 128, so it is computed in 16-bit lanes (baseline
                // x86-64 has 16-bit but no 32-bit lane multiplies), with the same result.
                while i + 16 <= count {
                    let v = src.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                    let r = SIMD16<UInt16>(truncatingIfNeeded: v & 0xFF)
                    let g = SIMD16<UInt16>(truncatingIfNeeded: (v &>> 8) & 0xFF)
                    let b = SIMD16<UInt16>(truncatingIfNeeded: (v &>> 16) & 0xFF)
                    let luma = (r &* 77 &+ g &* 150 &+ b &* 29 &+ 128) &>> 8
                    UnsafeMutableRawPointer(out + i).storeBytes(
                        of: SIMD16<UInt8>(truncatingIfNeeded: luma),
                        as: SIMD16<UInt8>.self)
                    i += 16
                }
                #endif
                while i < count {
                    let v = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                    let r = v & 0xFF, g = (v >> 8) & 0xFF, b = (v >> 16) & 0xFF
                    out[i] = UInt8(truncatingIfNeeded: (r &* 77 &+ g &* 150 &+ b &* 29 &+ 128) >> 8)
                    i += 1
                }
            }
        }
    }

    /// The colour differences of `rect` (clipped to the image) reduced `factor` times, on the grid
    /// of ``GrayImage/downscaled(by:)``: blue minus luma and red minus luma (luma with
    /// ``grayscale()``'s weights; the Cb and Cr of YCbCr, unscaled) of the mean colour of the 2x2
    /// pixels at the centre of each `factor`x`factor` block, rounded, offset by 128 and clamped to
    /// 0...255. Edges between colours of about the same luma (a purple band on brown wood) show
    /// here and not in ``grayscale()``. Colour varies slowly in camera images (the sensor and JPEG
    /// both subsample it), so the block's centre stands for the block, and the frame is read at
    /// two rows in `factor` rather than all of them.
    package func colourDifferences(_ rect: PixelRect, by factor: Int) -> (blue: GrayImage, red: GrayImage) {
        precondition(factor >= 1, "colour reduction factor out of range")
        let r = rect.clipped(width: width, height: height)
        let ow = r.width / factor, oh = r.height / factor
        var blue = GrayImage(width: ow, height: oh), red = GrayImage(width: ow, height: oh)
        guard ow > 0, oh > 0 else { return (blue, red) }
        // The centre pixels' offsets in the block (the same pixel twice when the factor is odd).
        let near = (factor - 1) / 2, far = factor / 2
        pixels.withUnsafeBufferPointer { source in
            blue.pixels.withUnsafeMutableBufferPointer { blueOut in
                red.pixels.withUnsafeMutableBufferPointer { redOut in
                    let src = source.baseAddress!
                    for oy in 0..<oh {
                        let top = src + ((r.y + oy * factor + near) * width + r.x + near) * 4
                        let bottom = src + ((r.y + oy * factor + far) * width + r.x + near) * 4
                        let across = (far - near) * 4
                        for ox in 0..<ow {
                            let o = ox &* factor &* 4
                            let a = top + o, b = bottom + o
                            let sr = Int32(a[0]) &+ Int32(a[across]) &+ Int32(b[0]) &+ Int32(b[across])
                            let sg = Int32(a[1]) &+ Int32(a[across &+ 1]) &+ Int32(b[1]) &+ Int32(b[across &+ 1])
                            let sb = Int32(a[2]) &+ Int32(a[across &+ 2]) &+ Int32(b[2]) &+ Int32(b[across &+ 2])
                            // In units of 1/1024 of a level: 256 · (sum of four) − luma weights · sums.
                            let luma = 77 &* sr &+ 150 &* sg &+ 29 &* sb
                            blueOut[oy &* ow &+ ox] = Self.level(256 &* sb &- luma)
                            redOut[oy &* ow &+ ox] = Self.level(256 &* sr &- luma)
                        }
                    }
                }
            }
        }
        return (blue, red)
    }

    /// A difference in units of 1/1024 of a level, rounded to the nearest level (halves up),
    /// offset by 128 and clamped.
    @inline(__always)
    private static func level(_ difference: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, max(0, 128 &+ ((difference &+ 512) &>> 10))))
    }

    /// The rectangle `rect` (clipped to the image) as a new image.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        let r = rect.clipped(width: width, height: height)
        var out = RGBAImage(width: r.width, height: r.height)
        for row in 0..<r.height {
            let s = ((r.y + row) * width + r.x) * 4
            let d = row * r.width * 4
            out.pixels.replaceSubrange(d..<(d + r.width * 4), with: pixels[s..<(s + r.width * 4)])
        }
        return out
    }

    /// Rotates by a multiple of 90 degrees clockwise.
    public func rotated(quarterTurnsClockwise turns: Int) -> RGBAImage {
        let turned = PixelRotation.rotated(
            pixels, width: width, height: height, channels: 4, quarterTurnsClockwise: turns)
        var out = RGBAImage(width: turned.width, height: turned.height)
        out.pixels = turned.pixels
        return out
    }

    /// Composites `colour` over the pixel at (`x`, `y`) if inside the image (source-over, straight alpha).
    public mutating func blend(x: Int, y: Int, colour: RGBA) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 4
        let a = Int(colour.a)
        pixels[i] = UInt8((Int(colour.r) * a + Int(pixels[i]) * (255 - a) + 127) / 255)
        pixels[i + 1] = UInt8((Int(colour.g) * a + Int(pixels[i + 1]) * (255 - a) + 127) / 255)
        pixels[i + 2] = UInt8((Int(colour.b) * a + Int(pixels[i + 2]) * (255 - a) + 127) / 255)
        pixels[i + 3] = UInt8(min(255, a + Int(pixels[i + 3]) * (255 - a) / 255))
    }
}

/// One RGBA colour, 8 bits per channel, straight alpha.
public struct RGBA: Sendable, Equatable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
