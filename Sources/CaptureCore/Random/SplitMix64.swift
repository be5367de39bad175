import Foundation

/// A tiny seedable random number generator (SplitMix64), so generated material (face sequences,
/// training renders, test zones, the seeds of DocumentSynthesis's generator) is the same on every
/// run and platform (the standard library's algorithms may change between releases).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for one item of a larger set (a frame of a sequence), independent of the others.
    package init(seed: UInt64, stream: UInt64, item: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next() ^ (item &* 0xD1B5_4A32_D192_ED03)
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1).
    package mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A uniform double in [`low`, `high`).
    package mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// A standard normal sample (Box–Muller, one of the pair).
    package mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-12), u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
