package import Foundation

/// A fresh folder under the system's temporary directory, deleted when this object goes away.
package final class TemporaryFolder: Sendable {
    /// The folder.
    package let url: URL

    /// Creates `<tmp>/<prefix>-<uuid>`.
    package init(prefix: String = "capturekit-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `url/<name>`.
    package func child(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit {
        // Restore write permission in case a test made the folder read-only, then delete.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}
