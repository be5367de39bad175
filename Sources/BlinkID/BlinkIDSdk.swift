import CaptureCore
import DocumentEngine
import Foundation

/// The entry point of the SDK: verifies the licence, loads the recogniser's resources, and creates
/// scanning sessions.
///
/// ```swift
/// let sdk = try await BlinkIDSdk.createBlinkIDSdk(withSettings: BlinkIDSdkSettings(licenseKey: key))
/// let session = await sdk.createScanningSession()
/// ```
public final class BlinkIDSdk: Sendable {
    /// The settings the SDK was created with.
    public let settings: BlinkIDSdkSettings
    let scanner: DocumentScanner
    let now: @Sendable () -> Date

    init(settings: BlinkIDSdkSettings, scanner: DocumentScanner, now: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.scanner = scanner
        self.now = now
    }

    /// A new scanning session with the given settings (video input, both sides by default).
    @ProcessingActor
    public func createScanningSession(sessionSettings: BlinkIDSessionSettings = BlinkIDSessionSettings())
        -> BlinkIDSession
    {
        BlinkIDSession(settings: sessionSettings, scanner: scanner, now: now)
    }
}
