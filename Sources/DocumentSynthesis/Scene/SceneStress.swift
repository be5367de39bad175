/// Conditions of phones in the wild that the tuning tiers leave out, for the tuning family's
/// **stress** line (`capkit eval --tiers stress`): the MRZ finder's and reader's thresholds for
/// them are decided on these frames, never on the held-out family's.
///
/// Each stress is drawn on top of the phone-like tier; only the draws it names change.
///
/// | stress | what changes |
/// | --- | --- |
/// | ``tinyMRZ`` | the document is drawn small: a nominal MRZ character pitch of 4.8–7 px (tier: ≥ 8) |
/// | ``glareOnMRZ`` | a specular spot always, centred within the MRZ band, 100–220 added at its peak, no cap |
/// | ``lowLight`` | exposure 0.35–0.55 and sensor noise σ 6–11 (tier: 0.85–1.08, 2–5) |
///
/// The guards that keep a frame readable by a person still apply (blur is capped by the pitch seen);
/// a glare spot may wash out part of the zone, which then cannot be read, and the engine must say so
/// rather than guess.
package enum SceneStress: String, Sendable, Codable, CaseIterable {
    case tinyMRZ
    case glareOnMRZ
    case lowLight

    /// The stress of the line's frame of `seed`, evenly mixed (its own stream: the frame's other draws
    /// are those of the stress alone).
    package static func mix(seed: UInt64) -> SceneStress {
        var random = SeededGenerator(seed: seed ^ 0x2F6B_1D93_A4C8_5E07)
        return random.pick(allCases)
    }

    /// Nominal MRZ character pitch of ``tinyMRZ`` frames, pixels.
    static let tinyPitchPixels = 4.8...7.0
    /// Peak added brightness of ``glareOnMRZ`` spots (0-255).
    static let glarePeak = 100.0...220.0
    /// Exposure and sensor noise of ``lowLight`` frames.
    static let lowLightExposure = 0.35...0.55
    static let lowLightNoiseSigma = 6.0...11.0
}
