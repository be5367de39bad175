import CaptureCore
import CaptureKitTesting
import Crypto
import FaceEngine
import Foundation
import Testing

@testable import FBxSDK

/// `configure(_:)` against a real capkit-server on a loopback port.
@Suite(.timeLimit(.minutes(1))) struct FBxConfigureTests {
    static let frames = Array(ProceduralFrameCatalog.frames.prefix(2))

    static func configuration(_ key: String, sku: String? = nil, server: URL) -> FBxConfiguration {
        FBxConfiguration(apiKey: key, initialSku: sku, serverURL: server, bundleID: FBxServerFixture.bundleID)
    }

    @Test("a valid key configures, caches the signed answer and preloads the initial frame")
    func validKeyConfigures() async throws {
        let server = try FBxServerFixture()
        let data = try FBxFixtures.temporaryDirectory()
        let manager = FBxManager(dependencies: FBxFixtures.dependencies(dataDirectory: data, keyring: server.keyring))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            #expect(try await admin.publish(Self.frames) == 2)
            let events = manager.events
            try await manager.configure(Self.configuration(provisioned.apiKey, sku: Self.frames[1].sku, server: url))
            #expect(manager.state == .configured)
            #expect(manager.licence?.bundleId == FBxServerFixture.bundleID)
            #expect(
                await first(5, of: events) == [
                    .stateChanged(.unconfigured), .faceDetectionStateChanged(.uninitialized),
                    .stateChanged(.configuring), .stateChanged(.configured), .frameLoaded(Self.frames[1].sku),
                ])
            let cached = try FileManager.default
                .contentsOfDirectory(atPath: data.appendingPathComponent("licence").path)
            #expect(cached.count == 1)
            #expect(cached.allSatisfy { !$0.contains(provisioned.apiKey) })
        }
    }

    @Test("server refusals map to the guide's errors: unknown, revoked, unlicensed, forged answer")
    func refusalsMapToGuideErrors() async throws {
        let server = try FBxServerFixture()
        let data = try FBxFixtures.temporaryDirectory()
        let manager = FBxManager(dependencies: FBxFixtures.dependencies(dataDirectory: data, keyring: server.keyring))
        let untrusting = FBxManager(
            dependencies: FBxFixtures.dependencies(
                dataDirectory: try FBxFixtures.temporaryDirectory(), keyring: LicenseKeyring.development))
        try await server.run { url, admin in
            let unknown = FBxAPIKey.generate(mode: .live).rawValue
            await #expect(throws: FBxError.apiKeyNotFound) {
                try await manager.configure(Self.configuration(unknown, server: url))
            }
            #expect(manager.state == .configurationFailed)

            let other = try await admin.provision(customerName: "Other", bundleIDs: ["com.example.other"])
            await #expect(throws: FBxError.licenseForAPIKeyNotFound) {
                try await manager.configure(Self.configuration(other.apiKey, server: url))
            }

            let revoked = try await admin.provision(customerName: "Revoked", bundleIDs: [FBxServerFixture.bundleID])
            try await manager.configure(Self.configuration(revoked.apiKey, server: url))
            try await admin.revokeCustomer(id: revoked.customerID)
            await #expect(throws: FBxError.invalidAPIKey) {
                try await manager.configure(Self.configuration(revoked.apiKey, server: url))
            }
            // The refusal deleted the cached answer: offline, the revoked key gets no grace.
            await #expect(throws: FBxError.noInternetConnection) {
                try await manager.configure(
                    Self.configuration(revoked.apiKey, server: FBxFixtures.unreachableServer))
            }

            // An answer signed by a key the SDK does not trust is not accepted.
            let valid = try await admin.provision(customerName: "Valid", bundleIDs: [FBxServerFixture.bundleID])
            await #expect(throws: FBxError.configurationFailed) {
                try await untrusting.configure(Self.configuration(valid.apiKey, server: url))
            }
        }
    }

    @Test("an answer signed with the development key is refused without the opt-in and accepted with it")
    func developmentAnswersNeedTheOptIn() async throws {
        let server = try FBxServerFixture(signingWithDevelopmentKey: true)
        // The development key among the injected keys is not trusted without the opt-in either.
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(
                dataDirectory: try FBxFixtures.temporaryDirectory(), keyring: LicenseKeyring.development))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            var configuration = Self.configuration(provisioned.apiKey, server: url)
            #expect(configuration.allowsDevelopmentLicenses == false)
            await #expect(throws: FBxError.developmentLicenseNotAllowed) { try await manager.configure(configuration) }
            #expect(manager.state == .configurationFailed)
            #expect(
                FBxError.developmentLicenseNotAllowed.description
                    .contains("set allowsDevelopmentLicenses for development builds only"))

            configuration.allowsDevelopmentLicenses = true
            try await manager.configure(configuration)
            #expect(manager.state == .configured)
        }
    }

    @Test("the server's own key given in the configuration is trusted")
    func theConfigurationsKeysAreTrusted() async throws {
        let server = try FBxServerFixture()
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(dataDirectory: try FBxFixtures.temporaryDirectory()))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            let kid = try #require(server.keyring.keyIDs.first)
            let key = try #require(server.keyring.key(for: kid))
            let configuration = FBxConfiguration(
                apiKey: provisioned.apiKey, initialSku: nil, serverURL: url, bundleID: FBxServerFixture.bundleID,
                licensePublicKeys: [kid: key.rawRepresentation])
            try await manager.configure(configuration)
            #expect(manager.state == .configured)
        }
    }

    @Test("an unreachable server gives noInternetConnection without a cached answer")
    func unreachableServer() async throws {
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(dataDirectory: try FBxFixtures.temporaryDirectory()))
        let key = FBxAPIKey.generate(mode: .live).rawValue
        await #expect(throws: FBxError.noInternetConnection) {
            try await manager.configure(Self.configuration(key, server: FBxFixtures.unreachableServer))
        }
        #expect(manager.state == .configurationFailed)
    }

    @Test("offline, the cached answer configures until its signed grace end, then noInternetConnection")
    func offlineGrace() async throws {
        let server = try FBxServerFixture(cacheSeconds: 600, graceSeconds: 3600)
        // Starts at the real date: the server signs its answers with its own (wall) clock.
        let now = TestDateSource(Date())
        let data = try FBxFixtures.temporaryDirectory()
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(
                dataDirectory: data, keyring: server.keyring, now: now))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            try await manager.configure(Self.configuration(provisioned.apiKey, server: url))
            let graceUntil = try #require(manager.licence?.graceUntil)
            #expect(abs(graceUntil.timeIntervalSince(now.now) - 4200) < 60)

            let offline = Self.configuration(provisioned.apiKey, server: FBxFixtures.unreachableServer)
            now.advance(seconds: 4000)
            try await manager.configure(offline)
            #expect(manager.state == .configured)
            // Another application cannot use the cached answer.
            let otherApp = FBxConfiguration(
                apiKey: provisioned.apiKey, initialSku: nil,
                serverURL: FBxFixtures.unreachableServer, bundleID: "com.example.other")
            await #expect(throws: FBxError.noInternetConnection) { try await manager.configure(otherApp) }
            now.advance(seconds: 400)
            await #expect(throws: FBxError.noInternetConnection) { try await manager.configure(offline) }
            #expect(manager.state == .configurationFailed)
        }
    }

    @Test("an unknown initial SKU is reported on errors while configuration succeeds")
    func preloadFailureIsReportedNotThrown() async throws {
        let server = try FBxServerFixture()
        let manager = FBxManager(
            dependencies: FBxFixtures.dependencies(
                dataDirectory: try FBxFixtures.temporaryDirectory(), keyring: server.keyring))
        try await server.run { url, admin in
            let provisioned = try await admin.provision(customerName: "Optics", bundleIDs: [FBxServerFixture.bundleID])
            let errors = manager.errors
            try await manager.configure(Self.configuration(provisioned.apiKey, sku: "NO-SUCH-SKU", server: url))
            #expect(manager.state == .configured)
            #expect(await first(1, of: errors) == [.frameNotFound("NO-SUCH-SKU")])
        }
    }
}
