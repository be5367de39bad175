import CaptureCore
import DocumentEngine

/// Camera-like frames of Brazilian RG and CNH sides: a made-up holder (``BrazilianIdentity``), the
/// side drawn by ``BrazilianDocumentRenderer`` and placed by ``SceneComposer`` with its tier's pose,
/// background, light, blur, noise and JPEG. The frame of a seed depends only on the seed and side.
package struct BrazilianSceneGenerator: Sendable {
    /// A generated frame with what it shows.
    package struct Scene: Sendable {
        /// The frame, its JPEG bytes and the scene truth (card corners, MRZ lines of a CIN back).
        package var scene: SyntheticScene
        /// The side drawn.
        package var side: BrazilianDocumentSide
        /// The holder printed on it.
        package var identity: BrazilianIdentity
        /// Whether the side is the new CIN back with a TD1 MRZ.
        package var hasMRZ: Bool
    }

    package let composer: SceneComposer
    /// Share of RG backs drawn as the new CIN back with its MRZ (the rest are old-model backs).
    package var cinBackShare = 0.5

    package init(composer: SceneComposer) {
        self.composer = composer
    }

    /// The frame of `seed` showing `side`.
    package func scene(
        _ side: BrazilianDocumentSide, seed: UInt64, fileName: String = ""
    )
        throws(SceneCompositionError) -> Scene
    {
        var random = SeededGenerator(seed: SeededGenerator.derive(seed: seed, index: 41))
        let identity = BrazilianIdentity.random(using: &random)
        let withMRZ = side == .rgBack && random.chance(cinBackShare)
        let scene = try composer.compose(seed: seed, fileName: fileName, kind: side.layoutKind(withMRZ: withMRZ)) {
            (scale, _, renderRandom) throws(SceneCompositionError) -> RenderedDocument in
            do throws(MRZCompositionError) {
                return try BrazilianDocumentRenderer(pixelsPerMillimetre: scale)
                    .render(side, identity: identity, withMRZ: withMRZ, using: &renderRandom)
            } catch {
                throw .documentRendering(error)
            }
        }
        return Scene(scene: scene, side: side, identity: identity, hasMRZ: withMRZ)
    }
}
