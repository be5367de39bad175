import CaptureCore
import CaptureKitTesting
import Foundation

@testable import BlinkID

/// SDKs, licences and frames for the analyzer tests (real SDK, real bundled weights, real samples).
enum Fixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let licenceLifetime: TimeInterval = 86_400

    /// A development licence valid from an hour before ``now`` for ``licenceLifetime``.
    static func license() throws -> String {
        let claims = LicenseClaims(
            sub: "customer-1", jti: "lic-ux", aud: ["*"], prod: "blinkid", plat: ["linux", "ios", "android"],
            feat: ["mrz"], iat: now.addingTimeInterval(-3600), nbf: now.addingTimeInterval(-3600),
            exp: now.addingTimeInterval(licenceLifetime), maxSdk: "9.99.99")
        return try CompactJWS.sign(
            claims, typ: LicenseClaims.tokenType, kid: DevelopmentSigningKey.kid,
            key: TestKeys.developmentPrivateKey())
    }

    /// An SDK with bundled resources whose notion of "now" is read from `date` (moved by tests).
    static func sdk(date: Locked<Date> = Locked(now)) async throws -> BlinkIDSdk {
        try await BlinkIDSdk.create(
            settings: BlinkIDSdkSettings(
                licenseKey: try license(), downloadResources: false,
                allowsDevelopmentLicenses: true),
            now: { date.withLock { $0 } })
    }

    /// `samples/documents/<name>.jpg` as an upright portrait camera frame.
    static func frame(_ name: String) throws -> CameraFrame {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples/documents/\(name).jpg")
        return CameraFrame(buffer: MBSampleBufferWrapper(image: try ImageCodec.decode(contentsOf: url)))
    }

    /// A small frame without a document (processed in milliseconds).
    static let blankFrame = CameraFrame(buffer: MBSampleBufferWrapper(image: RGBAImage(width: 64, height: 48)))
}
