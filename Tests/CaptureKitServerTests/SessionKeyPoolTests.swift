import CaptureCore
import Foundation
import Testing
import _CryptoExtras

@testable import CaptureKitServer

@Suite(.timeLimit(.minutes(1)))
struct SessionKeyPoolTests {
    @Test func takeNeverHandsOutTheSameKeyTwiceAndAnEmptyPoolAnswersNil() async {
        let pool = SessionKeyPool(provider: PregeneratedSessionKeys.provider(limit: 3), capacity: 8, now: { Date() })
        await pool.fill()
        #expect(await pool.depth == 3)
        var seen: Set<String> = []
        while let key = await pool.take() { seen.insert(key.publicKeyPEM) }
        #expect(seen.count == 3)
        #expect(await pool.take() == nil)
        #expect(await pool.handedOutCount == 3)
    }

    @Test func keysOlderThanMaxAgeAreDiscardedUnused() async {
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        let pool = SessionKeyPool(
            provider: PregeneratedSessionKeys.provider(limit: 2), capacity: 2, maxAge: 60,
            now: { clock.withLock { $0 } }
        )
        await pool.fill()
        clock.withLock { $0 = $0.addingTimeInterval(61) }
        #expect(await pool.take() == nil)
        #expect(await pool.depth == 0)
    }

    @Test func theRealGeneratorMakesDistinctUsableRSA2048Keys() async throws {
        let pool = SessionKeyPool(provider: RSASessionKeyProvider(), capacity: 2, maxGenerators: 2, now: { Date() })
        await pool.fill()
        let first = try #require(await pool.take())
        let second = try #require(await pool.take())
        #expect(first != second)
        let key = try _RSA.Encryption.PrivateKey(derRepresentation: first.privateKeyDER)
        #expect(key.keySizeInBits == 2048)
        #expect(key.publicKey.pemRepresentation == first.publicKeyPEM)
    }
}
