import CaptureCore
import Foundation
import _CryptoExtras

@testable import CaptureKitServer

/// A few RSA-2048 session keys generated once per test process (in parallel, about a second in a
/// debug build) and never committed: without them every test server would generate its own pool.
enum PregeneratedSessionKeys {
    static let count = 8

    static let all: [SessionKeyMaterial] = {
        let made = Locked([SessionKeyMaterial?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let material = try? RSASessionKeyProvider(bits: 2048).makeKey()
            made.withLock { $0[index] = material }
        }
        return made.withLock { $0.compactMap { $0 } }
    }()

    /// A provider handing out the first `limit` keys, each once, then failing (an exhausted pool).
    static func provider(limit: Int = count) -> FiniteKeyProvider {
        FiniteKeyProvider(keys: Array(all.prefix(limit)))
    }
}

/// Hands out a fixed list of keys, each once; then every call fails.
struct FiniteKeyProvider: SessionKeyProvider {
    struct Exhausted: Error {}

    let keys: [SessionKeyMaterial]
    private let next = Locked(0)

    init(keys: [SessionKeyMaterial]) {
        self.keys = keys
    }

    func makeKey() throws -> SessionKeyMaterial {
        let index = next.withLock { value -> Int in
            defer { value += 1 }
            return value
        }
        guard index < keys.count else { throw Exhausted() }
        return keys[index]
    }
}
