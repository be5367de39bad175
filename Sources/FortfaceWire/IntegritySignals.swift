/// What the device found when it checked its own integrity (the `sig` claim of a device token).
///
/// On Linux these are honest, simple checks (a tracer attached, `LD_PRELOAD` set); on Apple,
/// jailbreak heuristics. A device is suitable for a transaction only when every signal is false.
package struct IntegritySignals: Codable, Sendable, Equatable {
    /// A debugger or tracer is attached to the process.
    package var debuggerAttached: Bool
    /// Libraries are injected into the process (for example `LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`).
    package var preloadInjection: Bool
    /// The device is jailbroken or rooted.
    package var jailbroken: Bool
    /// The process runs in an emulator or simulator.
    package var emulator: Bool
    /// A hooking framework was detected.
    package var hookingDetected: Bool

    package init(
        debuggerAttached: Bool = false, preloadInjection: Bool = false, jailbroken: Bool = false,
        emulator: Bool = false, hookingDetected: Bool = false
    ) {
        self.debuggerAttached = debuggerAttached
        self.preloadInjection = preloadInjection
        self.jailbroken = jailbroken
        self.emulator = emulator
        self.hookingDetected = hookingDetected
    }

    /// Whether the device is suitable for a transaction: no signal is raised.
    package var isSuitable: Bool {
        !(debuggerAttached || preloadInjection || jailbroken || emulator || hookingDetected)
    }
}
