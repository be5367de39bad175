import CaptureCore
package import FortfaceWire
package import Foundation

/// The device credentials on disk: `$XDG_CONFIG_HOME/capturekit/fortface/device.json` (or
/// `~/.config/...`), a JSON `{privateKey, certificate}` file with mode 0600 in a 0700 folder.
///
/// Loading refuses a file that group or others may read (like ssh with private keys): the key
/// would no longer be the device's alone.
package struct DeviceCredentialStore: DeviceAttestationProvider {
    /// The credential file.
    package let file: URL

    package init(file: URL = DeviceCredentialStore.defaultFile()) {
        self.file = file
    }

    /// `$XDG_CONFIG_HOME/capturekit/fortface/device.json`, `$HOME/.config/...` without it.
    package static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".config")
        }
        return base.appendingPathComponent("capturekit/fortface/device.json")
    }

    package func deviceCredentials() throws(FortfaceException) -> DeviceCredentials {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw Self.notProvisioned(
                "This device has no Fortface credentials. Provision it first "
                    + "(capkit capture provisions the device against its server).")
        }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw Self.notProvisioned(
                "The device credential file may be read by other users. "
                    + "Restrict it with chmod 600, or provision the device again.")
        }
        guard let data = try? Data(contentsOf: file),
            let credentials = try? JSONDecoder().decode(DeviceCredentials.self, from: data)
        else {
            throw Self.notProvisioned("The device credential file is damaged. Provision the device again.")
        }
        return credentials
    }

    /// Writes `credentials`, readable by the owner only: a temporary file created with mode 0600,
    /// then renamed over the old one.
    package func save(_ credentials: DeviceCredentials) throws {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(credentials)
        let temporary = folder.appendingPathComponent(".device.\(UUID().uuidString).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data,
                attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteNoPermission)
        }
        // Explicitly again: createFile's mode is filtered by the umask.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The app id the device certificate endorses (its `app` claim), read without verifying the
    /// certificate (the server verifies it).
    package static func endorsedApp(of credentials: DeviceCredentials) -> String? {
        let parts = credentials.certificate.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(String(parts[1])).map({ Data($0) }),
            let claims = try? JSONDecoder().decode(DeviceCertificate.Claims.self, from: payload)
        else { return nil }
        return claims.app
    }

    private static func notProvisioned(_ message: String) -> FortfaceException {
        FortfaceException(reason: .deviceNotProvisioned, message: message)
    }
}
