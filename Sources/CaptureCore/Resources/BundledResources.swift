package import Foundation

/// Resources shipped inside the app: a folder holding the files and a plain-JSON `manifest.json`
/// (``ResourceManifest``, entries with `file`) written by `capkit resources pack`.
///
/// Every file is checked against the manifest's size and SHA-256 before it is returned, so a
/// damaged or swapped bundle is refused rather than loaded.
package struct BundledResources: Sendable {
    /// The bundle folder.
    package let folder: URL

    package init(folder: URL) {
        self.folder = folder
    }

    /// Reads the named resources.
    ///
    /// - Throws: ``ResourceDownloaderError/fileNotFound(_:)`` when the manifest or a file is missing;
    ///   ``ResourceDownloaderError/invalidResponse`` when the manifest does not parse;
    ///   ``ResourceDownloaderError/invalidURL(_:)`` for an entry whose file is not a plain file name;
    ///   ``ResourceDownloaderError/resourceUnavailable`` for a name not in the manifest or a manifest
    ///   made for a newer SDK; ``ResourceDownloaderError/hashMismatch(_:)`` when a file's size or
    ///   SHA-256 differs; ``ResourceDownloaderError/fileAccessError(_:)`` when a file cannot be read.
    package func load(
        names: [String], sdkVersion: String = CaptureKitVersion.current
    )
        throws(ResourceDownloaderError) -> [String: Data]
    {
        let manifest = try readManifest()
        try manifest.validateEntries()
        guard manifest.supportsSDK(sdkVersion) else { throw .resourceUnavailable }
        var loaded = [String: Data]()
        for name in names {
            guard let entry = manifest.entry(named: name) else { throw .resourceUnavailable }
            let url = folder.appendingPathComponent(entry.file ?? entry.name, isDirectory: false)
            let data = try Self.read(url)
            guard entry.matches(data) else { throw .hashMismatch(name) }
            loaded[name] = data
        }
        return loaded
    }

    /// The bundle's manifest.
    package func readManifest() throws(ResourceDownloaderError) -> ResourceManifest {
        let url = folder.appendingPathComponent(ResourceManifest.bundleFileName, isDirectory: false)
        let data = try Self.read(url)
        do {
            return try ResourceManifest.decodeJSON(data)
        } catch {
            throw .invalidResponse
        }
    }

    private static func read(_ url: URL) throws(ResourceDownloaderError) -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .fileNotFound(url) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fileAccessError(error)
        }
    }
}
