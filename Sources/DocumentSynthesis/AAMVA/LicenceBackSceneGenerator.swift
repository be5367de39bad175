package import CaptureCore
import DocumentEngine

/// Camera-like frames of licence backs: a generated AAMVA payload (``AAMVAPayloadGenerator``), drawn
/// on a card back (``LicenceBackRenderer``) and placed by ``SceneComposer`` with its tier's pose,
/// background, light, blur, noise and JPEG. Frame `seed` depends only on `seed`.
package struct LicenceBackSceneGenerator: Sendable {
    /// A generated frame with its ground truth.
    package struct Scene: Sendable {
        /// The frame (decoded from its JPEG), its JPEG bytes and the scene truth (card corners, degradations).
        package var scene: SyntheticScene
        /// The payload in the symbol and its fields.
        package var payload: GeneratedAAMVAPayload
        /// The symbol's outline in the frame.
        package var barcode: Quadrilateral2D
    }

    package let composer: SceneComposer
    /// Rows of the symbol this many modules high (``LicenceBackRenderer/rowModules``); nil: the
    /// renderer's four.
    package var rowModules: Double?

    package init(composer: SceneComposer, rowModules: Double? = nil) {
        self.composer = composer
        self.rowModules = rowModules
    }

    /// The frame of `seed`; `payloadSeed` (nil: derived from `seed`) chooses the payload, so that
    /// several scenes can show the same payload.
    package func scene(
        seed: UInt64, payloadSeed: UInt64? = nil, fileName: String = ""
    ) throws(SceneCompositionError) -> Scene {
        let payload = AAMVAPayloadGenerator().generate(
            seed: payloadSeed ?? SeededGenerator.derive(seed: seed, index: 1))
        var back: RenderedLicenceBack?
        let scene = try composer.compose(seed: seed, fileName: fileName, kind: .td1Front) {
            (scale, identity, random) throws(SceneCompositionError) -> RenderedDocument in
            do throws(BarcodeError) {
                var renderer = LicenceBackRenderer(pixelsPerMillimetre: scale)
                renderer.rowModules = rowModules
                let rendered = try renderer.render(payload: payload.bytes, using: &random)
                back = rendered
                return LicenceBackRenderer.document(rendered, identity: identity)
            } catch {
                throw .sideRendering(reason: error.description)
            }
        }
        guard let back else { throw .sideRendering(reason: "the renderer was not called") }
        return Scene(scene: scene, payload: payload, barcode: back.barcode.mapped(scene.documentToFrame.apply))
    }
}
