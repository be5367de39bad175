import CaptureCore
import CaptureKitTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import SQLKit
import Testing

@testable import CaptureKitServer

@Suite("Licence routes", .timeLimit(.minutes(1)))
struct LicenseRouteTests {
    @Test("a valid API key gets a signed answer that echoes the nonce and carries its cache window")
    func validKeyGetsSignedAnswer() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()

            let response = try await api.validate(apiKey: provisioned.apiKey, nonce: "client-nonce-42")
            #expect(response.status == .ok)
            let token = try api.decode(LicenseService.ValidationResponse.self, response).token
            let jws = try await api.keyring().verify(token, expectedType: LicenseValidationClaims.tokenType)
            let claims = try jws.decodePayload(as: LicenseValidationClaims.self)
            #expect(claims.status == .active)
            #expect(claims.nonce == "client-nonce-42")
            #expect(claims.bundleId == "com.example.app")
            #expect(claims.keyId == provisioned.keyID)
            #expect(claims.features == ["pd", "tryon"])
            #expect(claims.iat == fixture.clock.now.wholeSeconds)
            #expect(claims.cacheUntil == claims.iat.addingTimeInterval(86400))
            #expect(claims.graceUntil == claims.iat.addingTimeInterval(8 * 86400))
            #expect(jws.header.kid == "test-2026")
        }
    }

    @Test("malformed keys, typos, revoked and suspended keys all answer invalidAPIKey")
    func invalidKeysMapToInvalidAPIKey() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            var typo = Array(provisioned.apiKey)
            typo[20] = typo[20] == "A" ? "B" : "A"

            for bad in [nil, "", "   ", "fbx_live_short", String(typo), "sk_live_" + provisioned.apiKey.dropFirst(8)] {
                let response = try await api.validate(apiKey: bad)
                #expect(response.status == .unauthorized)
                #expect(try api.errorCode(response) == "invalidAPIKey")
            }

            try await api.send(
                .put, "/v1/admin/api-keys/\(provisioned.keyID)/status", json: ["status": "suspended"], admin: true)
            #expect(try api.errorCode(try await api.validate(apiKey: provisioned.apiKey)) == "invalidAPIKey")
            try await api.send(
                .put, "/v1/admin/api-keys/\(provisioned.keyID)/status", json: ["status": "active"], admin: true)
            #expect(try await api.validate(apiKey: provisioned.apiKey).status == .ok)
            try await api.send(
                .put, "/v1/admin/api-keys/\(provisioned.keyID)/status", json: ["status": "revoked"], admin: true)
            #expect(try api.errorCode(try await api.validate(apiKey: provisioned.apiKey)) == "invalidAPIKey")

            let stored = try await api.send(.get, "/v1/admin/api-keys/\(provisioned.keyID)", admin: true)
            let record = try api.decode(CustomerController.KeyResponse.self, stored)
            #expect(record.status == .revoked)
            #expect(record.apiKey == nil, "a stored key is never shown again")
            #expect(!String(buffer: stored.body).contains(provisioned.apiKey))
            #expect(
                try api.errorCode(try await api.send(.get, "/v1/admin/api-keys/key_missing", admin: true))
                    == "apiKeyIdNotFound")

            let reactivate = try await api.send(
                .put, "/v1/admin/api-keys/\(provisioned.keyID)/status", json: ["status": "active"], admin: true
            )
            #expect(reactivate.status == .conflict)
            #expect(try api.errorCode(reactivate) == "alreadyRevoked")
        }
    }

    @Test("a revoked customer's keys answer invalidAPIKey")
    func revokedCustomerKeysAreInvalid() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            let revoked = try await api.send(.post, "/v1/admin/customers/\(provisioned.customerID)/revoke", admin: true)
            #expect(try api.decode(CustomerController.CustomerResponse.self, revoked).status == .revoked)
            #expect(try api.errorCode(try await api.validate(apiKey: provisioned.apiKey)) == "invalidAPIKey")

            let newKey = try await api.send(
                .post, "/v1/admin/customers/\(provisioned.customerID)/api-keys", json: ["mode": "live"], admin: true
            )
            #expect(newKey.status == .conflict)
            #expect(try api.errorCode(newKey) == "customerRevoked")
        }
    }

    @Test("a well-formed unknown key answers apiKeyNotFound")
    func unknownKeyIsNotFound() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let response = try await api.validate(apiKey: FBxAPIKey.generate(mode: .live).rawValue)
            #expect(response.status == .notFound)
            #expect(try api.errorCode(response) == "apiKeyNotFound")
        }
    }

    @Test("a known key without an active licence for the bundle answers licenseForAPIKeyNotFound")
    func missingLicenseIsReported() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision(bundleId: "com.example.app")

            let otherBundle = try await api.validate(apiKey: provisioned.apiKey, bundleId: "com.other.app")
            #expect(otherBundle.status == .forbidden)
            #expect(try api.errorCode(otherBundle) == "licenseForAPIKeyNotFound")

            // A blinkid licence does not make an fbx key valid.
            try await api.send(
                .post, "/v1/admin/customers/\(provisioned.customerID)/licenses",
                json: LicenseService.IssueRequest(product: "blinkid", bundleIds: ["com.other.app"]), admin: true
            )
            #expect(
                try api.errorCode(try await api.validate(apiKey: provisioned.apiKey, bundleId: "com.other.app"))
                    == "licenseForAPIKeyNotFound")

            // The 30-day fbx licence expires.
            fixture.clock.advance(seconds: 31 * 86400)
            #expect(try api.errorCode(try await api.validate(apiKey: provisioned.apiKey)) == "licenseForAPIKeyNotFound")
        }
    }

    @Test("a revoked licence stops validating, and a cache window never outlives the licence")
    func revokedLicenseStopsValidating() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            fixture.clock.advance(seconds: 30 * 86400 - 3600)  // one hour before expiry
            let late = try await api.validate(apiKey: provisioned.apiKey)
            let token = try api.decode(LicenseService.ValidationResponse.self, late).token
            let claims = try CompactJWS.parse(token).decodePayload(as: LicenseValidationClaims.self)
            #expect(claims.cacheUntil == Date(timeIntervalSince1970: TimeInterval(provisioned.license.expiresAt)))
            #expect(claims.graceUntil == claims.cacheUntil)

            let revoked = try await api.send(.post, "/v1/admin/licenses/\(provisioned.license.id)/revoke", admin: true)
            #expect(try api.decode(LicenseController.LicenseResponse.self, revoked).status == .revoked)
            #expect(try api.errorCode(try await api.validate(apiKey: provisioned.apiKey)) == "licenseForAPIKeyNotFound")
        }
    }

    @Test("test keys are refused when the server refuses test keys")
    func testKeysRefusedInProduction() async throws {
        let fixture = try ServerFixture { $0.rejectTestKeys = true }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision(mode: "test")
            #expect(provisioned.apiKey.hasPrefix("fbx_test_"))
            #expect(try api.errorCode(try await api.validate(apiKey: provisioned.apiKey)) == "invalidAPIKey")
        }
    }

    @Test("a request without a usable nonce or bundle id is a 400 badRequest")
    func missingFieldsAreBadRequests() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let key = FBxAPIKey.generate(mode: .live).rawValue
            for (bundleId, nonce) in [
                ("com.example.app", "short"), ("", "nonce-0001"), ("com.example.app", "bad nonce!"),
            ] {
                let response = try await api.validate(apiKey: key, bundleId: bundleId, nonce: nonce)
                #expect(response.status == .badRequest)
                #expect(try api.errorCode(response) == "badRequest")
            }
        }
    }

    @Test("validation over its per-key rate answers 429 with Retry-After, and recovers as time passes")
    func perKeyRateLimit() async throws {
        let fixture = try ServerFixture { $0.keyRequestsPerMinute = 2 }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            #expect(try await api.validate(apiKey: provisioned.apiKey).status == .ok)
            #expect(try await api.validate(apiKey: provisioned.apiKey).status == .ok)
            let limited = try await api.validate(apiKey: provisioned.apiKey)
            #expect(limited.status == .tooManyRequests)
            #expect(try api.errorCode(limited) == "rateLimited")
            #expect(limited.headers[.retryAfter] == "30")

            // Another key is not affected.
            let other = try await api.provision()
            #expect(try await api.validate(apiKey: other.apiKey).status == .ok)

            fixture.clock.advance(seconds: 30)
            #expect(try await api.validate(apiKey: provisioned.apiKey).status == .ok)
        }
    }

    @Test("a validation body over 4 KiB is refused with 413 before it is parsed")
    func validationBodyCap() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let response = try await api.validate(apiKey: String(repeating: "a", count: 5000))
            #expect(response.status == .contentTooLarge)
            #expect(try api.errorCode(response) == "payloadTooLarge")
        }
    }

    @Test("licences are signed by the newest key, and older keys stay published")
    func rotationSignsWithNewestKey() async throws {
        let fixture = try ServerFixture(keyIDs: ["old-2025", "new-2026"])
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let keys = try api.decode(PublicKeySet.self, try await api.send(.get, "/v1/keys"))
            #expect(keys.signingKeyId == "new-2026")
            #expect(keys.keys.map(\.kid) == ["old-2025", "new-2026"])

            let provisioned = try await api.provision()
            #expect(provisioned.license.keyId == "new-2026")
            let jws = try await api.keyring().verify(
                try #require(provisioned.license.token), expectedType: LicenseClaims.tokenType)
            let claims = try jws.decodePayload(as: LicenseClaims.self)
            #expect(claims.jti == provisioned.license.id)
            #expect(claims.aud == ["com.example.app"])
            #expect(claims.prod == "fbx")

            // A token of the older key still verifies against the published keys.
            let oldKey = fixture.environment.signingKeys.all[0]
            let oldToken = try CompactJWS.sign(
                claims, typ: LicenseClaims.tokenType, kid: oldKey.kid, key: oldKey.privateKey)
            #expect(throws: Never.self) {
                try keys.keyringForTest().verify(oldToken, expectedType: LicenseClaims.tokenType)
            }
        }
    }

    @Test("issuing a licence checks its fields and its customer")
    func issuanceValidatesInput() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            let path = "/v1/admin/customers/\(provisioned.customerID)/licenses"
            let bad = [
                LicenseService.IssueRequest(product: "photoshop", bundleIds: ["a"]),
                LicenseService.IssueRequest(product: "fbx", bundleIds: []),
                LicenseService.IssueRequest(product: "fbx", bundleIds: ["a"], platforms: ["windows"]),
                LicenseService.IssueRequest(product: "fbx", bundleIds: ["a"], validDays: 0),
            ]
            for request in bad {
                let response = try await api.send(.post, path, json: request, admin: true)
                #expect(response.status == .badRequest)
            }
            let unknown = try await api.send(
                .post, "/v1/admin/customers/cus_00000000000000000000000000000000/licenses",
                json: LicenseService.IssueRequest(product: "fbx", bundleIds: ["a"]), admin: true
            )
            #expect(try api.errorCode(unknown) == "customerNotFound")

            // The licence key is shown once; afterwards only its SHA-256.
            let key = try #require(provisioned.license.token)
            #expect(provisioned.license.tokenSha256 == FBxAPIKey.sha256Hex(of: key))
            let fetched = try await api.send(.get, "/v1/admin/licenses/\(provisioned.license.id)", admin: true)
            var withoutKey = provisioned.license
            withoutKey.token = nil
            #expect(try api.decode(LicenseController.LicenseResponse.self, fetched) == withoutKey)
            #expect(!String(buffer: fetched.body).contains(key))
            #expect(
                try await fixture.environment.store.license(id: provisioned.license.id)?.tokenSHA256
                    == FBxAPIKey.sha256Hex(of: key))
            #expect(
                try api.errorCode(try await api.send(.get, "/v1/admin/licenses/lic_x", admin: true))
                    == "licenseNotFound")
        }
    }
}

@Suite("Licence keys stored as SHA-256", .timeLimit(.minutes(1)))
struct LicenseKeyMigrationTests {
    @Test("migration 3 hashes the keys of a database written before it, drops them, and validation still works")
    func oldDatabaseKeepsValidating() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let configuration = fixture.environment.configuration
        let apiKey = FBxAPIKey.generate(mode: .live)
        let oldKey = "eyJhbGciOiJFZERTQSJ9.eyJqdGkiOiJsaWNfb2xkIn0.c2lnbmF0dXJl"
        let now = Int64(fixture.clock.now.timeIntervalSince1970)

        // A database as schema version 2 left it, with a licence key in clear.
        try FilePermissions.secureDirectory(atPath: configuration.dataDirectory)
        let driver = SQLiteDriver(path: configuration.sqlitePath, logger: Logger(label: "migration-test"))
        try await driver.start()
        #expect(try await SchemaMigrations.apply(using: driver, at: now, upTo: 2) == [1, 2])
        try await driver.transaction { database in
            try await database.raw(
                "INSERT INTO customers (id, name, status, created_at) VALUES ('cus_old', 'Old Optics', 'active', 1)"
            ).run()
            try await database.raw(
                """
                INSERT INTO api_keys (id, customer_id, key_hash, mode, status, created_at)
                VALUES ('key_old', 'cus_old', \(bind: apiKey.sha256Hex), 'live', 'active', 1)
                """
            ).run()
            try await database.raw(
                """
                INSERT INTO licenses (id, customer_id, product, bundle_ids, platforms, features, issued_at,
                not_before, expires_at, max_sdk, status, signing_key_id, token) VALUES ('lic_old', 'cus_old', 'fbx',
                '["com.example.app"]', '["ios"]', '["tryon"]', 1, 1, \(bind: now + 86400), '9.9.9', 'active',
                'test-2026', \(bind: oldKey))
                """
            ).run()
        }
        try await driver.shutdown()

        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let validation = try await api.validate(apiKey: apiKey.rawValue)
            #expect(validation.status == .ok)
            let fetched = try api.decode(
                LicenseController.LicenseResponse.self,
                try await api.send(.get, "/v1/admin/licenses/lic_old", admin: true))
            #expect(fetched.tokenSha256 == FBxAPIKey.sha256Hex(of: oldKey))
            #expect(fetched.token == nil)
        }
        let reopened = SQLiteDriver(path: configuration.sqlitePath, logger: Logger(label: "migration-test"))
        try await reopened.start()
        let columns = try await reopened.read { database in
            try await database.raw("SELECT name FROM pragma_table_info('licenses')").all()
                .map { try $0.decode(column: "name", as: String.self) }
        }
        try await reopened.shutdown()
        #expect(columns.contains("token_sha256"))
        #expect(!columns.contains("token"))
    }
}

extension PublicKeySet {
    /// The keys as a keyring.
    func keyringForTest() throws -> JWSKeyring {
        var keyring = JWSKeyring()
        for key in keys {
            try keyring.add(kid: key.kid, rawPublicKey: Base64URL.decode(key.x) ?? [])
        }
        return keyring
    }
}
