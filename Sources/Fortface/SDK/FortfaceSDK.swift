import CaptureCore
import FortfaceWire
import Foundation

/// The SDK's entry point (the guide's `FortfaceSDK`): device integrity and version.
///
/// ```swift
/// let deviceRequestInfo = try FortfaceSDK.start(isDebugMode: true)
/// // send deviceRequestInfo to your backend, which calls the Fortface API's handshake
/// ```
public enum FortfaceSDK {
    /// Checks the device's integrity and returns a fresh `deviceRequestInfo`: a device token
    /// (ES256 compact JWS: random id, issue and expiry time, app id, SDK version, platform, debug
    /// flag, integrity signals, attestation) signed by this device's key. A new value every call.
    ///
    /// Swift cannot throw from a non-throwing call, so this one `throws(FortfaceException)` and the
    /// guide's line needs `try`.
    ///
    /// - Parameter isDebugMode: `true` in development: the signals are reported but never refused.
    ///   `false` (the default) in production: an unsuitable device throws.
    /// - Throws: ``FortfaceException`` with the message "There is something wrong!" when
    ///   `isDebugMode` is false and the device is unsuitable; ``FortfaceException/Reason/deviceNotProvisioned``
    ///   when the device has no credentials.
    public static func start(isDebugMode: Bool = false) throws(FortfaceException) -> String {
        try start(isDebugMode: isDebugMode, environment: .standard())
    }

    /// ``start(isDebugMode:)`` with an explicit environment.
    package static func start(
        isDebugMode: Bool, environment: DeviceRequestEnvironment
    )
        throws(FortfaceException) -> String
    {
        let signals = environment.integrity.currentSignals()
        if !isDebugMode && !signals.isSuitable { throw .unsuitableDevice }
        let credentials = try environment.attestation.deviceCredentials()
        guard let app = environment.appId ?? DeviceCredentialStore.endorsedApp(of: credentials) else {
            throw FortfaceException(
                reason: .deviceNotProvisioned,
                message: "The device certificate names no app. Provision the device again.")
        }
        let claims = DeviceTokenClaims.fresh(
            now: environment.now(), app: app, sdk: getVersion(), plat: DeviceRequestEnvironment.platformClaim,
            os: environment.device.osVersion, model: environment.device.model, dbg: isDebugMode,
            env: environment.deployment, sig: signals,
            att: environment.attestation.attestation(for: credentials))
        do {
            return try DeviceToken.make(claims: claims, credentials: credentials)
        } catch {
            throw FortfaceException(
                reason: .signingFailed,
                message: "The device token could not be signed. Provision the device again.")
        }
    }

    /// The SDK version, for example `"0.1.0"`.
    public static func getVersion() -> String {
        CaptureKitVersion.current
    }
}
