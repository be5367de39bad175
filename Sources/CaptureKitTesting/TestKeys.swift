package import CaptureCore
package import Crypto
package import Foundation

/// The committed development signing key (`keys/dev-2026.ed25519`, public on purpose), found
/// relative to this source file so tests work from any working directory.
package enum TestKeys {
    /// `keys/dev-2026.ed25519` in the repository root.
    package static let developmentKeyURL: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CaptureKitTesting
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("keys/dev-2026.ed25519", isDirectory: false)

    /// The development private key (kid `dev-2026`), which ``LicenseKeyring/development`` holds: SDKs trust it
    /// only with `allowsDevelopmentLicenses`.
    package static func developmentPrivateKey() throws(DevelopmentSigningKey.LoadError)
        -> Curve25519.Signing.PrivateKey
    {
        try DevelopmentSigningKey.load(from: developmentKeyURL)
    }
}
