package import DocumentEngine

/// One trait of the tuning family's **severe** line (`capkit eval --tiers severe`): the hard tier's
/// optics (rotation to ±35°, tilt to 32°, strong or motion blur, dim light, glare, noise, JPEG 45–65)
/// with, per frame, one of the traits the placement, stress and wild lines draw only on phone-like
/// optics. The conditions the issue lists for documents in the wild (tilts to 50°, documents that
/// overfill the frame or are cut, tiny print, glare and low light, open booklets, hands, lens and
/// shutter, colour casts, worn print, screens) then meet hard optics on tuning frames, where the
/// engine's rules may be decided.
///
/// | trait | drawn as |
/// | --- | --- |
/// | ``framing(_:)`` | ``SceneFraming``: partial, overfilled, steep (36–52°) or near an edge (not `inside`) |
/// | ``stress(_:)`` | ``SceneStress``: glare on the MRZ, low light, or a tiny MRZ drawn at the tier's readable floor (``tinyPitchFactor``) |
/// | ``wild(_:)`` | ``SceneWild``: any of its six conditions |
///
/// The 13 traits are drawn evenly from a stream of the seed's own (``mix(seed:)``), so no other
/// line's frames change. The tiers' guards that keep a frame readable by a person still apply: the
/// blur cap by the pitch seen, and, unlike the stress line's 4.8–7 px, a tiny MRZ is never drawn
/// under the tier's minimum pitch (``SceneTier/minimumMRZPitchPixels``, over the cosine of the tilt).
package enum SceneSevere: Sendable, Hashable {
    case framing(SceneFraming)
    case stress(SceneStress)
    case wild(SceneWild)

    /// The tier whose optics the line draws.
    package static let tier = SceneTier.hard

    /// Every trait of the line, in the order the mix draws from.
    package static let traits: [SceneSevere] =
        SceneFraming.allCases.filter { $0 != .inside }.map { .framing($0) }
        + SceneStress.allCases.map { .stress($0) } + SceneWild.allCases.map { .wild($0) }

    /// The trait of the line's frame of `seed`, evenly mixed (its own stream: the frame's other
    /// draws are those of the tier and the trait alone).
    package static func mix(seed: UInt64) -> SceneSevere {
        var random = SeededGenerator(seed: seed ^ 0x9D2E_4B71_C5A3_086F)
        return random.pick(traits)
    }

    /// The nominal MRZ pitch of a tiny MRZ under this line, as factors of the tier's minimum
    /// (divided by the cosine of the tilt, as the tier's guard is): the document as small as the tier
    /// lets a person read it, 20–35% of a 1280-px frame's width for a TD3 page at 7.5–10 px.
    package static let tinyPitchFactor = 1.0...(4.0 / 3.0)

    /// The trait's framing, or nil (the tier's own: inside).
    package var framing: SceneFraming? {
        if case .framing(let framing) = self { return framing }
        return nil
    }

    /// The trait's stress, or nil.
    package var stress: SceneStress? {
        if case .stress(let stress) = self { return stress }
        return nil
    }

    /// The trait's wild condition, or nil.
    package var wild: SceneWild? {
        if case .wild(let wild) = self { return wild }
        return nil
    }

    /// The trait's name, as `capkit synth --severe` takes it.
    package var name: String {
        switch self {
        case .framing(let framing): return framing.rawValue
        case .stress(let stress): return stress.rawValue
        case .wild(let wild): return wild.rawValue
        }
    }

    /// The trait called `name` (``name``), or nil.
    package init?(name: String) {
        guard let trait = Self.traits.first(where: { $0.name == name }) else { return nil }
        self = trait
    }

    /// The composer of this trait's frames on `tier` (the line's is ``tier``); `kinds` as
    /// ``SceneComposer`` takes them, replaced by the trait's own when it has some (an open booklet
    /// is a TD3 page).
    package func composer(
        tier: SceneTier = Self.tier, frameWidth: Int, frameHeight: Int, kinds: [DocumentLayout.Kind] = []
    ) throws(SceneCompositionError) -> SceneComposer {
        let ownKinds = wild?.kinds ?? []
        return try SceneComposer(
            tier: tier, frameWidth: frameWidth, frameHeight: frameHeight, kinds: ownKinds.isEmpty ? kinds : ownKinds,
            framing: framing, stress: stress, wild: wild, tinyMRZAtTierMinimum: true)
    }
}
