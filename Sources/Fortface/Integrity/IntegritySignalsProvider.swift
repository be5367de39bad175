package import FortfaceWire

/// Reads the device's integrity signals (debugger, injection, jailbreak, emulator, hooking).
/// ``FortfaceSDK/start(isDebugMode:)`` puts them in every `deviceRequestInfo` and, outside debug
/// mode, refuses an unsuitable device. Tests inject fixed signals.
package protocol IntegritySignalsProvider: Sendable {
    /// The signals now.
    func currentSignals() -> IntegritySignals
}
