import Foundation

/// Which generator made a scene: the **tuning** family (``SceneComposer``), on which the engine's
/// thresholds are decided, or the **held-out** family (``HeldOutSceneComposer``), designed
/// separately and never used to decide a threshold (DESIGN.md, "Evaluation you cannot fool
/// yourself with").
package enum SceneFamily: String, Sendable, Codable, CaseIterable {
    case tuning
    case heldOut

    /// The label evaluations print.
    package var label: String {
        switch self {
        case .tuning: return "tuning"
        case .heldOut: return "held-out"
        }
    }

    /// Generates the scene of `seed` of this family (each family keeps its own seed namespace, so
    /// the same seed never gives the same frame in both).
    package func compose(
        tier: SceneTier, frameWidth: Int, frameHeight: Int, seed: UInt64, fileName: String = ""
    ) throws(SceneCompositionError) -> SyntheticScene {
        switch self {
        case .tuning:
            return try SceneComposer(tier: tier, frameWidth: frameWidth, frameHeight: frameHeight)
                .compose(seed: seed, fileName: fileName)
        case .heldOut:
            return try HeldOutSceneComposer(tier: tier, frameWidth: frameWidth, frameHeight: frameHeight)
                .compose(seed: seed, fileName: fileName)
        }
    }
}
