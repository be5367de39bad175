#if canImport(UIKit) && canImport(Darwin)
import Darwin
import Foundation
package import FortfaceWire

/// Integrity signals on iOS: jailbreak heuristics (files a jailbreak leaves, writing outside the
/// sandbox, URL schemes are not used: they need Info.plist entries), a debugger through
/// `sysctl`'s `P_TRACED` flag, `DYLD_INSERT_LIBRARIES`, hooking libraries among the loaded images,
/// and the simulator at compile time. Heuristics only: App Attest is the strong signal.
package struct AppleIntegrityProbe: IntegritySignalsProvider {
    static let jailbreakPaths = [
        "/Applications/Cydia.app", "/Applications/Sileo.app", "/var/jb", "/bin/bash", "/usr/sbin/sshd",
        "/etc/apt", "/private/var/lib/apt", "/Library/MobileSubstrate/MobileSubstrate.dylib",
    ]
    static let hookingMarkers = ["frida", "substrate", "substitute", "libhooker", "cycript", "ellekit"]

    package init() {}

    package func currentSignals() -> IntegritySignals {
        IntegritySignals(
            debuggerAttached: Self.isTraced(), preloadInjection: Self.hasInsertedLibraries(),
            jailbroken: Self.looksJailbroken(), emulator: Self.isSimulator,
            hookingDetected: Self.hasHookingImage())
    }

    static var isSimulator: Bool {
        #if targetEnvironment(simulator)
        return true
        #else
        return false
        #endif
    }

    static func isTraced() -> Bool {
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
        guard sysctl(&name, u_int(name.count), &info, &size, nil, 0) == 0 else { return false }
        return info.kp_proc.p_flag & P_TRACED != 0
    }

    static func hasInsertedLibraries() -> Bool {
        !(ProcessInfo.processInfo.environment["DYLD_INSERT_LIBRARIES"] ?? "").isEmpty
    }

    static func looksJailbroken() -> Bool {
        if jailbreakPaths.contains(where: { FileManager.default.fileExists(atPath: $0) }) { return true }
        let probe = "/private/capturekit-\(UUID().uuidString)"
        if (try? "x".write(toFile: probe, atomically: false, encoding: .utf8)) != nil {
            try? FileManager.default.removeItem(atPath: probe)
            return true
        }
        return false
    }

    static func hasHookingImage() -> Bool {
        for index in 0..<_dyld_image_count() {
            guard let name = _dyld_get_image_name(index) else { continue }
            let lower = String(cString: name).lowercased()
            if hookingMarkers.contains(where: { lower.contains($0) }) { return true }
        }
        return false
    }
}
#endif
