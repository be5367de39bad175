import CaptureCore
import Foundation

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
    /// manifests must be signed with. Empty (the default): CaptureKit's built-in keyring, which
    /// holds the development key `dev-2026`. A production deployment sets its own keys here.
    public var licensePublicKeys: [String: Data] = [:]

    /// The keyring the SDK verifies with.
    var licenseKeyring: JWSKeyring {
        guard !licensePublicKeys.isEmpty else { return LicenseKeyring.captureKitDefault }
        var keyring = JWSKeyring()
        for (kid, key) in licensePublicKeys { try? keyring.add(kid: kid, rawPublicKey: key) }
        return keyring
    }

    /// Creates settings with the guide's two parameters; the rest take their defaults.
    public init(licenseKey: String, downloadResources: Bool = true) {
        self.licenseKey = licenseKey
        self.downloadResources = downloadResources
        self.resourceLocalFolder = nil
        self.bundleURL = nil
        let env = ProcessInfo.processInfo.environment
        self.resourceDownloadURL = env["CAPTUREKIT_RESOURCES_URL"].flatMap(URL.init(string:))
            ?? URL(string: "http://127.0.0.1:8080")!
        self.bundleIdentifier = env["CAPTUREKIT_BUNDLE_ID"] ?? Bundle.main.bundleIdentifier ?? "com.capturekit.demo"
    }
}
