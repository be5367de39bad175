import Crypto

/// The public keys CaptureKit trusts for licence keys and signed resource manifests.
///
/// The default holds only the development key `dev-2026`, whose private half is committed at
/// `keys/dev-2026.ed25519` on purpose (see `keys/README.md`). A production build passes its own
/// ``JWSKeyring`` to ``LicenseVerifier`` and to the resource loader instead.
package enum LicenseKeyring {
    /// Key id of the development key.
    package static let developmentKeyID = "dev-2026"

    /// Raw Ed25519 public key of `dev-2026` (base64url `UEYk2MWl9v8zFDOzluOJ62SCKttArEJumelsQjSHo2A`).
    package static let developmentPublicKey: [UInt8] = [
        80, 70, 36, 216, 197, 165, 246, 255, 51, 20, 51, 179, 150, 227, 137, 235,
        100, 130, 42, 219, 64, 172, 66, 110, 153, 233, 108, 66, 52, 135, 163, 96,
    ]

    /// A keyring with the development key `dev-2026`.
    package static var captureKitDefault: JWSKeyring {
        var keyring = JWSKeyring()
        // A 32-byte literal is always a valid Ed25519 public key encoding; `try?` only keeps the
        // initializer's `throws` out of a property that cannot fail (a test checks the key loads).
        try? keyring.add(kid: developmentKeyID, rawPublicKey: developmentPublicKey)
        return keyring
    }
}
