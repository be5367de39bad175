package import CaptureCore

/// A procedurally painted part of a frame (the front, or one temple) as a premultiplied-alpha
/// RGBA texture with a mip chain, and where its pixels sit in millimetres.
///
/// Millimetre coordinates are the part's own: for the front, x to the right and y down from the
/// middle of the bridge at lens-centre height; for a temple, x from the hinge toward the ear and
/// y across the arm. Pixel (i, j) of level `k` has its centre at
/// `origin + ((i + 0.5), (j + 0.5)) / level.pixelsPerMillimetre`.
package struct EyewearTexture: Sendable, Equatable {
    /// One resolution of the texture.
    package struct Level: Sendable, Equatable {
        package var width: Int
        package var height: Int
        /// Premultiplied R, G, B, A bytes, row after row.
        package var pixels: [UInt8]
        package var pixelsPerMillimetre: Double
    }

    /// Level 0 is the finest; each next one is half the size (2x2 average), down to about 16 px.
    package let levels: [Level]
    /// Millimetre position of the top-left corner of pixel (0, 0).
    package let origin: Point2D

    /// Builds the mip chain from the finest level.
    package init(base: Level, origin: Point2D) {
        var levels = [base]
        while let last = levels.last, last.width >= 32, last.height >= 32 {
            levels.append(Self.halved(last))
        }
        self.levels = levels
        self.origin = origin
    }

    /// Size in millimetres.
    package var widthMillimetres: Double { Double(levels[0].width) / levels[0].pixelsPerMillimetre }
    package var heightMillimetres: Double { Double(levels[0].height) / levels[0].pixelsPerMillimetre }

    /// The coarsest level that still has at least `pixelsPerMillimetre` (or the finest one), so
    /// that drawing never shrinks a level by more than about 2x (no shimmering from aliasing).
    package func level(for pixelsPerMillimetre: Double) -> Level {
        var chosen = levels[0]
        for level in levels where level.pixelsPerMillimetre >= pixelsPerMillimetre { chosen = level }
        return chosen
    }

    /// Level 0 with straight (not premultiplied) alpha, for saving as PNG.
    package func straightAlphaImage() -> RGBAImage {
        let base = levels[0]
        var out = RGBAImage(width: base.width, height: base.height, fill: RGBA(r: 0, g: 0, b: 0, a: 0))
        for i in stride(from: 0, to: base.pixels.count, by: 4) {
            let a = Int(base.pixels[i + 3])
            guard a > 0 else { continue }
            for c in 0..<3 { out.pixels[i + c] = UInt8(min(255, (Int(base.pixels[i + c]) * 255 + a / 2) / a)) }
            out.pixels[i + 3] = UInt8(a)
        }
        return out
    }

    private static func halved(_ level: Level) -> Level {
        let w = level.width / 2, h = level.height / 2
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    let i = (2 * y * level.width + 2 * x) * 4 + c
                    let s =
                        Int(level.pixels[i]) + Int(level.pixels[i + 4]) + Int(level.pixels[i + level.width * 4])
                        + Int(level.pixels[i + level.width * 4 + 4])
                    pixels[(y * w + x) * 4 + c] = UInt8((s + 2) / 4)
                }
            }
        }
        return Level(
            width: w, height: h, pixels: pixels,
            pixelsPerMillimetre: level.pixelsPerMillimetre * Double(w)
                / Double(level.width))
    }
}
