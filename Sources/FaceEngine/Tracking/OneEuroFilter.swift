import Foundation

/// The One Euro filter (Casiez, Roussel, Vogel, CHI 2012) for one coordinate: a low-pass filter
/// whose cutoff rises with speed, so a still point stops shimmering while a moving one lags little.
///
/// Each sample: the speed is estimated from the last two values and low-passed at `derivativeCutoff`;
/// the value is then low-passed at `minimumCutoff + beta · |speed|`. A low-pass at cutoff `fc`
/// over a step of `dt` seconds blends `α = 1 / (1 + τ/dt)` of the new sample, `τ = 1/(2π·fc)`.
///
/// - `minimumCutoff` (Hz): the cutoff when still. Lower removes more jitter and adds lag at the
///   start of a motion.
/// - `beta` (1 / value unit): how much the cutoff rises per unit of speed (value units per
///   second). Higher follows fast motion more closely and lets through more jitter when moving.
/// - `derivativeCutoff` (Hz): smoothing of the speed estimate itself (1 Hz is the paper's choice).
package struct OneEuroFilter: Sendable, Equatable {
    package var minimumCutoff: Double
    package var beta: Double
    package var derivativeCutoff: Double

    private var lastValue: Double?
    private var lastDerivative = 0.0
    private var lastTimestamp = 0.0

    package init(minimumCutoff: Double = 1.0, beta: Double = 0.0, derivativeCutoff: Double = 1.0) {
        self.minimumCutoff = minimumCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
    }

    /// The filtered value of `value` sampled at `timestamp` (seconds). The first sample, and any
    /// sample whose timestamp does not advance, is returned unfiltered / as the last output.
    package mutating func filter(_ value: Double, at timestamp: Double) -> Double {
        guard let previous = lastValue else {
            lastValue = value
            lastDerivative = 0
            lastTimestamp = timestamp
            return value
        }
        let dt = timestamp - lastTimestamp
        guard dt > 0, dt.isFinite, value.isFinite else { return previous }
        let derivative = (value - previous) / dt
        let smoothedDerivative =
            lastDerivative + Self.alpha(cutoff: derivativeCutoff, dt: dt)
            * (derivative - lastDerivative)
        let cutoff = minimumCutoff + beta * abs(smoothedDerivative)
        let output = previous + Self.alpha(cutoff: cutoff, dt: dt) * (value - previous)
        lastValue = output
        lastDerivative = smoothedDerivative
        lastTimestamp = timestamp
        return output
    }

    /// Forgets the history: the next sample passes through unfiltered.
    package mutating func reset() {
        lastValue = nil
        lastDerivative = 0
    }

    /// The blend weight of a first-order low-pass at `cutoff` Hz over `dt` seconds.
    package static func alpha(cutoff: Double, dt: Double) -> Double {
        let tau = 1 / (2 * Double.pi * max(cutoff, 1e-6))
        return 1 / (1 + tau / dt)
    }
}
