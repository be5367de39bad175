import CaptureCore
package import FaceEngine
import Foundation

/// Renders the frames of a ``FaceSequenceScript`` from a ``SourcePortrait``: a seeded backdrop,
/// the portrait patch pasted with the frame's similarity transform (bilinear, sub-pixel), an
/// optional occluder, a brightness change and Gaussian sensor noise. The truth landmarks are the
/// portrait's landmarks under the same transform.
package struct FaceSequenceGenerator: Sendable {
    package let portrait: SourcePortrait
    package let script: FaceSequenceScript
    /// Face size (model square side, pixels) at scale 1.
    package let baseFaceSize: Double
    private let background: RGBAImage
    private let seed: UInt64

    /// - Parameter baseFaceSize: the face's size at scale 1; the default, 0.32 of the frame
    ///   height (230 px at 720p), is a selfie at arm's length.
    package init(portrait: SourcePortrait, script: FaceSequenceScript, baseFaceSize: Double? = nil, seed: UInt64 = 1) {
        self.portrait = portrait
        self.script = script
        self.baseFaceSize = baseFaceSize ?? 0.32 * Double(script.height)
        self.seed = seed
        self.background = Self.backdrop(width: script.width, height: script.height, seed: seed)
    }

    package var frameCount: Int { script.frameCount }

    /// The patch-to-frame transform of a scene.
    package func transform(for scene: FaceSequenceScript.FrameScene) -> SimilarityTransform {
        let k = baseFaceSize * scene.scale / portrait.faceSize
        let centre = Point2D(
            x: Double(script.width) / 2 + scene.offset.x,
            y: Double(script.height) / 2 + scene.offset.y)
        let rotate = SimilarityTransform(scale: k, angle: scene.roll, translation: Point2D(x: 0, y: 0))
        let c = rotate.apply(portrait.faceCentre)
        return SimilarityTransform(a: rotate.a, b: rotate.b, tx: centre.x - c.x, ty: centre.y - c.y)
    }

    /// Renders frame `index`.
    package func frame(_ index: Int) -> GeneratedFaceFrame {
        let scene = script.scene(at: index)
        let t = transform(for: scene)
        var image = background
        paste(portrait.patch, with: t, into: &image)
        if let occluder = scene.occluder {
            drawOccluder(at: occluder, faceTransform: t, into: &image)
        }
        var random = SplitMix64(seed: seed, stream: 11, item: UInt64(index))
        applyLightAndNoise(gain: scene.gain, noise: scene.noise, random: &random, to: &image)
        let truth = portrait.landmarks.mapped { t.apply($0) }
        let w = Double(script.width), h = Double(script.height)
        let inside = truth.points.filter { $0.x >= 0 && $0.y >= 0 && $0.x <= w - 1 && $0.y <= h - 1 }.count
        return GeneratedFaceFrame(
            index: index, timestamp: Double(index) / script.framesPerSecond, image: image,
            scene: scene, truth: truth,
            visibleFraction: Double(inside) / Double(FaceLandmarks.count))
    }

    // MARK: - Drawing

    private func paste(_ patch: RGBAImage, with t: SimilarityTransform, into image: inout RGBAImage) {
        guard let inverse = t.inverse else { return }
        let corners = [
            Point2D(x: 0, y: 0), Point2D(x: Double(patch.width), y: 0),
            Point2D(x: 0, y: Double(patch.height)), Point2D(x: Double(patch.width), y: Double(patch.height)),
        ]
        .map { t.apply($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = max(0, Int(xs.reduce(.infinity, min).rounded(.down)))
        let x1 = min(image.width - 1, Int(xs.reduce(-.infinity, max).rounded(.up)))
        let y0 = max(0, Int(ys.reduce(.infinity, min).rounded(.down)))
        let y1 = min(image.height - 1, Int(ys.reduce(-.infinity, max).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let pw = patch.width, ph = patch.height, iw = image.width
        patch.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                for y in y0...y1 {
                    for x in x0...x1 {
                        let p = inverse.apply(Point2D(x: Double(x), y: Double(y)))
                        guard p.x >= 0, p.y >= 0, p.x < Double(pw - 1), p.y < Double(ph - 1) else { continue }
                        let px = Int(p.x), py = Int(p.y)
                        let fx = p.x - Double(px), fy = p.y - Double(py)
                        let i00 = (py * pw + px) * 4, i10 = i00 + 4, i01 = i00 + pw * 4, i11 = i01 + 4
                        let w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
                        // Premultiplied interpolation so that transparent texels do not darken edges.
                        let a00 = Double(src[i00 + 3]), a10 = Double(src[i10 + 3])
                        let a01 = Double(src[i01 + 3]), a11 = Double(src[i11 + 3])
                        let alpha = (a00 * w00 + a10 * w10 + a01 * w01 + a11 * w11) / 255
                        guard alpha > 0 else { continue }
                        let d = (y * iw + x) * 4
                        for c in 0..<3 {
                            let premultiplied =
                                (Double(src[i00 + c]) * a00 * w00 + Double(src[i10 + c]) * a10 * w10
                                    + Double(src[i01 + c]) * a01 * w01 + Double(src[i11 + c]) * a11 * w11) / 255
                            let v = premultiplied + Double(dst[d + c]) * (1 - alpha)
                            dst[d + c] = UInt8(min(255, max(0, v + 0.5)))
                        }
                    }
                }
            }
        }
    }

    /// A hand-sized rounded blob in a skin tone with soft edges, `position` given in face sizes
    /// from the face centre, in the face's own (rolled) frame.
    private func drawOccluder(at position: Point2D, faceTransform t: SimilarityTransform, into image: inout RGBAImage) {
        let size = t.scale * portrait.faceSize
        let centre = t.apply(portrait.faceCentre + Point2D(x: position.x, y: position.y) * portrait.faceSize)
        let rx = 0.3 * size, ry = 0.35 * size
        let x0 = max(0, Int(centre.x - rx - 2)), x1 = min(image.width - 1, Int(centre.x + rx + 2))
        let y0 = max(0, Int(centre.y - ry - 2)), y1 = min(image.height - 1, Int(centre.y + ry + 2))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = (Double(x) - centre.x) / rx, dy = (Double(y) - centre.y) / ry
                // Superellipse (a rounded box) with a 3-pixel soft edge.
                let r = pow(pow(abs(dx), 4) + pow(abs(dy), 4), 0.25)
                let coverage = min(1, max(0, (1 - r) * min(rx, ry) / 3))
                guard coverage > 0 else { continue }
                let shade = 0.85 + 0.15 * cos(dx * 2.5) * cos(dy * 1.5)
                let skin = RGBA(
                    r: UInt8(205 * shade), g: UInt8(160 * shade), b: UInt8(130 * shade),
                    a: UInt8(255 * coverage))
                image.blend(x: x, y: y, colour: skin)
            }
        }
    }

    private func applyLightAndNoise(gain: Double, noise: Double, random: inout SplitMix64, to image: inout RGBAImage) {
        // Noise from a table of 4096 Gaussian samples walked from a random start: cheap and seeded.
        var table = [Float](repeating: 0, count: 4096)
        for i in 0..<table.count { table[i] = Float(random.gaussian() * noise) }
        var k = Int(random.next() % 4096)
        let step = 1 + 2 * Int(random.next() % 1000)
        let g = Float(gain)
        image.pixels.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                for c in 0..<3 {
                    let v = Float(px[i + c]) * g + table[k]
                    px[i + c] = UInt8(min(255, max(0, v + 0.5)))
                    k = (k + step) & 4095
                }
                i += 4
            }
        }
    }

    /// A room-like backdrop: a lit wall gradient, a few soft-edged furniture blocks, and a fine texture.
    private static func backdrop(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed, stream: 3, item: 0)
        var image = RGBAImage(width: width, height: height)
        let base = (random.uniform(120, 200), random.uniform(110, 190), random.uniform(100, 180))
        var blocks: [(x0: Double, y0: Double, x1: Double, y1: Double, c: (Double, Double, Double))] = []
        for _ in 0..<5 {
            let x0 = random.uniform(0, Double(width)), y0 = random.uniform(0, Double(height))
            blocks.append(
                (
                    x0, y0, x0 + random.uniform(80, 400), y0 + random.uniform(80, 400),
                    (random.uniform(40, 230), random.uniform(40, 230), random.uniform(40, 230))
                ))
        }
        for y in 0..<height {
            let light = 0.75 + 0.25 * Double(height - y) / Double(height)
            for x in 0..<width {
                var c = (base.0 * light, base.1 * light, base.2 * light)
                for b in blocks {
                    let edge = min(Double(x) - b.x0, b.x1 - Double(x), Double(y) - b.y0, b.y1 - Double(y))
                    let a = min(1, max(0, edge / 6))
                    if a > 0 { c = (c.0 + (b.c.0 - c.0) * a, c.1 + (b.c.1 - c.1) * a, c.2 + (b.c.2 - c.2) * a) }
                }
                let texture = 6 * sin(Double(x) * 0.21 + Double(y) * 0.05) * sin(Double(y) * 0.17)
                image[x, y] = RGBA(
                    r: UInt8(min(255, max(0, c.0 + texture))), g: UInt8(min(255, max(0, c.1 + texture))),
                    b: UInt8(min(255, max(0, c.2 + texture))))
            }
        }
        return image
    }
}
