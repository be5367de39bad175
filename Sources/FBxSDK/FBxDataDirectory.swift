package import Foundation

/// Where the SDK keeps its managed files (extracted resources, the cached licence answer).
package enum FBxDataDirectory {
    /// `$XDG_DATA_HOME/capturekit/fbx`, else `~/.local/share/capturekit/fbx` (Linux); Application
    /// Support/capturekit/fbx on Apple platforms.
    package static var `default`: URL {
        #if canImport(Darwin)
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("capturekit/fbx", isDirectory: true)
        #else
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("capturekit/fbx", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/capturekit/fbx", isDirectory: true)
        #endif
    }
}
