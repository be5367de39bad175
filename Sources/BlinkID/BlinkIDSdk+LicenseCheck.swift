package import CaptureCore
import Foundation

extension BlinkIDSdk {
    /// Verifies the licence key again at the SDK's current time, as ``createBlinkIDSdk(withSettings:)``
    /// did at creation: a long-lived app can outlive its licence, so a new scan checks it first.
    ///
    /// - Throws: ``LicenseError`` when the licence has expired or no longer covers MRZ scanning.
    package func verifyLicense() throws(LicenseError) {
        try Self.verifyLicense(of: settings, at: now())
    }

    /// Verifies `settings.licenseKey` offline at `date`: a BlinkID licence for this platform and
    /// application that includes MRZ scanning.
    static func verifyLicense(of settings: BlinkIDSdkSettings, at date: Date) throws(LicenseError) {
        let verifier = LicenseVerifier(
            keyring: settings.licenseKeyring, product: "blinkid",
            platform: LicenseVerifier.currentPlatform, bundleID: settings.bundleIdentifier)
        let claims = try verifier.verify(settings.licenseKey, now: date)
        try verifier.require(feature: "mrz", in: claims)
    }
}
