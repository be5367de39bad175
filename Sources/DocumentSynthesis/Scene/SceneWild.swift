package import DocumentEngine

/// Traits of documents and phone cameras in the wild that neither the tuning tiers nor the stress
/// line draw, for the tuning family's **wild** line (`capkit eval --tiers wild`): the outline,
/// capture-status and zone-finding rules for them are decided on these frames, never on the
/// held-out family's.
///
/// Each condition is drawn on top of the phone-like tier with the document inside the frame; the
/// tier's own draws stay those of the seed (the condition draws from a stream of its own).
///
/// | condition | what changes |
/// | --- | --- |
/// | ``openBooklet`` | a TD3 data page in an open passport: the facing page (printed lines, a stamp) beyond its top edge, the spine's shading on both pages, the cover's rim 1.5–4 mm around both |
/// | ``heldInHand`` | one or two fingers (skin tones light to dark) reaching over a side or top edge or a top corner, never the MRZ band |
/// | ``lensAndShutter`` | barrel distortion (0.8–3 % at the frame corner), rolling-shutter skew (1–4 % of the height either way), chromatic aberration (red and blue scaled ±0.08–0.2 %) |
/// | ``colourCast`` | white balance off: warm (R ×1.08–1.25, B ×0.7–0.88), cool (R ×0.75–0.9, B ×1.1–1.25) or green (G ×1.08–1.18) |
/// | ``wornPrint`` | faint ink (contrast to the paper 45–75 %), worn patches down to 30 %, a laminate texture of ±2–6 levels |
/// | ``screenMoire`` | a photo of a screen: moiré bands (period 14–60 px, 6–14 %, shifted per colour) over a subpixel grid (2.4–3.6 px, 3–7 %) |
///
/// Truth is exact under every condition: the corners, MRZ band, face and signature go through the
/// same lens and shutter mapping as the pixels (the green channel's), so an outline found on a
/// distorted frame is judged against where the corners really are.
package enum SceneWild: String, Sendable, Codable, CaseIterable {
    case openBooklet
    case heldInHand
    case lensAndShutter
    case colourCast
    case wornPrint
    case screenMoire

    /// The condition of the line's frame of `seed`, evenly mixed (its own stream).
    package static func mix(seed: UInt64) -> SceneWild {
        var random = SeededGenerator(seed: seed ^ 0x7A31_C05E_92D4_B6F1)
        return random.pick(allCases)
    }

    /// The document sides drawn under `condition`: a passport's data page for ``openBooklet``, the
    /// tier's default mix otherwise (an empty list).
    package var kinds: [DocumentLayout.Kind] { self == .openBooklet ? [.td3] : [] }

    /// Width of the cover's rim around an open booklet's pages, millimetres.
    static let coverRimMillimetres = 1.5...4.0
    /// Barrel distortion: relative displacement at the frame corner.
    static let barrelAtCorner = 0.008...0.03
    /// Rolling-shutter skew: horizontal shift between the top and bottom rows over the height.
    static let shutterSkew = 0.01...0.04
    /// Chromatic aberration: relative scale of the red and blue channels against green.
    static let chromaticScale = 0.0008...0.002
    /// Ink contrast kept by ``wornPrint`` (1 = as printed).
    static let faintInk = 0.45...0.75
}
