import CaptureCore
import Foundation

/// The extra draws of the training renderer, on the shared seeded generator, so a training run is
/// reproducible from its seed.
extension SplitMix64 {
    /// Log-uniform in [a, b).
    mutating func logUniform(_ a: Double, _ b: Double) -> Double {
        exp(uniform(log(a), log(b)))
    }

    /// Uniform in 0..<n.
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in a...b.
    mutating func int(_ a: Int, _ b: Int) -> Int { a + int(b - a + 1) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }
}
