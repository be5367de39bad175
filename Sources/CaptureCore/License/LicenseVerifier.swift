package import Foundation

/// Verifies a CaptureKit licence key offline (`notes/security.md` §3.5): an Ed25519 compact JWS of
/// type `license+jwt` whose claims (``LicenseClaims``) bind it to applications, a product,
/// platforms, a validity window and a highest SDK version.
///
/// ```swift
/// let keyring = LicenseKeyring.trusted(publicKeys: appKeys, allowsDevelopmentLicenses: false)
/// let verifier = LicenseVerifier(keyring: keyring, product: "blinkid",
///                                platform: LicenseVerifier.currentPlatform, bundleID: "com.example.app")
/// let claims = try verifier.verify(licenseKey, now: Date())
/// try verifier.require(feature: "mrz", in: claims)
/// ```
///
/// Checks, in order: the signature (algorithm pinned to EdDSA, key found by `kid`; a licence signed
/// with the development key that the keyring does not hold is refused as
/// ``LicenseError/developmentLicenseNotAllowed``, others as ``LicenseError/forged``), `nbf` and `exp`
/// with ``clockSkew`` of tolerance either way, `aud` (this bundle ID or `*`), `prod`, `plat`, and
/// `maxSdk` against ``sdkVersion``. Time comes in as an argument, never from the system clock.
package struct LicenseVerifier: Sendable {
    /// Trusted public keys by key id.
    package let keyring: JWSKeyring
    /// The product this SDK is (`blinkid`, `fortface`, `fbx`).
    package let product: String
    /// This platform (`linux`, `ios`, `android`).
    package let platform: String
    /// The application's bundle or package identifier.
    package let bundleID: String
    /// This SDK's version (semantic version text).
    package let sdkVersion: String
    /// Tolerance, in seconds, for clocks that disagree, applied to both `nbf` and `exp`.
    package let clockSkew: TimeInterval

    /// Largest licence key accepted, in bytes (a real key is about 500).
    package static let maxKeyLength = 8 * 1024

    /// The platform name licences use for the platform this code runs on.
    package static var currentPlatform: String {
        #if os(iOS)
        return "ios"
        #elseif os(Android)
        return "android"
        #elseif os(Linux)
        return "linux"
        #elseif os(macOS)
        return "macos"
        #else
        return "unknown"
        #endif
    }

    package init(
        keyring: JWSKeyring, product: String, platform: String, bundleID: String,
        sdkVersion: String = CaptureKitVersion.current, clockSkew: TimeInterval = 300
    ) {
        self.keyring = keyring
        self.product = product
        self.platform = platform
        self.bundleID = bundleID
        self.sdkVersion = sdkVersion
        self.clockSkew = clockSkew
    }

    /// Verifies `licenseKey` at time `now` and returns its claims.
    ///
    /// Surrounding whitespace (a pasted trailing newline) is ignored. A licence is valid from
    /// `nbf - clockSkew` (inclusive) until `exp + clockSkew` (exclusive).
    package func verify(_ licenseKey: String, now: Date) throws(LicenseError) -> LicenseClaims {
        let token = licenseKey.trimmingCharacters(in: .whitespacesAndNewlines)
        let jws: CompactJWS
        do {
            jws = try keyring.verify(token, expectedType: LicenseClaims.tokenType, maxLength: Self.maxKeyLength)
        } catch {
            switch error {
            case .malformed, .tooLarge, .wrongType: throw .malformed
            case .unsupportedAlgorithm, .unknownKey, .badSignature:
                if LicenseKeyring.isSignedWithDevelopmentKey(
                    token, expectedType: LicenseClaims.tokenType, maxLength: Self.maxKeyLength)
                {
                    throw .developmentLicenseNotAllowed
                }
                throw .forged
            }
        }
        let claims: LicenseClaims
        do {
            claims = try jws.decodePayload(as: LicenseClaims.self)
        } catch {
            throw .malformed
        }
        guard now >= claims.nbf.addingTimeInterval(-clockSkew) else { throw .notYetValid(claims.nbf) }
        guard now < claims.exp.addingTimeInterval(clockSkew) else { throw .expired(claims.exp) }
        guard claims.aud.contains(bundleID) || claims.aud.contains("*") else { throw .wrongApplication }
        guard claims.prod == product else { throw .wrongProduct }
        guard claims.plat.contains(platform) else { throw .wrongPlatform }
        guard let covered = CaptureKitVersion.isVersion(sdkVersion, atMost: claims.maxSdk) else { throw .malformed }
        guard covered else { throw .sdkVersionNotCovered }
        return claims
    }

    /// Throws ``LicenseError/featureNotLicensed(_:)`` unless `claims` include `feature`.
    package func require(feature: String, in claims: LicenseClaims) throws(LicenseError) {
        guard claims.feat.contains(feature) else { throw .featureNotLicensed(feature) }
    }
}
