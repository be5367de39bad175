package import CaptureCore

/// Gray images resampled from an RGBA frame without converting the whole frame first: the
/// tracker's upright crops around a face and the downscaled frame of the full search.
///
/// Intensity is BT.601 luma with the integer weights of ``RGBAImage/grayscale()``.
package enum GrayResampler {
    /// A `width` x `height` gray image whose pixel (x, y) shows the frame at
    /// `placement.apply((x, y))` (pixel centres at integer coordinates), bilinearly interpolated.
    /// Points outside the frame take the nearest edge pixel, so the frame border adds no edge.
    /// When one crop pixel spans more than 2.5 frame pixels, each crop pixel averages a grid of
    /// bilinear samples (2x2, or 3x3 above 4 frame pixels) to limit aliasing.
    package static func crop(_ image: RGBAImage, placement: SimilarityTransform, width: Int, height: Int) -> GrayImage {
        precondition(width > 0 && height > 0)
        var out = GrayImage(width: width, height: height)
        guard image.width > 0, image.height > 0 else { return out }
        let scale = placement.scale
        let taps = scale > 4 ? 3 : (scale > 2.5 ? 2 : 1)
        let iw = image.width, ih = image.height
        let maxX = Double(iw - 1), maxY = Double(ih - 1)
        let a = placement.a, b = placement.b
        let step = 1.0 / Double(taps)
        let weight = 1.0 / Double(taps * taps)
        image.pixels.withUnsafeBufferPointer { src in
            @inline(__always) func luma(_ i: Int) -> Double {
                Double(Int(src[i]) &* 77 &+ Int(src[i &+ 1]) &* 150 &+ Int(src[i &+ 2]) &* 29)
            }
            out.pixels.withUnsafeMutableBufferPointer { dst in
                // Accumulate each tap's bilinear samples into a row buffer, then quantise.
                var row = [Double](repeating: 0, count: width)
                for y in 0..<height {
                    for i in 0..<width { row[i] = 0 }
                    for ty in 0..<taps {
                        let cy = Double(y) + (Double(ty) + 0.5) * step - 0.5
                        for tx in 0..<taps {
                            let cx0 = (Double(tx) + 0.5) * step - 0.5
                            // Frame position of crop (cx0, cy), stepping by (a, b) per crop pixel.
                            var fx = a * cx0 - b * cy + placement.tx
                            var fy = b * cx0 + a * cy + placement.ty
                            for x in 0..<width {
                                let px = fx < 0 ? 0 : (fx > maxX ? maxX : fx)
                                let py = fy < 0 ? 0 : (fy > maxY ? maxY : fy)
                                let x0 = Int(px), y0 = Int(py)
                                let x1 = x0 + 1 < iw ? x0 + 1 : x0, y1 = y0 + 1 < ih ? y0 + 1 : y0
                                let wx = px - Double(x0), wy = py - Double(y0)
                                let i00 = (y0 &* iw &+ x0) &<< 2, i10 = (y0 &* iw &+ x1) &<< 2
                                let i01 = (y1 &* iw &+ x0) &<< 2, i11 = (y1 &* iw &+ x1) &<< 2
                                let l00 = luma(i00), l10 = luma(i10), l01 = luma(i01), l11 = luma(i11)
                                let top = l00 + (l10 - l00) * wx, bottom = l01 + (l11 - l01) * wx
                                row[x] += top + (bottom - top) * wy
                                fx += a
                                fy += b
                            }
                        }
                    }
                    // Luma weights sum to 256.
                    let norm = weight / 256
                    for x in 0..<width {
                        dst[y &* width &+ x] = UInt8(min(255, row[x] * norm + 0.5))
                    }
                }
            }
        }
        return out
    }

    /// The whole frame in gray, shrunk by `factor` (≥ 1) with bilinear sampling of a luma plane
    /// (2x2 averaged first, straight from the RGBA pixels, when `factor` ≥ 2).
    package static func downscaled(_ image: RGBAImage, by factor: Double) -> GrayImage {
        precondition(factor >= 1)
        var gray: GrayImage
        var f = factor
        if f >= 2, image.width >= 2, image.height >= 2 {
            gray = halvedLuma(image)
            f /= 2
        } else {
            gray = image.grayscale()
        }
        if f < 1.001 { return gray }
        let ow = max(1, Int(Double(gray.width) / f)), oh = max(1, Int(Double(gray.height) / f))
        var out = GrayImage(width: ow, height: oh)
        let gw = gray.width, gh = gray.height
        let sx = Double(gw) / Double(ow), sy = Double(gh) / Double(oh)
        // Horizontal taps are the same for every row.
        var x0s = [Int](repeating: 0, count: ow), fxs = [Double](repeating: 0, count: ow)
        for x in 0..<ow {
            let fx = min(max((Double(x) + 0.5) * sx - 0.5, 0), Double(gw - 1))
            x0s[x] = min(Int(fx), gw - 2 < 0 ? 0 : gw - 2)
            fxs[x] = fx - Double(x0s[x])
        }
        gray.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    let fy = min(max((Double(y) + 0.5) * sy - 0.5, 0), Double(gh - 1))
                    let y0 = min(Int(fy), max(0, gh - 2)), y1 = min(y0 + 1, gh - 1)
                    let wy = fy - Double(y0)
                    let r0 = y0 * gw, r1 = y1 * gw
                    for x in 0..<ow {
                        let x0 = x0s[x], x1 = min(x0 + 1, gw - 1), wx = fxs[x]
                        let top = Double(src[r0 + x0]) + (Double(src[r0 + x1]) - Double(src[r0 + x0])) * wx
                        let bottom = Double(src[r1 + x0]) + (Double(src[r1 + x1]) - Double(src[r1 + x0])) * wx
                        dst[y * ow + x] = UInt8(top + (bottom - top) * wy + 0.5)
                    }
                }
            }
        }
        return out
    }

    /// Luma of each 2x2 block of the frame (odd last rows and columns dropped), in one pass.
    static func halvedLuma(_ image: RGBAImage) -> GrayImage {
        let ow = image.width / 2, oh = image.height / 2, iw = image.width
        var out = GrayImage(width: ow, height: oh)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    var top = (2 * y * iw) &* 4
                    var bottom = top &+ iw &* 4
                    for x in 0..<ow {
                        @inline(__always) func sum(_ c: Int) -> Int {
                            Int(src[top &+ c]) &+ Int(src[top &+ 4 &+ c]) &+ Int(src[bottom &+ c])
                                &+ Int(src[bottom &+ 4 &+ c])
                        }
                        let r = sum(0), g = sum(1), b = sum(2)
                        // Four pixels' luma weights sum to 4 * 256.
                        dst[y &* ow &+ x] = UInt8((r &* 77 &+ g &* 150 &+ b &* 29 &+ 512) >> 10)
                        top = top &+ 8
                        bottom = bottom &+ 8
                    }
                }
            }
        }
        return out
    }
}
