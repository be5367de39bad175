package import Foundation

/// The one call the SDKs make to get their resources, from either source.
///
/// ```swift
/// let source: ResourceSource = settings.downloadResources
///     ? .download(baseURL: settings.resourceDownloadURL,
///                 cacheFolder: settings.resourceLocalFolder ?? ResourceDownloader.defaultCacheFolder(),
///                 keyring: settings.licenseKeyring)
///     : .bundled(folder: bundleFolder)
/// let resources = try await ResourceLoader.load(names: ["mrz-ocrb"], from: source, now: Date())
/// let weights = resources["mrz-ocrb"]   // verified bytes
/// ```
package enum ResourceLoader {
    /// Loads and verifies the named resources; the result has one entry per name.
    /// - Parameters:
    ///   - now: the time a downloaded manifest's expiry is checked against.
    ///   - timeout: longest wait, in seconds, for the server (download only).
    ///   - sdkVersion: compared with the manifest's `minSdk`.
    /// - Throws: the guide's ``ResourceDownloaderError`` cases, as documented on
    ///   ``BundledResources/load(names:sdkVersion:)`` and ``ResourceDownloader``.
    package static func load(
        names: [String], from source: ResourceSource, now: Date, timeout: TimeInterval = 30,
        sdkVersion: String = CaptureKitVersion.current
    ) async throws(ResourceDownloaderError) -> [String: Data] {
        switch source {
        case let .bundled(folder):
            return try BundledResources(folder: folder).load(names: names, sdkVersion: sdkVersion)
        case let .download(baseURL, cacheFolder, keyring):
            let downloader = ResourceDownloader(
                baseURL: baseURL, cacheFolder: cacheFolder, keyring: keyring, timeout: timeout, sdkVersion: sdkVersion)
            return try await downloader.load(names: names, now: now)
        }
    }
}
