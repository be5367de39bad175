import FortfaceWire
package import Foundation

/// What ``FortfaceSDK/start(isDebugMode:)`` reads: the integrity checks, the device credentials,
/// the clock, and the deployment the app targets. Tests pass their own.
package struct DeviceRequestEnvironment: Sendable {
    package var integrity: any IntegritySignalsProvider
    package var attestation: any DeviceAttestationProvider
    package var now: @Sendable () -> Date
    /// `"sandbox"` or `"production"` (the DRI's `env`).
    package var deployment: String
    /// The app id; nil takes the one the device certificate endorses.
    package var appId: String?
    package var device: DeviceDescription

    package init(
        integrity: any IntegritySignalsProvider, attestation: any DeviceAttestationProvider,
        now: @escaping @Sendable () -> Date = { Date() }, deployment: String = "sandbox",
        appId: String? = nil, device: DeviceDescription = .current
    ) {
        self.integrity = integrity
        self.attestation = attestation
        self.now = now
        self.deployment = deployment
        self.appId = appId
        self.device = device
    }

    /// This device's integrity checks: jailbreak and debugger heuristics on iOS, the Linux probe elsewhere.
    static var platformIntegrity: any IntegritySignalsProvider {
        #if canImport(UIKit) && canImport(Darwin)
        AppleIntegrityProbe()
        #else
        LinuxIntegrityProbe()
        #endif
    }

    /// This machine: the platform's integrity checks, credentials in the XDG config folder, deployment from
    /// `FORTFACE_ENVIRONMENT` (`production`, else `sandbox`), app id from `FORTFACE_APP_ID` or the
    /// device certificate.
    package static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> DeviceRequestEnvironment
    {
        DeviceRequestEnvironment(
            integrity: platformIntegrity, attestation: DeviceCredentialStore(),
            deployment: environment["FORTFACE_ENVIRONMENT"] == "production" ? "production" : "sandbox",
            appId: environment["FORTFACE_APP_ID"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The DRI platform claim: `linux-sim` on Linux, `ios` on Apple platforms.
    static var platformClaim: String {
        #if canImport(UIKit)
        "ios"
        #else
        "linux-sim"
        #endif
    }
}
