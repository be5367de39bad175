import ArgumentParser
import CaptureKitTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CaptureKitServer

@Suite("Fair shares of handshakes between customers", .timeLimit(.minutes(1)))
struct HandshakeQuotaTests {
    @Test("a token bucket allows its burst, then one request per refill interval, on an injected clock")
    func tokenBucket() {
        let clock = TestDateSource(Date(timeIntervalSince1970: 1_000))
        let limiter = RateLimiter(ratePerSecond: 2, burst: 3, now: { clock.now })
        #expect((0..<3).map { _ in limiter.consume("a") } == [.allowed, .allowed, .allowed])
        #expect(limiter.consume("a") == .limited(retryAfterSeconds: 1))
        #expect(limiter.consume("b") == .allowed)  // another key has its own bucket
        clock.advance(seconds: 0.5)
        #expect(limiter.consume("a") == .allowed)
        #expect(limiter.consume("a") == .limited(retryAfterSeconds: 1))
        clock.advance(seconds: 60)
        #expect((0..<4).map { _ in limiter.consume("a") }.filter { $0 == .allowed }.count == 3)  // capped at the burst

        let slow = RateLimiter(ratePerSecond: 0.1, burst: 1, now: { clock.now })
        #expect(slow.consume("a") == .allowed)
        #expect(slow.consume("a") == .limited(retryAfterSeconds: 10))
    }

    @Test("a customer over its share gets 429 handshakeQuotaExceeded with Retry-After; another is still served")
    func floodingCustomerIsRefusedAlone() async throws {
        let fixture = try ServerFixture.fortface(keys: 8) {
            $0.fortfaceHandshakeRatePerSecond = 0.5
            $0.fortfaceHandshakeBurst = 3
        }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            #expect(await fixture.fillKeyPool() == 8)
            let flooder = try await FortfaceClient.make(client, appID: "com.example.flood")
            let steady = try await FortfaceClient.make(client, appID: "com.example.steady")

            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 {
                statuses.append(try await flooder.handshake(try flooder.token(now: fixture.clock.now)).status)
            }
            let refused = try await flooder.handshake(try flooder.token(now: fixture.clock.now))
            #expect(statuses == [.created, .created, .created])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "2")
            #expect(try flooder.errorCode(refused) == "handshakeQuotaExceeded")
            #expect(refused.headers[.contentType]?.hasPrefix("application/json") == true)
            // The refusal took no key and consumed no device token.
            #expect(try await fixture.environment.fortface.keyPool.depth() == 5)
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 3)

            // The other customer is served from the keys the flooder could not take.
            for _ in 0..<3 {
                #expect(try await steady.handshake(try steady.token(now: fixture.clock.now)).status == .created)
            }
            // Two seconds later the flooder has one handshake again, and only one.
            fixture.clock.advance(seconds: 2)
            #expect(try await flooder.handshake(try flooder.token(now: fixture.clock.now)).status == .created)
            #expect(try await flooder.handshake(try flooder.token(now: fixture.clock.now)).status == .tooManyRequests)
            #expect(fixture.loggedText.contains("handshakeQuotaExceeded"))
        }
    }

    @Test("the quota's rate and burst come from flags and environment variables, and bad values are refused")
    func configuration() throws {
        var configuration = ServerConfiguration()
        #expect(configuration.fortfaceHandshakeRatePerSecond == 10)
        #expect(configuration.fortfaceHandshakeBurst == 500)
        #expect(configuration.keyRequestsPerMinute == 1200)
        #expect(configuration.fortfaceKeyPoolSize == 4096)
        try configuration.apply(environment: [
            "CAPTUREKIT_FORTFACE_HANDSHAKE_RATE": "2.5", "CAPTUREKIT_FORTFACE_HANDSHAKE_BURST": "40",
            "CAPTUREKIT_FORTFACE_KEY_POOL": "6000", "CAPTUREKIT_FORTFACE_KEY_WORKERS": "3",
            "CAPTUREKIT_FORTFACE_KEY_GENERATION": "0",
        ])
        #expect(configuration.fortfaceHandshakeRatePerSecond == 2.5)
        #expect(configuration.fortfaceHandshakeBurst == 40)
        #expect(configuration.fortfaceKeyPoolSize == 6000)
        #expect(configuration.fortfaceKeyWorkers == 3)
        #expect(!configuration.fortfaceKeyGeneration)
        for (name, value) in [
            ("CAPTUREKIT_FORTFACE_HANDSHAKE_RATE", "0"), ("CAPTUREKIT_FORTFACE_HANDSHAKE_RATE", "fast"),
            ("CAPTUREKIT_FORTFACE_HANDSHAKE_BURST", "0"), ("CAPTUREKIT_FORTFACE_KEY_WORKERS", "0"),
        ] {
            #expect(throws: ConfigurationError.self) {
                var other = ServerConfiguration()
                try other.apply(environment: [name: value])
            }
        }
        let options = try ServerOptions.parse(["--handshake-rate", "4", "--handshake-burst", "9", "--key-pool", "10"])
        let parsed = try options.configuration(environment: [:])
        #expect(parsed.fortfaceHandshakeRatePerSecond == 4)
        #expect(parsed.fortfaceHandshakeBurst == 9)
        #expect(parsed.fortfaceKeyPoolSize == 10)
    }
}
