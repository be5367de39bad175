import DocumentEngine

/// The held-out family's choices per tier: its own ranges, settings and degradations, designed
/// separately from ``SceneTier``'s (the tuning family's) and never used to decide a threshold.
///
/// | | clean | phoneLike | hard |
/// | --- | --- | --- | --- |
/// | camera field of view (horizontal) | 40–85° | 40–85° | 40–85° |
/// | true tilt (optical axis to normal) | ≤ 12° | ≤ 30° | ≤ 50° |
/// | in-plane rotation | ±8° | ±30° | ±45°, 10 % upside down |
/// | framing: centred / tiny MRZ / overfilled / cut / far / near edge | 90/3/4/3/0/0 % | 64/12/10/6/4/4 % | 44/20/14/10/6/6 % |
/// | settings: wood / fabric / desk / hand / screen | 30/20/30/20/0 % | 18/14/22/32/14 % | 12/14/20/36/18 % |
/// | open passport booklet (TD3) | 30 % | 50 % | 60 % |
/// | faint ink (contrast kept), worn print | 0.9–1, 10 % | 0.7–1, 35 % | 0.5–0.95, 60 % |
/// | colour cast (white-balance gain spread) | ±4 % | ±15 % | ±30 % |
/// | low light (exposure 0.22–0.5, gain back) | none | 15 % | 35 % |
/// | laminate glare patches (1–2, peak added) | 10 %, 40–90 | 45 %, 120–240, off the MRZ | 65 %, 140–255, ≤ 60–140 where it crosses the MRZ |
/// | defocus disc radius (sensor px) | 0–0.6 | 0.4–1.4 | 0.8–2.4 |
/// | hand shake path / rolling-shutter skew | none / 0 | 20 %, 1.5–4 px / ≤ 4 px | 40 %, 2–6 px / ≤ 10 px |
/// | radial distortion k₁ | −0.03…0.02 | −0.08…0.05 | −0.15…0.08 |
/// | chromatic aberration at the corner | ≤ 0.5 px | 0.3–1.5 px | 0.8–2.5 px |
/// | sensor noise σ (before gain) | 0.5–1.5 | 1.5–4.5 | 3–7 |
/// | sharpening (unsharp amount) | 0–0.3 | 0.2–0.8 | 0.3–1.2 |
/// | resampling (sensor / frame) | 1 | 30 % down 1.2–1.7, 15 % zoom 0.75–0.9 | 40 % down 1.2–2.0, 20 % zoom 0.7–0.9 |
/// | JPEG chain (qualities, first to last) | 90–96 | 80–92 then 65–85 | 70–90, 50–70, 30 %: then 40–60 |
///
/// Framings: *centred* keeps the whole document 3 % inside the frame at a width of 30–85 % of it;
/// *tiny MRZ* draws the scale from an MRZ cap height of 9–14 px; *overfilled* brings the camera
/// closer than the distance at which the document just fits (0.97–1.4 times that scale; cut or
/// not); *cut* pushes 10–40 % of the document over one border; *far* draws 2.0–2.9 px/mm; *near
/// edge* puts the nearest corner 0.2–1.5 % of the shorter side inside a border.
/// Legibility guard (hard frames stay readable by a person): defocus radius ≤ 0.3 × and shake
/// length ≤ 0.6 × the MRZ character pitch in the sensor.
package struct HeldOutRecipe: Sendable {
    /// How the document sits in the frame.
    package enum Framing: String, Sendable, Codable, CaseIterable {
        case centred, tinyMRZ, overfilled, cut, far, nearEdge
    }

    /// What surrounds the document.
    package enum Setting: String, Sendable, Codable, CaseIterable {
        /// A wooden table top (planks, rings).
        case woodTable
        /// A woven cloth with folds.
        case fabric
        /// A desk with papers, a keyboard, pens, sticky notes and a mug.
        case desk
        /// Held in a hand in front of a defocused room: fingers behind, a thumb over one edge.
        case hand
        /// Shown on a screen (bezel, backlight, sub-pixel grid: moiré) photographed on a desk.
        case screen
    }

    let tier: SceneTier
    private var index: Int {
        switch tier {
        case .clean: return 0
        case .phoneLike: return 1
        case .hard: return 2
        }
    }

    init(tier: SceneTier) { self.tier = tier }

    var fieldOfViewDegrees: ClosedRange<Double> { 40...85 }
    var maxTiltDegrees: Double { [12, 30, 50][index] }
    var maxRotationDegrees: Double { [8, 30, 45][index] }
    var upsideDownProbability: Double { [0, 0, 0.1][index] }
    var framingWeights: [(Framing, Double)] {
        let w: [[Double]] = [[90, 3, 4, 3, 0, 0], [64, 12, 10, 6, 4, 4], [44, 20, 14, 10, 6, 6]]
        return zip(Framing.allCases, w[index]).map { ($0, $1) }
    }
    var centredWidthFraction: ClosedRange<Double> { [0.45...0.85, 0.35...0.85, 0.30...0.85][index] }
    var settingWeights: [(Setting, Double)] {
        let w: [[Double]] = [[30, 20, 30, 20, 0], [18, 14, 22, 32, 14], [12, 14, 20, 36, 18]]
        return zip(Setting.allCases, w[index]).map { ($0, $1) }
    }
    var bookletProbability: Double { [0.3, 0.5, 0.6][index] }
    var inkContrast: ClosedRange<Double> { [0.9...1, 0.7...1, 0.5...0.95][index] }
    var wornProbability: Double { [0.1, 0.35, 0.6][index] }
    var colourCastSpread: Double { [0.04, 0.15, 0.3][index] }
    var lowLightProbability: Double { [0, 0.15, 0.35][index] }
    var glareProbability: Double { [0.1, 0.45, 0.65][index] }
    var glarePeak: ClosedRange<Double> { [40...90, 120...240, 140...255][index] }
    var glareMayCrossMRZ: Bool { tier == .hard }
    var defocusRadius: ClosedRange<Double> { [0...0.6, 0.4...1.4, 0.8...2.4][index] }
    var shakeProbability: Double { [0, 0.2, 0.4][index] }
    var shakeLength: ClosedRange<Double> { [0...0, 1.5...4, 2...6][index] }
    var rollingShutterSkew: Double { [0, 4, 10][index] }
    var lensDistortion: ClosedRange<Double> { [-0.03...0.02, -0.08...0.05, -0.15...0.08][index] }
    var chromaticAberration: ClosedRange<Double> { [0...0.5, 0.3...1.5, 0.8...2.5][index] }
    var noiseSigma: ClosedRange<Double> { [0.5...1.5, 1.5...4.5, 3...7][index] }
    var sharpening: ClosedRange<Double> { [0...0.3, 0.2...0.8, 0.3...1.2][index] }
    /// Chances of downscaling and of digital zoom, and their factor ranges.
    var downscale: (Double, ClosedRange<Double>) { [(0, 1...1), (0.3, 1.2...1.7), (0.4, 1.2...2.0)][index] }
    var digitalZoom: (Double, ClosedRange<Double>) { [(0, 1...1), (0.15, 0.75...0.9), (0.2, 0.7...0.9)][index] }
    /// Quality ranges of the JPEG passes; the last of the hard tier's happens with `thirdPassProbability`.
    var jpegPasses: [ClosedRange<Int>] { [[90...96], [80...92, 65...85], [70...90, 50...70, 40...60]][index] }
    var thirdPassProbability: Double { 0.3 }

    /// The held-out family's mix of document sides (more TD3 than the tuning family's).
    static let kindWeights: [(DocumentLayout.Kind, Double)] = [
        (.td3, 0.35), (.td1Back, 0.25), (.td1Front, 0.15), (.td2, 0.1), (.mrvA, 0.08), (.mrvB, 0.07),
    ]
    /// Fontconfig families for the visual zone's print (the MRZ stays OCR-B).
    static let printFonts = [
        "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Condensed", "DejaVu Serif Condensed", "DejaVu Sans Light",
        "DejaVu Sans",
    ]
}
