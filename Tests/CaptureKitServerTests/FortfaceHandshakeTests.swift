import CaptureCore
import CaptureKitTesting
import Crypto
import FortfaceWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import _CryptoExtras

@testable import CaptureKitServer

@Suite(.timeLimit(.minutes(1)))
struct FortfaceHandshakeTests {
    @Test func aHandshakeOpensASessionWithASingleUseKeySealedAtRest() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let session = try await fortface.session(now: fixture.clock.now)
            #expect(session.sessionId.utf8.count == 22)
            #expect(try SessionPublicKey(pem: session.sessionKey).keySizeInBits == 2048)
            #expect(session.expiresAt == Int64(fixture.clock.now.timeIntervalSince1970) + 900)

            let stored = try #require(try await fixture.session(session.sessionId))
            #expect(stored.state == .open)
            #expect(stored.customerID == fortface.customerID)
            let sealed = try #require(stored.sealedPrivateKey)
            let kek = fixture.environment.fortface.kek
            let der = try kek.open(sealed, context: session.sessionId)
            let privateKey = try _RSA.Encryption.PrivateKey(derRepresentation: der)
            #expect(privateKey.publicKey.pemRepresentation == session.sessionKey)
            // The key is sealed (not plaintext) and bound to its row: another session id does not open it.
            #expect(sealed.range(of: der.prefix(64)) == nil)
            #expect(throws: (any Error).self) { try kek.open(sealed, context: "another-session") }
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 1)
            #expect(!fixture.loggedText.contains(fortface.apiKey))
        }
    }

    @Test func aReplayedDeviceTokenIsRefusedAndChangesNothing() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let depth = await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let token = try fortface.token(now: fixture.clock.now)
            #expect(try await fortface.handshake(token).status == .created)
            let replay = try await fortface.handshake(token)
            #expect(replay.status == .unauthorized)
            #expect(try fortface.errorCode(replay) == "deviceRequestInfoRefused")
            #expect(fixture.loggedText.contains("deviceToken.replayed"))
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 1)
            // The refused handshake claimed no key (its transaction rolled back): one key was handed out.
            #expect(try await fixture.environment.fortface.keyPool.depth() == depth - 1)
        }
    }

    @Test func theSameDeviceTokenInConcurrentHandshakesSucceedsExactlyOnce() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let token = try fortface.token(now: fixture.clock.now)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<4 { group.addTask { try await fortface.handshake(token).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(statuses.filter { $0 == .unauthorized }.count == 3)
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 1)
        }
    }

    @Test func concurrentHandshakesNeverShareAKey() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let depth = await fixture.fillKeyPool()
            #expect(depth == PregeneratedSessionKeys.count)
            let fortface = try await FortfaceClient.make(client)
            let now = fixture.clock.now
            let keys = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<depth { group.addTask { try await fortface.session(now: now).sessionKey } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(keys.count == depth)
            #expect(Set(keys).count == depth)
            // Pool empty: back-pressure, and the device token is not consumed.
            let token = try fortface.token(now: now)
            let exhausted = try await fortface.handshake(token)
            #expect(exhausted.status == .serviceUnavailable)
            #expect(exhausted.headers[.retryAfter] == "1")
            #expect(try fortface.errorCode(exhausted) == "sessionKeysExhausted")
            #expect(try await fixture.environment.store.fortfaceJtiCount() == depth)
        }
    }

    @Test func aLaterHandshakeShredsExpiredSessionsAndForgetsExpiredJtis() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let first = try await fortface.session(now: fixture.clock.now)
            let second = try await fortface.session(now: fixture.clock.now)
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 2)
            // Both sessions expire (900 s) and their jtis too (token exp + 120 s); nobody touches them.
            fixture.clock.advance(seconds: 901)
            let third = try await fortface.session(now: fixture.clock.now)
            for expired in [first, second] {
                let stored = try #require(try await fixture.session(expired.sessionId))
                #expect(stored.state == .expired)
                #expect(stored.sealedPrivateKey == nil)
            }
            #expect(try await fixture.session(third.sessionId)?.state == .open)
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 1)
        }
    }

    @Test func expiredOrFutureTokensAreRefusedOnTheInjectedClock() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let old = try fortface.token(now: fixture.clock.now.addingTimeInterval(-421))
            let future = try fortface.token(now: fixture.clock.now.addingTimeInterval(121))
            for (token, reason) in [(old, "expired"), (future, "notYetValid")] {
                let response = try await fortface.handshake(token)
                #expect(response.status == .unauthorized)
                #expect(fixture.loggedText.contains("deviceToken.\(reason)"))
            }
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 0)
        }
    }

    @Test func forgedTamperedOrDowngradedTokensAreRefusedWithOneError() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            let now = fixture.clock.now
            let token = try fortface.token(now: now)
            let parts = token.split(separator: ".").map(String.init)
            var claims = fortface.claims(now: now)
            claims.dbg = true
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let tampered = parts[0] + "." + Base64URL.encode(try encoder.encode(claims)) + "." + parts[2]
            let noneHeader = Base64URL.encode(Array(#"{"alg":"none","kid":"x","typ":"fortface-dri+jwt"}"#.utf8))
            let algNone = noneHeader + "." + parts[1] + "." + parts[2]
            // A device certified by another CA.
            let rogueCA = DeviceCertificateAuthority(
                kid: fixture.environment.fortface.deviceAuthority.kid, privateKey: .init())
            let rogueKey = P256.Signing.PrivateKey()
            let rogueCert = try DeviceCertificate.issue(
                devicePublicKey: rogueKey.publicKey, app: FortfaceClient.appID, issuedAt: now, validity: 3600,
                authority: rogueCA
            )
            let rogue = DeviceCredentials(signingKey: rogueKey, certificate: rogueCert)
            var rogueClaims = fortface.claims(now: now)
            rogueClaims.att = DeviceAttestation(certificate: rogueCert)
            let rogueToken = try DeviceToken.make(claims: rogueClaims, credentials: rogue)
            let cases: [(String, String)] = [
                (tampered, "badSignature"), (algNone, "unsupportedAlgorithm"), (rogueToken, "untrustedCertificate"),
                ("", "malformed"), (token + "=", "malformed"), (parts[0] + "." + parts[1], "malformed"),
                (String(repeating: "A", count: 20_000), "tooLarge"),
            ]
            var bodies: Set<String> = []
            for (candidate, reason) in cases {
                let response = try await fortface.handshake(candidate)
                #expect(response.status == .unauthorized, "\(reason)")
                bodies.insert(String(buffer: response.body))
                #expect(fixture.loggedText.contains("deviceToken.\(reason)"), "\(reason)")
            }
            #expect(bodies.count == 1)
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 0)
            // Logs carry the reason, never the token, its signature or the certificate.
            #expect(!fixture.loggedText.contains(parts[1]))
            #expect(!fixture.loggedText.contains(parts[2]))
            #expect(!fixture.loggedText.contains(fortface.credentials.certificate))
        }
    }

    @Test func tenantPolicyRefusesUnregisteredAppsOtherTenantsAndWrongEnvironments() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let sandbox = try await FortfaceClient.make(client)
            let production = try await FortfaceClient.make(client, environment: "production")
            let other = try await FortfaceClient.make(client, appID: "com.other.app")
            let now = fixture.clock.now
            // Another tenant's key with this tenant's device token (the app is not registered there).
            let crossTenant = try await sandbox.handshake(try sandbox.token(now: now), apiKey: other.apiKey)
            #expect(crossTenant.status == .unauthorized)
            #expect(fixture.loggedText.contains("deviceToken.appNotRegistered"))
            // Wrong or missing secret.
            let wrongKey = try await sandbox.handshake(try sandbox.token(now: now), apiKey: "fbx_live_nope")
            #expect(wrongKey.status == .unauthorized)
            #expect(try sandbox.errorCode(wrongKey) == "invalidAPIKey")
            // Environment and debug flag.
            #expect(
                try await production.handshake(try production.token(now: now, dbg: true, env: "production")).status
                    == .unauthorized)
            #expect(fixture.loggedText.contains("deviceToken.debugInProduction"))
            #expect(try await production.handshake(try production.token(now: now)).status == .unauthorized)
            #expect(try await sandbox.handshake(try sandbox.token(now: now, env: "production")).status == .unauthorized)
            #expect(fixture.loggedText.contains("deviceToken.environmentMismatch"))
            // Risk policy: production refuses a device whose integrity signals are raised.
            let hooked = IntegritySignals(preloadInjection: true)
            #expect(
                try await production.handshake(try production.token(now: now, env: "production", signals: hooked))
                    .status == .unauthorized)
            #expect(fixture.loggedText.contains("deviceToken.unsuitableDevice"))
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 0)
            // The policy allows a production token without the debug flag, and debug in sandbox.
            #expect(
                try await production.handshake(try production.token(now: now, env: "production")).status
                    == .created)
            #expect(try await sandbox.handshake(try sandbox.token(now: now, dbg: true)).status == .created)
            #expect(
                try await sandbox.handshake(
                    try sandbox.token(now: now, dbg: true, signals: IntegritySignals(debuggerAttached: true))
                ).status == .created)
        }
    }

    @Test func malformedBodiesGetClientErrors() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let fortface = try await FortfaceClient.make(client)
            let token = try fortface.token(now: fixture.clock.now)
            let bodies: [(String, HTTPResponse.Status)] = [
                (#"{"deviceRequestInfo":5}"#, .badRequest),
                (#"{"deviceRequestInfo":"\#(token)","alg":"none"}"#, .badRequest),
                (#"{"deviceRequestInfo":["#, .badRequest),
                ("{\"deviceRequestInfo\":\"" + String(repeating: "A", count: 1_048_576) + "\"}", .contentTooLarge),
            ]
            for (body, status) in bodies {
                #expect(try await fortface.post("/v1/handshake", body: Data(body.utf8)).status == status)
            }
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 0)
        }
    }

    @Test func aFloodOfHandshakesFromOneCustomerIsRateLimited() async throws {
        let fixture = try ServerFixture.fortface { $0.keyRequestsPerMinute = 3 }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let fortface = try await FortfaceClient.make(client)
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<4 {
                statuses.append(try await fortface.handshake(try fortface.token(now: fixture.clock.now)).status)
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests])
            #expect(try await fixture.environment.store.fortfaceJtiCount() == 3)
        }
    }

    @Test func aFreshServerCreatesTheDevelopmentCustomerFile() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let path = fixture.environment.configuration.developmentCustomerPath
            let data = try #require(FileManager.default.contents(atPath: path))
            let file = try JSONDecoder().decode(DevelopmentCustomer.File.self, from: data)
            #expect(file.environment == "sandbox")
            #expect(file.appId == DevelopmentCustomer.appID)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            // Its credentials work for a handshake.
            await fixture.fillKeyPool()
            let api = APIClient(client: client)
            let key = P256.Signing.PrivateKey()
            let device = try api.decode(
                FortfaceController.DeviceResponse.self,
                try await api.send(
                    .post, "/v1/admin/devices",
                    json: ["publicKey": key.publicKey.pemRepresentation, "app": file.appId],
                    admin: true
                )
            )
            let credentials = DeviceCredentials(signingKey: key, certificate: device.certificate)
            let claims = DeviceTokenClaims.fresh(
                now: fixture.clock.now, app: file.appId, sdk: "1.9.0", plat: "linux-sim", os: "Linux", model: "x",
                dbg: true, env: file.environment, sig: IntegritySignals(),
                att: DeviceAttestation(certificate: credentials.certificate)
            )
            let response = try await client.execute(
                uri: "/v1/handshake", method: .post,
                headers: [.authorization: "Bearer \(file.apiKey)", .contentType: "application/json"],
                body: ByteBuffer(
                    bytes: try JSONEncoder().encode(
                        HandshakeRequest(
                            deviceRequestInfo: try DeviceToken.make(claims: claims, credentials: credentials))))
            )
            #expect(response.status == .created)
            #expect(!fixture.loggedText.contains(file.apiKey))
        }
    }

    @Test func deviceProvisioningNeedsTheAdminToken() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let body = ["publicKey": P256.Signing.PrivateKey().publicKey.pemRepresentation, "app": "com.example.bank"]
            #expect(try await api.send(.post, "/v1/admin/devices", json: body).status == .unauthorized)
            let garbage = try await api.send(
                .post, "/v1/admin/devices", json: ["publicKey": "nope", "app": "x"], admin: true
            )
            #expect(garbage.status == .badRequest)
        }
    }
}
