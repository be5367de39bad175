package import DocumentEngine

/// How hard a synthetic scene is: the ranges every degradation is drawn from.
///
/// | parameter | clean | phoneLike | hard |
/// | --- | --- | --- | --- |
/// | in-plane rotation | ±5° | ±20° | ±35° |
/// | perspective tilt (random axis) | ≤ 5° | ≤ 20° | ≤ 32° |
/// | document width / frame width | 45–80 % | 40–85 % | 35–85 % |
/// | backgrounds | clear contrast | any, incl. low-contrast, busy | low-contrast, busy favoured |
/// | soft shadow | 50 % | 70 % | 80 % |
/// | lighting gradient, vignette | ≤ ±6 %, ≤ 8 % | ≤ ±25 %, ≤ 25 % | ±15–40 %, 5–35 % |
/// | exposure | 0.95–1.05 | 0.85–1.08 | 0.6–1.1 (dim frames) |
/// | glare (peak added, 0-255) | none | 40 %, 90–200, off the MRZ | 60 %, 100–230, ≤ 127.5 on the MRZ |
/// | blur | Gaussian σ 0–0.4 px | Gaussian σ 0.5–1.1 px | σ 0.9–1.7 px, or 35 %: motion 2–5 px |
/// | sensor noise σ | 0.5–1.5 | 2–5 | 4–9 |
/// | JPEG quality | 92–95 | 70–88 | 45–65 |
///
/// Clean backgrounds are plain, gradient, wood, fabric or tiles, all dark or saturated against the
/// paper; the other tiers add low-contrast colours within 3-10 % of the paper and desk clutter
/// (paper sheets, lines, text). Two guards keep every frame readable by a person (the tiers are
/// hard, not impossible): the width is drawn no smaller than gives a nominal MRZ pitch of
/// ``minimumMRZPitchPixels`` (9, 8, 7.5 px, divided by the cosine of the tilt), and blur is capped
/// by the smallest pitch actually seen in the frame (σ ≤ 0.17 × pitch, motion length ≤ 0.55 ×
/// pitch). The pixel gain from lighting is kept within 0.4...1.35.
package enum SceneTier: String, Sendable, Codable, CaseIterable {
    case clean
    case phoneLike
    case hard

    /// Largest in-plane rotation, degrees either way.
    package var maxRotationDegrees: Double { [5, 20, 35][index] }
    /// Largest perspective tilt, degrees.
    package var maxTiltDegrees: Double { [5, 20, 32][index] }
    /// Projected document width as a fraction of the frame width.
    package var documentWidthFraction: ClosedRange<Double> { [0.45...0.80, 0.40...0.85, 0.35...0.85][index] }
    /// Smallest MRZ character pitch in the frame, pixels (a person could not read smaller).
    package var minimumMRZPitchPixels: Double { [9, 8, 7.5][index] }
    /// Chance of a soft drop shadow under the document.
    package var shadowProbability: Double { [0.5, 0.7, 0.8][index] }
    /// Largest lighting gradient across the frame (fraction, either way).
    package var lightingGradient: ClosedRange<Double> { [0...0.06, 0...0.25, 0.15...0.40][index] }
    /// Largest vignette darkening in the corners.
    package var vignette: ClosedRange<Double> { [0...0.08, 0...0.25, 0.05...0.35][index] }
    /// Overall exposure factor.
    package var exposure: ClosedRange<Double> { [0.95...1.05, 0.85...1.08, 0.6...1.1][index] }
    /// Chance of a specular glare spot on the document.
    package var glareProbability: Double { [0, 0.4, 0.6][index] }
    /// Peak added brightness of a glare spot (0-255 scale).
    package var glarePeak: ClosedRange<Double> { [0...0, 90...200, 100...230][index] }
    /// Whether glare may reach the MRZ band (capped there at half the range).
    package var glareMayCoverMRZ: Bool { self == .hard }
    /// Gaussian blur σ in pixels.
    package var blurSigma: ClosedRange<Double> { [0...0.4, 0.5...1.1, 0.9...1.7][index] }
    /// Chance that the frame gets motion blur instead of Gaussian blur.
    package var motionBlurProbability: Double { [0, 0, 0.35][index] }
    /// Motion blur length in pixels.
    package var motionBlurLength: ClosedRange<Double> { [0...0, 0...0, 2...5][index] }
    /// Sensor noise σ (0-255 scale, at full brightness).
    package var noiseSigma: ClosedRange<Double> { [0.5...1.5, 2...5, 4...9][index] }
    /// JPEG quality.
    package var jpegQuality: ClosedRange<Int> { [92...95, 70...88, 45...65][index] }

    /// Relative weights of the background styles.
    package var backgroundWeights: [(SceneBackground.Style, Double)] {
        switch self {
        case .clean:
            return [(.plain, 0.35), (.gradient, 0.25), (.woodGrain, 0.2), (.fabric, 0.1), (.tiles, 0.1)]
        case .phoneLike:
            return [
                (.plain, 0.15), (.gradient, 0.15), (.lowContrast, 0.2), (.woodGrain, 0.15), (.fabric, 0.12),
                (.clutter, 0.13), (.tiles, 0.1),
            ]
        case .hard:
            return [
                (.plain, 0.05), (.gradient, 0.05), (.lowContrast, 0.3), (.woodGrain, 0.15), (.fabric, 0.15),
                (.clutter, 0.2), (.tiles, 0.1),
            ]
        }
    }

    /// Whether busy and plain backgrounds may be light (close to the document's brightness).
    package var allowsLightBackgrounds: Bool { self != .clean }

    /// The default mix of document sides: TD3 and TD1 backs most common.
    package static let defaultKindWeights: [(DocumentLayout.Kind, Double)] = [
        (.td3, 0.3), (.td1Back, 0.3), (.td2, 0.1), (.mrvA, 0.1), (.mrvB, 0.1), (.td1Front, 0.1),
    ]

    private var index: Int {
        switch self {
        case .clean: return 0
        case .phoneLike: return 1
        case .hard: return 2
        }
    }
}
