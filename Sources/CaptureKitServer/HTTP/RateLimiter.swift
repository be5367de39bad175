import CaptureCore
package import Foundation

/// Token buckets by key: each key's bucket holds up to `burst` tokens and refills at `ratePerSecond`;
/// a request takes one token or is refused with the time until the next one. Time comes from an
/// injected clock.
///
/// Keys are chosen by callers and must not be secrets (API keys are limited by their SHA-256).
package final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    /// The outcome of one request.
    package enum Decision: Sendable, Equatable {
        case allowed
        /// Refused; a token is available again after this many whole seconds.
        case limited(retryAfterSeconds: Int)
    }

    private let capacity: Double
    private let refillPerSecond: Double
    private let maxKeys: Int
    private let now: @Sendable () -> Date
    private let buckets = Locked([String: Bucket]())

    /// `perMinute` requests per minute on average, in bursts of up to `perMinute`.
    package convenience init(perMinute: Int, maxKeys: Int = 100_000, now: @escaping @Sendable () -> Date) {
        self.init(ratePerSecond: Double(max(1, perMinute)) / 60, burst: max(1, perMinute), maxKeys: maxKeys, now: now)
    }

    /// `ratePerSecond` requests per second on average, in bursts of up to `burst`.
    package init(ratePerSecond: Double, burst: Int, maxKeys: Int = 100_000, now: @escaping @Sendable () -> Date) {
        self.capacity = Double(max(1, burst))
        self.refillPerSecond = max(ratePerSecond, 0.001)
        self.maxKeys = maxKeys
        self.now = now
    }

    /// Takes one token for `key`.
    package func consume(_ key: String) -> Decision {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: time)
            let elapsed = max(0, time.timeIntervalSince(bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * refillPerSecond)
            bucket.updated = time
            let decision: Decision
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                decision = .allowed
            } else {
                decision = .limited(
                    retryAfterSeconds: max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))))
            }
            if buckets[key] == nil, buckets.count >= maxKeys {
                // Forget buckets that have refilled: they behave exactly like new ones.
                buckets = buckets.filter { entry in
                    entry.value.tokens + time.timeIntervalSince(entry.value.updated) * refillPerSecond < capacity
                }
            }
            buckets[key] = bucket
            return decision
        }
    }

    /// Throws ``APIError/rateLimited(retryAfterSeconds:)`` when `key` is over its limit.
    package func enforce(_ key: String) throws(APIError) {
        if case let .limited(seconds) = consume(key) { throw APIError.rateLimited(retryAfterSeconds: seconds) }
    }
}
