/// Why ``FortfaceSDK/start(isDebugMode:)`` refused to produce a `deviceRequestInfo`.
///
/// An unsuitable device (debugger, injection, jailbreak, emulator, hooking) outside debug mode
/// gives the guide's message, "There is something wrong!", and nothing more: the app should not
/// learn which check failed (neither should an attacker). Other failures say what to do.
public struct FortfaceException: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in categories an app may act on.
    public enum Reason: String, Sendable, Equatable {
        /// The device failed the integrity checks (only outside debug mode).
        case unsuitableDevice
        /// No device credentials: the device was never provisioned, or its credential file is unreadable.
        case deviceNotProvisioned
        /// The token could not be signed.
        case signingFailed
    }

    /// The category.
    public let reason: Reason
    /// The message shown to the app.
    public let message: String

    init(reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    /// The guide's exception for an unsuitable device.
    static let unsuitableDevice = FortfaceException(reason: .unsuitableDevice, message: "There is something wrong!")

    public var description: String { message }
}
