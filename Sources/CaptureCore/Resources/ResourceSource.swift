package import Foundation

/// Where the SDK's resources come from.
package enum ResourceSource: Sendable {
    /// A folder shipped with the app: the files plus `manifest.json` (see ``BundledResources``).
    case bundled(folder: URL)
    /// A resource server whose manifests are signed by a key in `keyring`, cached in `cacheFolder`
    /// (see ``ResourceDownloader``; ``ResourceDownloader/defaultCacheFolder(environment:)`` is the
    /// usual folder, ``LicenseKeyring/trusted(base:publicKeys:allowsDevelopmentLicenses:)`` the usual keyring).
    case download(baseURL: URL, cacheFolder: URL, keyring: JWSKeyring)
}
