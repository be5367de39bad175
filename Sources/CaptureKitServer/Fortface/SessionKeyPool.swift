import Foundation

/// Single-use session keys kept ready (`notes/security.md` §3.4): RSA generation takes 40–200 ms, far
/// too slow to do inside a handshake.
///
/// ``take()`` removes the key it returns, so no key is ever handed out twice; keys older than
/// `maxAge` are discarded. ``run()`` (driven by ``SessionKeyPoolService``) refills the pool whenever
/// it falls below `lowWatermark`, with at most `cores − 1` generations at once, each on a global
/// dispatch queue so request handling keeps its threads. When the pool is empty the handshake
/// answers 503 with `Retry-After` (back-pressure) instead of generating inline.
package actor SessionKeyPool {
    private struct Entry {
        var material: SessionKeyMaterial
        var createdAt: Date
    }

    private let provider: any SessionKeyProvider
    /// How many keys the pool keeps ready.
    package let capacity: Int
    /// Below this depth a refill starts.
    package let lowWatermark: Int
    /// Keys older than this are discarded unused.
    package let maxAge: TimeInterval
    /// Most generations running at once.
    package let maxGenerators: Int
    private let now: @Sendable () -> Date
    private var entries: [Entry] = []
    private var handedOut = 0
    private var generated = 0
    private var providerFailed = false
    private var filling = false
    private var fillWaiters: [CheckedContinuation<Void, Never>] = []
    private let refillSignals: AsyncStream<Void>
    private let refillContinuation: AsyncStream<Void>.Continuation

    package init(
        provider: any SessionKeyProvider, capacity: Int = 32, lowWatermark: Int? = nil, maxAge: TimeInterval = 3600,
        maxGenerators: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
        now: @escaping @Sendable () -> Date
    ) {
        self.provider = provider
        self.capacity = max(1, capacity)
        self.lowWatermark = min(max(1, lowWatermark ?? capacity / 2), max(1, capacity))
        self.maxAge = maxAge
        self.maxGenerators = max(1, maxGenerators)
        self.now = now
        (refillSignals, refillContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Keys ready now.
    package var depth: Int { entries.count }
    /// Keys handed out since start.
    package var handedOutCount: Int { handedOut }
    /// Keys generated since start.
    package var generatedCount: Int { generated }

    /// Removes and returns the oldest fresh key, or nil when the pool is empty.
    package func take() -> SessionKeyMaterial? {
        let time = now()
        entries.removeAll { time.timeIntervalSince($0.createdAt) > maxAge }
        defer {
            if entries.count < lowWatermark { refillContinuation.yield() }
        }
        guard !entries.isEmpty else { return nil }
        handedOut += 1
        return entries.removeFirst().material
    }

    /// Returns a key that was taken but never answered to anyone (the handshake failed after
    /// ``take()``), so it is not wasted. It goes back at the front: it is the oldest.
    package func putBack(_ material: SessionKeyMaterial) {
        handedOut -= 1
        entries.insert(Entry(material: material, createdAt: now()), at: 0)
    }

    /// Generates keys until the pool is full (or the provider fails), `maxGenerators` at a time.
    /// A call made while a fill is running waits for that fill to finish.
    package func fill() async {
        if filling {
            await withCheckedContinuation { fillWaiters.append($0) }
            return
        }
        filling = true
        defer {
            filling = false
            let waiters = fillWaiters
            fillWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        while entries.count < capacity, !providerFailed, !Task.isCancelled {
            let batch = min(maxGenerators, capacity - entries.count)
            let provider = self.provider
            let made = await withTaskGroup(of: SessionKeyMaterial?.self) { group in
                for _ in 0..<batch {
                    group.addTask { await Self.generate(with: provider) }
                }
                var made: [SessionKeyMaterial?] = []
                for await material in group { made.append(material) }
                return made
            }
            let time = now()
            for material in made {
                guard let material else {
                    providerFailed = true
                    continue
                }
                entries.append(Entry(material: material, createdAt: time))
                generated += 1
            }
        }
    }

    /// Fills the pool, then refills it each time ``take()`` leaves it below the low watermark, until
    /// the task is cancelled.
    package func run() async {
        providerFailed = false
        await fill()
        for await _ in refillSignals {
            providerFailed = false
            await fill()
        }
    }

    /// Runs one generation on a global dispatch queue (CPU-bound, blocking work stays off the
    /// cooperative pool); nil when the provider fails.
    private static func generate(with provider: any SessionKeyProvider) async -> SessionKeyMaterial? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: try? provider.makeKey())
            }
        }
    }

    /// Stops ``run()`` (used when the service shuts down).
    package nonisolated func finish() {
        refillContinuation.finish()
    }
}
