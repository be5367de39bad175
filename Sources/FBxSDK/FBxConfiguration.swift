public import Foundation

/// What ``FBxManager/configure(_:)`` needs: the API key, an optional initial frame, and where the
/// licence and catalog server is.
public struct FBxConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// Environment variable naming the server (`http://host:port`) when none is passed.
    public static let serverURLEnvironmentVariable = "CAPTUREKIT_SERVER_URL"
    /// Environment variable naming the application identifier when none is passed.
    public static let bundleIDEnvironmentVariable = "CAPTUREKIT_BUNDLE_ID"
    /// The server used when neither an URL nor the environment names one (`capkit serve`'s default).
    public static let fallbackServerURL = URL(string: "http://127.0.0.1:8080")!

    /// The API key from the vendor console (never printed).
    public var apiKey: String
    /// The frame shown when the session starts, preloaded by `configure(_:)`.
    public var initialSku: String?
    /// The licence and catalog server.
    public var serverURL: URL
    /// The application identifier the licence must cover.
    public var bundleID: String
    /// Public keys (key id → 32-byte Ed25519 public key) that the server's licence answers must be
    /// signed with: your server's keys (`GET /v1/keys`). CaptureKit ships no production key.
    public var licensePublicKeys: [String: Data]
    /// Whether licence answers signed with CaptureKit's development key `dev-2026` are accepted (a
    /// local `capkit serve` signs with it). Default `false`: that key's private half is public, so
    /// anyone can sign with it. Set it in development builds only; without it such an answer fails
    /// with ``FBxError/developmentLicenseNotAllowed``.
    public var allowsDevelopmentLicenses: Bool

    /// A configuration against the server named by `CAPTUREKIT_SERVER_URL` (or `http://127.0.0.1:8080`),
    /// for the application named by `CAPTUREKIT_BUNDLE_ID` (or the main bundle's identifier, or the
    /// process name).
    public init(apiKey: String, initialSku: String?) {
        self.init(apiKey: apiKey, initialSku: initialSku, serverURL: nil, bundleID: nil)
    }

    /// A configuration with an explicit server and application identifier (nil: as in ``init(apiKey:initialSku:)``),
    /// the server's public keys and the development opt-in (see ``allowsDevelopmentLicenses``).
    public init(
        apiKey: String, initialSku: String?, serverURL: URL?, bundleID: String? = nil,
        licensePublicKeys: [String: Data] = [:], allowsDevelopmentLicenses: Bool = false
    ) {
        let environment = ProcessInfo.processInfo.environment
        self.apiKey = apiKey
        self.licensePublicKeys = licensePublicKeys
        self.allowsDevelopmentLicenses = allowsDevelopmentLicenses
        self.initialSku = initialSku
        self.serverURL =
            serverURL
            ?? environment[Self.serverURLEnvironmentVariable].flatMap { $0.isEmpty ? nil : URL(string: $0) }
            ?? Self.fallbackServerURL
        self.bundleID =
            bundleID
            ?? environment[Self.bundleIDEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? Bundle.main.bundleIdentifier
            ?? ProcessInfo.processInfo.processName
    }

    /// Redacted: the API key is never shown.
    public var description: String {
        "FBxConfiguration(apiKey: <redacted>, initialSku: \(initialSku ?? "nil"), server: \(serverURL.absoluteString))"
    }
}
