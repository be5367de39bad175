import Foundation

/// A small seeded generator (SplitMix64) with the draws the training renderer needs, so a
/// training run is reproducible from its seed.
struct TrainingRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [a, b).
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Log-uniform in [a, b).
    mutating func logUniform(_ a: Double, _ b: Double) -> Double {
        exp(uniform(log(a), log(b)))
    }

    /// Uniform in 0..<n.
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in a...b.
    mutating func int(_ a: Int, _ b: Int) -> Int { a + int(b - a + 1) }

    mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double {
        let u = max(1e-12, uniform(0, 1)), v = uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
