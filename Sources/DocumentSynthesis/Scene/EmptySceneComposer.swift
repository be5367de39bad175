package import CaptureCore
import Foundation

/// Camera-like frames with no document in them: the backgrounds of ``SceneComposer`` (plain,
/// gradient, wood, fabric, tiles, low-contrast, desk clutter) with the tier's lighting, blur,
/// sensor noise and JPEG. They test that a classifier answers "no document" rather than inventing
/// one. The same seed gives the same JPEG bytes.
package struct EmptySceneComposer: Sendable {
    package let tier: SceneTier
    package let frameWidth: Int
    package let frameHeight: Int

    package init(tier: SceneTier, frameWidth: Int = 1280, frameHeight: Int = 720) throws(SceneCompositionError) {
        guard SceneComposer.frameSideRange.contains(frameWidth), SceneComposer.frameSideRange.contains(frameHeight)
        else { throw .invalidFrameSize(width: frameWidth, height: frameHeight) }
        self.tier = tier
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }

    /// The frame of `seed`, decoded from its JPEG.
    package func compose(seed: UInt64) throws(SceneCompositionError) -> RGBAImage {
        var random = SeededGenerator(seed: seed)
        var backgroundRandom = random.fork(4)
        var lightRandom = random.fork(5)
        var blurRandom = random.fork(6)
        var noiseRandom = random.fork(7)
        let style = backgroundRandom.pick(tier.backgroundWeights.map(\.0), weights: tier.backgroundWeights.map(\.1))
        // A paper colour for the low-contrast style to sit near, as if a card were about.
        let paper = (
            backgroundRandom.uniform(200, 245), backgroundRandom.uniform(200, 245),
            backgroundRandom.uniform(195, 240)
        )
        var frame = SceneBackground.render(
            style, width: frameWidth, height: frameHeight, paper: paper,
            allowLight: tier.allowsLightBackgrounds, using: &backgroundRandom)
        Lighting.draw(tier: tier, using: &lightRandom).apply(to: &frame)
        frame.gaussianBlur(sigma: blurRandom.uniform(tier.blurSigma.lowerBound, tier.blurSigma.upperBound))
        let noise = noiseRandom.uniform(tier.noiseSigma.lowerBound, tier.noiseSigma.upperBound)
        let quality = noiseRandom.integer(in: tier.jpegQuality)
        let pixels = frame.rgbaWithNoise(sigma: noise, using: &noiseRandom)
        do throws(ImageError) {
            return try ImageCodec.decode(try ImageCodec.encodeJPEG(pixels, quality: quality))
        } catch {
            throw .encoding(error)
        }
    }
}
