import CaptureCore
import Foundation

/// A small, fast, seedable random number generator (xoshiro256**, seeded through SplitMix64).
///
/// Everything the synthesis code draws comes from one of these, through the helpers below rather
/// than the standard library's `random(in:using:)` (whose algorithm may change between Swift
/// releases), so the same seed gives the same documents and scenes, byte for byte, on every run.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let angle = random.uniform(-5, 5)
/// var portraitRandom = random.fork(3)   // an independent stream for one part of the work
/// ```
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose whole sequence is determined by `seed`.
    package init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform double in [0, 1) with 53 random bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A uniform double in [`low`, `high`).
    package mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// A uniform integer in `range` (the modulo bias is below 2^-40 for the small ranges used here).
    package mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// True with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A standard normal sample (Box-Muller).
    package mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// -1 or +1 with equal probability.
    package mutating func sign() -> Double { chance(0.5) ? 1 : -1 }

    /// A uniformly chosen element of a non-empty array (internal constant tables only).
    package mutating func pick<T>(_ items: [T]) -> T {
        precondition(!items.isEmpty, "pick needs a non-empty table")
        return items[integer(in: 0...(items.count - 1))]
    }

    /// An element chosen with the given relative weights (same count as `items`, not all zero).
    package mutating func pick<T>(_ items: [T], weights: [Double]) -> T {
        precondition(!items.isEmpty && items.count == weights.count, "weighted pick needs matching tables")
        let total = weights.reduce(0, +)
        var target = unit() * total
        for (item, weight) in zip(items, weights) {
            if target < weight { return item }
            target -= weight
        }
        return items[items.count - 1]
    }

    /// An independent generator for one labelled part of the work, so that drawing more or fewer
    /// numbers in one part does not shift the numbers of another.
    package mutating func fork(_ label: UInt64) -> SeededGenerator {
        SeededGenerator(seed: Self.derive(seed: next(), index: label))
    }

    /// A well-mixed seed for item `index` of a run started with `seed` (frame i of a data set can
    /// be regenerated alone).
    package static func derive(seed: UInt64, index: UInt64) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        _ = mixer.next()
        return mixer.next()
    }
}
