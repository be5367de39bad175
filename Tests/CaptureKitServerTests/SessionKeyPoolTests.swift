import CaptureCore
import CaptureKitTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import _CryptoExtras

@testable import CaptureKitServer

#if canImport(Glibc)
import Glibc
#endif

/// A provider that counts its calls (to see when the worker generates).
struct CountingKeyProvider: SessionKeyProvider {
    let inner: any SessionKeyProvider
    let calls = Locked(0)

    func makeKey() throws -> SessionKeyMaterial {
        calls.withLock { $0 += 1 }
        return try inner.makeKey()
    }
}

/// A started SQLite store in a temporary folder, a KEK and a clock, for pool tests without a server.
struct PoolBench {
    let directory: String
    let store: SQLCaptureStore
    let kek: KeyEncryptionKey
    let clock: TestDateSource

    init() async throws {
        directory = NSTemporaryDirectory() + "capkit-pool-" + UUID().uuidString
        try FilePermissions.secureDirectory(atPath: directory)
        clock = TestDateSource(Date(timeIntervalSince1970: 1_790_000_000))
        let clock = self.clock
        store = SQLCaptureStore(
            driver: SQLiteDriver(path: directory + "/pool.sqlite", logger: Logger(label: "pool-test")),
            now: { clock.now })
        try await store.start()
        kek = try KeyEncryptionKey(rawKey: Data((0..<32).map { UInt8($0) }))
    }

    func pool(
        _ provider: any SessionKeyProvider, target: Int, lowWatermark: Int? = nil, maxAge: Int64 = 86_400,
        workers: Int = 2
    ) -> SessionKeyPool {
        let clock = self.clock
        return SessionKeyPool(
            provider: provider, store: store, kek: kek, targetSize: target, lowWatermark: lowWatermark,
            maxAge: maxAge, workers: workers, now: { clock.now })
    }

    var cutoff: Int64 { Int64(clock.now.timeIntervalSince1970) - 86_400 }

    func close() async {
        try? await store.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

@Suite(.timeLimit(.minutes(1)))
struct SessionKeyPoolTests {
    @Test func fillStoresSealedKeysUpToTheTargetAndAClaimNeverHandsOutAKeyTwice() async throws {
        let bench = try await PoolBench()
        let pool = bench.pool(PregeneratedSessionKeys.provider(limit: 6), target: 5)
        #expect(await pool.fill() == 5)
        #expect(try await pool.depth() == 5)
        var seen: Set<String> = []
        while let key = try await bench.store.claimPooledSessionKey(createdAfter: bench.cutoff) {
            seen.insert(key.publicKeyPEM)
            // Sealed under the KEK for its own row: it opens there, and nowhere else.
            let der = try bench.kek.open(key.sealedPrivateKey, context: PooledSessionKey.sealingContext(id: key.id))
            let opened = try _RSA.Encryption.PrivateKey(derRepresentation: der)
            #expect(opened.publicKey.pemRepresentation == key.publicKeyPEM)
            #expect(throws: (any Error).self) {
                try bench.kek.open(key.sealedPrivateKey, context: "fortface/v1/pool/other")
            }
            #expect(!key.sealedPrivateKey.isEmpty && key.sealedPrivateKey.range(of: der) == nil)
        }
        #expect(seen.count == 5)
        #expect(try await pool.depth() == 0)
        await bench.close()
    }

    @Test func keysOlderThanMaxAgeAreNeitherCountedNorClaimedAndAFillDeletesThem() async throws {
        let bench = try await PoolBench()
        let pool = bench.pool(PregeneratedSessionKeys.provider(limit: 2), target: 2, maxAge: 60)
        #expect(await pool.fill() == 2)
        bench.clock.advance(seconds: 61)
        #expect(try await pool.depth() == 0)
        let cutoff = pool.freshnessCutoff(at: bench.clock.now)
        #expect(try await bench.store.claimPooledSessionKey(createdAfter: cutoff) == nil)
        #expect(await pool.fill() == 0)  // the provider is spent; the stale rows are gone
        #expect(try await bench.store.pooledSessionKeyCount(createdAfter: 0) == 0)
        await bench.close()
    }

    @Test func theWorkerFillsPausesWhenFullAndRefillsOnlyBelowTheLowWatermark() async throws {
        let bench = try await PoolBench()
        let provider = CountingKeyProvider(inner: PregeneratedSessionKeys.provider(limit: 8))
        let pool = bench.pool(provider, target: 4, lowWatermark: 2)
        let worker = Task { await pool.run() }
        var events = pool.events.makeAsyncIterator()

        pool.wake()  // what the application sends once the store is open
        #expect(await events.next() == .paused(depth: 4, added: 4))
        #expect(provider.calls.withLock { $0 } == 4)

        // Full: a wake generates nothing.
        pool.wake()
        #expect(await events.next() == .paused(depth: 4, added: 0))
        // Claimed down to 2 (the low watermark): still nothing.
        for _ in 0..<2 { _ = try await bench.store.claimPooledSessionKey(createdAfter: bench.cutoff) }
        pool.wake()
        #expect(await events.next() == .paused(depth: 2, added: 0))
        #expect(provider.calls.withLock { $0 } == 4)

        // Below it: back to the target.
        _ = try await bench.store.claimPooledSessionKey(createdAfter: bench.cutoff)
        pool.wake()
        #expect(await events.next() == .paused(depth: 4, added: 3))
        #expect(provider.calls.withLock { $0 } == 7)
        #expect(await pool.generatedCount == 7)

        worker.cancel()
        pool.finish()
        await worker.value
        await bench.close()
    }

    @Test func theRealGeneratorMakesDistinctUsableRSA2048Keys() async throws {
        let bench = try await PoolBench()
        let pool = bench.pool(RSASessionKeyProvider(), target: 2)
        #expect(try await pool.generate(count: 2) == 2)
        let first = try #require(try await bench.store.claimPooledSessionKey(createdAfter: bench.cutoff))
        let second = try #require(try await bench.store.claimPooledSessionKey(createdAfter: bench.cutoff))
        #expect(first.publicKeyPEM != second.publicKeyPEM)
        let der = try bench.kek.open(first.sealedPrivateKey, context: PooledSessionKey.sealingContext(id: first.id))
        let key = try _RSA.Encryption.PrivateKey(derRepresentation: der)
        #expect(key.keySizeInBits == 2048)
        #expect(key.publicKey.pemRepresentation == first.publicKeyPEM)
        await bench.close()
    }
}

@Suite("Persisted session key pool across restarts", .timeLimit(.minutes(1)))
struct SessionKeyPoolRestartTests {
    @Test("after a restart the first handshake is answered from the pool the last run filled")
    func restartAnswersFromThePool() async throws {
        let first = try ServerFixture.fortface(keys: 3)
        defer { first.remove() }
        try await first.application().test(.router) { _ in
            #expect(await first.fillKeyPool() == 3)
        }

        // The same data folder, and a generator that cannot make a single key: whatever is answered
        // comes from the pool the first run left.
        let second = try ServerFixture(
            sessionKeyProvider: FiniteKeyProvider(keys: []), classifier: MarkerClassifier()
        ) { $0.dataDirectory = first.environment.configuration.dataDirectory }
        defer { second.remove() }
        let pooled = Set(PregeneratedSessionKeys.all.prefix(3).map(\.publicKeyPEM))
        try await second.application().test(.router) { client in
            let fortface = try await FortfaceClient.make(client)
            let session = try await fortface.session(now: second.clock.now)
            #expect(pooled.contains(session.sessionKey))
            #expect(try await second.environment.fortface.keyPool.depth() == 2)
            // The session's key opens under the shared KEK: a capture on it is answered.
            let payload = try fortface.capture(session, image: try MarkerClassifier.image(.rgFront))
            let answered = try await fortface.submit("/v1/documents", sessionId: session.sessionId, payload: payload)
            #expect(answered.status == .ok)
        }
    }

    #if canImport(Glibc)
    @Test func anEmptyPoolIsFilledAtNormalPriorityThenInTheIdleClass() async throws {
        // Given an empty pool of 6 filled by 2 workers, whose provider notes each generating thread's
        // scheduling class (0 normal, 5 idle) in call order
        let bench = try await PoolBench()
        let inner = PregeneratedSessionKeys.provider(limit: 6)
        let provider = PolicyRecordingKeyProvider(inner: inner)
        let pool = bench.pool(provider, target: 6, workers: 2)
        #expect(await pool.fill() == 6)
        let policies = provider.policies.withLock { $0 }
        #expect(policies.count == 6)
        // Then the first batch (the pool could answer no handshake) ran in the normal class, so that
        // busy cores cannot starve it, and the batches after it in the idle class
        #expect(Array(policies.prefix(2)) == [0, 0], "\(policies)")
        #expect(policies.dropFirst(2).allSatisfy { $0 == 5 }, "\(policies)")
        #expect(!SessionKeyPool.generatesInIdleClass(depth: 0, workers: 2))
        #expect(!SessionKeyPool.generatesInIdleClass(depth: 1, workers: 2))
        #expect(SessionKeyPool.generatesInIdleClass(depth: 2, workers: 2))
        await bench.close()
    }
    #endif
}

#if canImport(Glibc)
/// A provider that notes the scheduling policy of the thread each key is made on.
struct PolicyRecordingKeyProvider: SessionKeyProvider {
    let inner: any SessionKeyProvider
    let policies = Locked<[Int32]>([])

    func makeKey() throws -> SessionKeyMaterial {
        let policy = sched_getscheduler(0)
        policies.withLock { $0.append(policy) }
        return try inner.makeKey()
    }
}
#endif
