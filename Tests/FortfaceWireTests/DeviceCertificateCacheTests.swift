import CaptureCore
import Crypto
import Foundation
import Testing

@testable import FortfaceWire

@Suite struct DeviceCertificateCacheTests {
    @Test func aDevicesSecondTokenIsVerifiedFromTheCacheWithTheSameClaims() throws {
        let cache = DeviceCertificateCache()
        let verifier = DeviceTokenVerifier(deviceAuthority: WireFixtures.authority.keyring, certificateCache: cache)
        let credentials = try WireFixtures.credentials()
        let first = WireFixtures.claims(credentials: credentials)
        let second = WireFixtures.claims(credentials: credentials)
        #expect(
            try verifier.verify(DeviceToken.make(claims: first, credentials: credentials), now: WireFixtures.now)
                == first)
        #expect(cache.statistics == (hits: 0, misses: 1))
        #expect(
            try verifier.verify(DeviceToken.make(claims: second, credentials: credentials), now: WireFixtures.now)
                == second)
        #expect(cache.statistics == (hits: 1, misses: 1))
        #expect(cache.count == 1)
    }

    @Test func aCachedCertificateIsRefusedOnceItHasExpired() throws {
        let cache = DeviceCertificateCache()
        let verifier = DeviceTokenVerifier(deviceAuthority: WireFixtures.authority.keyring, certificateCache: cache)
        // Valid until now + 1 h.
        let credentials = try WireFixtures.credentials(
            issuedAt: WireFixtures.now.addingTimeInterval(-3600), validity: 7200)
        let token = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: credentials), credentials: credentials)
        _ = try verifier.verify(token, now: WireFixtures.now)
        let later = WireFixtures.now.addingTimeInterval(3600 + 121)
        let lateToken = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: credentials, at: later), credentials: credentials)
        #expect(throws: DeviceTokenError.certificateExpired) { try verifier.verify(lateToken, now: later) }
        #expect(cache.statistics.hits == 1)
        // The same refusal as a verifier without a cache gives.
        #expect(throws: DeviceTokenError.certificateExpired) { try WireFixtures.verifier.verify(lateToken, now: later) }
    }

    @Test func certificatesThatFailAreNotCachedAndATamperedCopyMissesTheCache() throws {
        let cache = DeviceCertificateCache()
        let verifier = DeviceTokenVerifier(deviceAuthority: WireFixtures.authority.keyring, certificateCache: cache)
        let rogue = try WireFixtures.credentials(authority: WireFixtures.otherAuthority)
        let rogueToken = try DeviceToken.make(claims: WireFixtures.claims(credentials: rogue), credentials: rogue)
        for _ in 0..<2 {
            #expect(throws: DeviceTokenError.untrustedCertificate) {
                try verifier.verify(rogueToken, now: WireFixtures.now)
            }
        }
        #expect(cache.count == 0)

        let credentials = try WireFixtures.credentials()
        _ = try verifier.verify(
            DeviceToken.make(claims: WireFixtures.claims(credentials: credentials), credentials: credentials),
            now: WireFixtures.now)
        // The certified app changed in the certificate's claims, the CA's signature left as it was.
        let parts = credentials.certificate.split(separator: ".").map(String.init)
        let payload = String(decoding: Base64URL.decode(parts[1])!, as: UTF8.self)
            .replacingOccurrences(of: WireFixtures.app, with: "com.attacker.app")
        let forged = parts[0] + "." + Base64URL.encode(Array(payload.utf8)) + "." + parts[2]
        let impostor = DeviceCredentials(signingKey: credentials.signingKey, certificate: forged)
        let forgedToken = try DeviceToken.make(
            claims: WireFixtures.claims(credentials: impostor, app: "com.attacker.app"), credentials: impostor)
        #expect(throws: DeviceTokenError.untrustedCertificate) {
            try verifier.verify(forgedToken, now: WireFixtures.now)
        }
        #expect(cache.count == 1)
    }

    @Test func theCacheKeepsAtMostItsCapacityAndEvictsTheOldest() throws {
        let cache = DeviceCertificateCache(capacity: 2)
        let verifier = DeviceTokenVerifier(deviceAuthority: WireFixtures.authority.keyring, certificateCache: cache)
        let devices = try (0..<3).map { _ in try WireFixtures.credentials() }
        for device in devices {
            _ = try verifier.verify(
                DeviceToken.make(claims: WireFixtures.claims(credentials: device), credentials: device),
                now: WireFixtures.now)
        }
        #expect(cache.count == 2)
        #expect(cache.entry(for: devices[0].certificate) == nil)
        #expect(cache.entry(for: devices[1].certificate) != nil)
        #expect(cache.entry(for: devices[2].certificate) != nil)
    }

    @Test func concurrentVerificationsShareOneCache() async throws {
        let cache = DeviceCertificateCache(capacity: 8)
        let verifier = DeviceTokenVerifier(deviceAuthority: WireFixtures.authority.keyring, certificateCache: cache)
        let devices = try (0..<4).map { _ in try WireFixtures.credentials() }
        let tokens = try (0..<64).map { index in
            let device = devices[index % devices.count]
            return try DeviceToken.make(claims: WireFixtures.claims(credentials: device), credentials: device)
        }
        let verified = await withTaskGroup(of: Bool.self) { group in
            for token in tokens {
                group.addTask { (try? verifier.verify(token, now: WireFixtures.now)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(verified == tokens.count)
        #expect(cache.count == devices.count)
        #expect(cache.statistics.hits + cache.statistics.misses == tokens.count)
    }
}
