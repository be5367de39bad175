import CaptureCore
import CaptureKitTesting
import Crypto
import DocumentEngine
import Foundation
import Testing

@testable import BlinkID

/// Creating the SDK: the licence check and both resource modes, against the real bundled weights
/// and a real loopback resource server.
@Suite(.timeLimit(.minutes(1)))
struct BlinkIDSdkTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A licence signed with the committed development key (or `key`), valid around ``now``.
    static func license(
        product: String = "blinkid", features: [String] = ["mrz"], audience: [String] = ["*"],
        notBefore: Date = now.addingTimeInterval(-3600), expires: Date = now.addingTimeInterval(86_400),
        key: Curve25519.Signing.PrivateKey? = nil
    ) throws -> String {
        let claims = LicenseClaims(
            sub: "customer-1", jti: "lic-1", aud: audience, prod: product, plat: ["linux", "ios", "android"],
            feat: features, iat: notBefore, nbf: notBefore, exp: expires, maxSdk: "9.99.99")
        return try CompactJWS.sign(
            claims, typ: LicenseClaims.tokenType, kid: DevelopmentSigningKey.kid,
            key: key ?? TestKeys.developmentPrivateKey())
    }

    /// Settings for `key`, opted in to development licences (the tests sign with the development key).
    static func settings(
        _ key: String, download: Bool = false, allowsDevelopmentLicenses: Bool = true
    )
        -> BlinkIDSdkSettings
    {
        var settings = BlinkIDSdkSettings(
            licenseKey: key, downloadResources: download,
            allowsDevelopmentLicenses: allowsDevelopmentLicenses)
        settings.bundleIdentifier = "com.example.tests"
        return settings
    }

    /// The error `createBlinkIDSdk` throws for `settings`, or nil when it succeeds.
    static func creationError(_ settings: BlinkIDSdkSettings) async -> (any Error)? {
        do {
            _ = try await BlinkIDSdk.create(settings: settings, now: { now })
            return nil
        } catch {
            return error
        }
    }

    @Test func bundledResourcesGiveAWorkingSdkOffline() async throws {
        let sdk = try await BlinkIDSdk.create(settings: Self.settings(try Self.license()), now: { Self.now })
        #expect(sdk.settings.downloadResources == false)
    }

    @Test func aMalformedKeyIsReportedAsMalformed() async {
        let error = await Self.creationError(Self.settings("not-a-licence"))
        #expect(error as? LicenseError == .malformed)
    }

    @Test func aDevelopmentLicenceIsRefusedWithoutTheOptIn() async throws {
        let error = await Self.creationError(Self.settings(try Self.license(), allowsDevelopmentLicenses: false))
        #expect(error as? LicenseError == .developmentLicenseNotAllowed)
        #expect("\(error.map { "\($0)" } ?? "")".contains("set allowsDevelopmentLicenses for development builds only"))
        #expect(BlinkIDSdkSettings(licenseKey: "k").allowsDevelopmentLicenses == false)
    }

    @Test func aDevelopmentLicenceIsAcceptedWithTheOptIn() async throws {
        let sdk = try await BlinkIDSdk.create(
            settings: Self.settings(try Self.license(), allowsDevelopmentLicenses: true), now: { Self.now })
        #expect(sdk.settings.allowsDevelopmentLicenses)
    }

    @Test func theDevelopmentKeyCopiedIntoTheAppsKeysIsStillNotTrustedWithoutTheOptIn() async throws {
        var settings = Self.settings(try Self.license(), allowsDevelopmentLicenses: false)
        settings.licensePublicKeys = ["dev-2026": Data(LicenseKeyring.developmentPublicKey)]
        #expect(await Self.creationError(settings) as? LicenseError == .developmentLicenseNotAllowed)
    }

    @Test func aLicenceSignedWithTheAppsOwnKeyNeedsNoOptIn() async throws {
        let own = Curve25519.Signing.PrivateKey()
        let claims = LicenseClaims(
            sub: "customer-1", jti: "lic-2", aud: ["*"], prod: "blinkid", plat: ["linux", "ios", "android"],
            feat: ["mrz"], iat: Self.now, nbf: Self.now, exp: Self.now.addingTimeInterval(3600), maxSdk: "9.99.99")
        var settings = Self.settings(
            try CompactJWS.sign(claims, typ: LicenseClaims.tokenType, kid: "prod-2027", key: own),
            allowsDevelopmentLicenses: false)
        settings.licensePublicKeys = ["prod-2027": own.publicKey.rawRepresentation]
        #expect(await Self.creationError(settings) == nil)
    }

    @Test func aKeySignedByAnotherKeyIsForged() async throws {
        let stranger = Curve25519.Signing.PrivateKey()
        let error = await Self.creationError(Self.settings(try Self.license(key: stranger)))
        #expect(error as? LicenseError == .forged)
    }

    @Test func aTamperedPayloadIsForged() async throws {
        var parts = try Self.license().split(separator: ".").map(String.init)
        let other = try Self.license(features: ["mrz", "barcode"]).split(separator: ".").map(String.init)
        parts[1] = other[1]
        let error = await Self.creationError(Self.settings(parts.joined(separator: ".")))
        #expect(error as? LicenseError == .forged)
    }

    @Test func anExpiredKeyIsExpired() async throws {
        let key = try Self.license(
            notBefore: Self.now.addingTimeInterval(-86_400), expires: Self.now.addingTimeInterval(-3600))
        let error = await Self.creationError(Self.settings(key))
        guard case .expired = error as? LicenseError else {
            Issue.record("expected .expired, got \(String(describing: error))")
            return
        }
    }

    @Test func aKeyForAnotherProductIsRefused() async throws {
        let error = await Self.creationError(Self.settings(try Self.license(product: "fbx")))
        #expect(error as? LicenseError == .wrongProduct)
    }

    @Test func aKeyForAnotherApplicationIsRefused() async throws {
        let error = await Self.creationError(Self.settings(try Self.license(audience: ["com.other.app"])))
        #expect(error as? LicenseError == .wrongApplication)
    }

    @Test func aKeyWithoutTheMRZFeatureIsRefused() async throws {
        let error = await Self.creationError(Self.settings(try Self.license(features: ["barcode"])))
        #expect(error as? LicenseError == .featureNotLicensed("mrz"))
    }

    @Test func aMissingBundleFolderIsFileNotFoundOrUnavailable() async throws {
        var settings = Self.settings(try Self.license())
        settings.bundleURL = URL(fileURLWithPath: "/nonexistent/capturekit-bundle")
        let error = await Self.creationError(settings) as? ResourceDownloaderError
        #expect(error != nil)
        #expect(error?.kind != .resourceUnavailable)
    }

    // MARK: Download mode

    /// The bundled weights, as a vendor would publish them.
    static func bundledWeights() throws -> Data {
        let folder = try #require(DocumentEngineInfo.bundledResourcesFolder)
        return try Data(contentsOf: folder.appendingPathComponent("mrz-ocrb.bin"))
    }

    @Test func downloadModeFetchesVerifiesAndCachesTheWeights() async throws {
        let server = try LoopbackResourceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let weights = try Self.bundledWeights()
        let manifest = try server.publish(
            [DocumentEngineInfo.recogniserResourceName: weights], version: 2,
            issuedAt: Self.now, expiresAt: Self.now.addingTimeInterval(86_400))
        var settings = Self.settings(try Self.license(), download: true)
        settings.resourceDownloadURL = server.baseURL
        settings.resourceLocalFolder = folder.child("MLModels")

        _ = try await BlinkIDSdk.create(settings: settings, now: { Self.now })
        let entry = try #require(manifest.entry(named: DocumentEngineInfo.recogniserResourceName))
        let path = LoopbackResourceServer.blobPath(entry.sha256)
        #expect(server.http.requestCount(for: path) == 1)

        // A second SDK uses the cache: the blob is not fetched again.
        _ = try await BlinkIDSdk.create(settings: settings, now: { Self.now })
        #expect(server.http.requestCount(for: path) == 1)
    }

    @Test func downloadedBytesThatAreNotARecogniserAreResourceUnavailable() async throws {
        let server = try LoopbackResourceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        try server.publish(
            [DocumentEngineInfo.recogniserResourceName: Data("not weights".utf8)], version: 2,
            issuedAt: Self.now, expiresAt: Self.now.addingTimeInterval(86_400))
        var settings = Self.settings(try Self.license(), download: true)
        settings.resourceDownloadURL = server.baseURL
        settings.resourceLocalFolder = folder.child("MLModels")
        let error = await Self.creationError(settings) as? ResourceDownloaderError
        #expect(error?.kind == .resourceUnavailable)
    }

    @Test func anUnreachableServerIsNoInternetConnection() async throws {
        let folder = try TemporaryFolder()
        // A port that was just free: nothing listens there.
        let server = try LoopbackResourceServer.start()
        let url = server.baseURL
        server.stop()
        var settings = Self.settings(try Self.license(), download: true)
        settings.resourceDownloadURL = url
        settings.resourceLocalFolder = folder.child("MLModels")
        let error = await Self.creationError(settings) as? ResourceDownloaderError
        #expect(error?.kind == .noInternetConnection)
    }
}
