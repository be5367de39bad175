import CaptureCore
public import Foundation

/// How the SDK is licensed and where its resources (the MRZ recogniser's weights) come from.
///
/// ```swift
/// let settings = BlinkIDSdkSettings(licenseKey: "your-license-key", downloadResources: false)
/// let sdk = try await BlinkIDSdk.createBlinkIDSdk(withSettings: settings)
/// ```
public struct BlinkIDSdkSettings: Sendable {
    /// The licence key: a signed token issued by `capkit license issue` (verified offline).
    public var licenseKey: String
    /// `true`: fetch resources from ``resourceDownloadURL`` into ``resourceLocalFolder`` (verified by
    /// SHA-256, cached). `false`: load them from ``bundleURL`` (works offline).
    public var downloadResources: Bool
    /// Where downloaded resources are cached. Default: a folder named `MLModels` in the user's
    /// cache directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux, Caches on Apple platforms).
    public var resourceLocalFolder: URL?
    /// The folder that holds bundled resources and their `manifest.json`. Default: the resources
    /// shipped inside this package.
    public var bundleURL: URL?
    /// The base URL of the resource server (`GET <base>/v1/resources/manifest`). Default: the
    /// `CAPTUREKIT_RESOURCES_URL` environment variable, else `http://127.0.0.1:8080`
    /// (a local `capkit serve`).
    public var resourceDownloadURL: URL
    /// The application identifier the licence must name. Default: `CAPTUREKIT_BUNDLE_ID` from the
    /// environment, else `Bundle.main.bundleIdentifier`, else `com.capturekit.demo`.
    public var bundleIdentifier: String

    /// Public keys (key id → 32-byte Ed25519 public key) that licence keys and downloaded resource
    /// manifests must be signed with: your vendor's keys (`capkit license keygen` prints them).
    /// CaptureKit ships no production key, so a release build sets its keys here.
    public var licensePublicKeys: [String: Data] = [:]

    /// Whether licences and manifests signed with CaptureKit's development key `dev-2026` are
    /// accepted. Default `false`: that key's private half is public (`keys/dev-2026.ed25519`), so anyone
    /// can sign with it. Set it in development builds only (the demo, tests, a local `capkit serve`);
    /// without it such a licence fails with `LicenseError.developmentLicenseNotAllowed`.
    public var allowsDevelopmentLicenses: Bool

    /// The keyring the SDK verifies with: ``licensePublicKeys``, plus the development key only when
    /// ``allowsDevelopmentLicenses`` is set.
    var licenseKeyring: JWSKeyring {
        LicenseKeyring.trusted(publicKeys: licensePublicKeys, allowsDevelopmentLicenses: allowsDevelopmentLicenses)
    }

    /// Creates settings with the guide's two parameters; the rest take their defaults
    /// (`allowsDevelopmentLicenses`: see ``allowsDevelopmentLicenses``, `false` unless given).
    public init(licenseKey: String, downloadResources: Bool = true, allowsDevelopmentLicenses: Bool = false) {
        self.licenseKey = licenseKey
        self.downloadResources = downloadResources
        self.allowsDevelopmentLicenses = allowsDevelopmentLicenses
        self.resourceLocalFolder = nil
        self.bundleURL = nil
        let env = ProcessInfo.processInfo.environment
        self.resourceDownloadURL =
            env["CAPTUREKIT_RESOURCES_URL"].flatMap(URL.init(string:))
            ?? URL(string: "http://127.0.0.1:8080")!
        self.bundleIdentifier = env["CAPTUREKIT_BUNDLE_ID"] ?? Bundle.main.bundleIdentifier ?? "com.capturekit.demo"
    }
}
