package import FortfaceWire
import Foundation

/// The integrity checks that can honestly be made on Linux:
/// - **debugger**: a non-zero `TracerPid` in `/proc/self/status` (gdb, lldb, strace attach by ptrace);
/// - **preload injection**: `LD_PRELOAD` or `LD_AUDIT` set, or a non-comment line in `/etc/ld.so.preload`;
/// - **hooking**: an instrumentation library mapped into the process (`/proc/self/maps` naming
///   frida, gum-js, substrate, xposed or libinject);
/// - **jailbreak and emulator**: not applicable to a Linux host (root is ordinary there, and a
///   virtual machine is not an emulated phone), always false.
package struct LinuxIntegrityProbe: IntegritySignalsProvider {
    /// Where the files are read from (tests point these at fixtures).
    var statusPath = "/proc/self/status"
    var mapsPath = "/proc/self/maps"
    var preloadPath = "/etc/ld.so.preload"
    var environment: @Sendable () -> [String: String] = { ProcessInfo.processInfo.environment }

    package init() {}

    package func currentSignals() -> IntegritySignals {
        let status = (try? String(contentsOfFile: statusPath, encoding: .utf8)) ?? ""
        let maps = (try? String(contentsOfFile: mapsPath, encoding: .utf8)) ?? ""
        let preload = (try? String(contentsOfFile: preloadPath, encoding: .utf8)) ?? ""
        return IntegritySignals(
            debuggerAttached: Self.tracerPid(inStatus: status).map { $0 != 0 } ?? false,
            preloadInjection: Self.preloadInjection(environment: environment(), preloadFile: preload),
            jailbroken: false,
            emulator: false,
            hookingDetected: Self.hookingLibraryMapped(maps: maps))
    }

    /// The `TracerPid:` value of a `/proc/<pid>/status` text, nil when absent.
    static func tracerPid(inStatus status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            return Int(line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// Whether the dynamic loader is told to inject libraries.
    static func preloadInjection(environment: [String: String], preloadFile: String) -> Bool {
        for name in ["LD_PRELOAD", "LD_AUDIT"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return true }
        }
        return preloadFile.split(separator: "\n").contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
    }

    /// Library names of instrumentation frameworks.
    static let hookingMarkers = ["frida", "gum-js", "gadget", "substrate", "xposed", "libinject"]

    /// Whether a mapped file's name contains an instrumentation framework's marker.
    static func hookingLibraryMapped(maps: String) -> Bool {
        maps.split(separator: "\n").contains { line in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first else {
                return false
            }
            let name = (String(path) as NSString).lastPathComponent.lowercased()
            return hookingMarkers.contains { name.contains($0) }
        }
    }
}
