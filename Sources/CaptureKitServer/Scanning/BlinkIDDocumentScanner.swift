package import BlinkID
package import CaptureCore
import Crypto
package import DocumentScanReport
package import Foundation

/// The server's document scanner: one ``BlinkIDSdk`` with the bundled MRZ recogniser, created on
/// first use under a licence the server signs for itself with its current signing key (product
/// `blinkid`, any application, from a day before to ten years after its creation), which the SDK is told to trust. Customers are authorised
/// separately, by their API key and their own licence.
package final class BlinkIDDocumentScanner: DocumentScanning {
    private let signingKeys: SigningKeys
    private let now: @Sendable () -> Date
    /// The SDK being created or created; a failed creation is forgotten so a later request retries.
    private let sdk = Locked<Task<BlinkIDSdk, any Error>?>(nil)

    package init(signingKeys: SigningKeys, now: @escaping @Sendable () -> Date) {
        self.signingKeys = signingKeys
        self.now = now
    }

    package func scan(
        _ images: [RGBAImage], input: String, mode: ScanningMode, includeImages: Bool
    ) async throws
        -> ScanReport
    {
        let sdk = try await loadedSDK()
        return await PhotoScan.scan(images, input: input, sdk: sdk, mode: mode, includeImages: includeImages)
    }

    /// Creates the SDK once (concurrent first requests share the creation).
    private func loadedSDK() async throws -> BlinkIDSdk {
        let task = sdk.withLock { current -> Task<BlinkIDSdk, any Error> in
            if let current { return current }
            let settings = Self.settings(signingKeys: signingKeys, now: now())
            let created = Task { try await BlinkIDSdk.createBlinkIDSdk(withSettings: settings) }
            current = created
            return created
        }
        do {
            return try await task.value
        } catch {
            sdk.withLock { current in if current == task { current = nil } }
            throw APIError.engineUnavailable
        }
    }

    /// SDK settings holding a licence signed now by the server's current key.
    static func settings(signingKeys: SigningKeys, now: Date) -> BlinkIDSdkSettings {
        let key = signingKeys.current
        let claims = LicenseClaims(
            sub: "capkit-server", jti: RandomID.make(prefix: "lic"), aud: ["*"], prod: "blinkid",
            plat: ["linux", "macos", "ios", "android"], feat: ["mrz", "barcode"], iat: now,
            nbf: now.addingTimeInterval(-86_400),
            exp: now.addingTimeInterval(3650 * 86_400), maxSdk: "999.999.999"
        )
        let token = (try? signingKeys.sign(claims, typ: LicenseClaims.tokenType).token) ?? ""
        let isDevelopmentKey = key.isDevelopmentKey
        var settings = BlinkIDSdkSettings(
            licenseKey: token, downloadResources: false, allowsDevelopmentLicenses: isDevelopmentKey)
        if !isDevelopmentKey { settings.licensePublicKeys = [key.kid: key.publicKey.rawRepresentation] }
        return settings
    }
}
