import Crypto
package import Foundation

/// The public keys CaptureKit trusts for licence keys, licence answers and signed resource manifests.
///
/// CaptureKit ships no production key: an application trusts the keys it is given (its vendor's,
/// from `capkit license keygen`). The development key `dev-2026`, whose private half is committed at
/// `keys/dev-2026.ed25519` on purpose (see `keys/README.md`), is trusted only when the application
/// opts in with `allowsDevelopmentLicenses`: anyone can sign with it, so a release build that trusted
/// it would accept a licence forged by anyone.
package enum LicenseKeyring {
    /// Key id of the development key.
    package static let developmentKeyID = "dev-2026"

    /// Raw Ed25519 public key of `dev-2026` (base64url `UEYk2MWl9v8zFDOzluOJ62SCKttArEJumelsQjSHo2A`).
    package static let developmentPublicKey: [UInt8] = [
        80, 70, 36, 216, 197, 165, 246, 255, 51, 20, 51, 179, 150, 227, 137, 235,
        100, 130, 42, 219, 64, 172, 66, 110, 153, 233, 108, 66, 52, 135, 163, 96,
    ]

    /// A keyring with only the development key `dev-2026` (tools, tests and opted-in development builds).
    package static var development: JWSKeyring {
        var keyring = JWSKeyring()
        // A 32-byte literal is always a valid Ed25519 public key encoding; `try?` only keeps the
        // initializer's `throws` out of a property that cannot fail (a test checks the key loads).
        try? keyring.add(kid: developmentKeyID, rawPublicKey: developmentPublicKey)
        return keyring
    }

    /// The keyring an SDK verifies with: `base` and `publicKeys` (key id → 32-byte Ed25519 public key;
    /// entries that are not valid keys are skipped), without the development key unless
    /// `allowsDevelopmentLicenses`, with it when it is.
    ///
    /// The development key is recognised by its bytes, under any key id, so copying its public key
    /// into an app's own keys does not trust it either.
    package static func trusted(
        base: JWSKeyring = JWSKeyring(), publicKeys: [String: Data] = [:], allowsDevelopmentLicenses: Bool
    ) -> JWSKeyring {
        var keyring = base
        for (kid, key) in publicKeys { try? keyring.add(kid: kid, rawPublicKey: key) }
        keyring.removeKeys(matching: developmentPublicKey)
        if allowsDevelopmentLicenses { keyring.merge(development) }
        return keyring
    }

    /// Whether `token` is a compact JWS of type `expectedType` that the development key signed: the
    /// reason to give when a keyring without that key refuses it.
    package static func isSignedWithDevelopmentKey(
        _ token: String, expectedType: String, maxLength: Int = CompactJWS.defaultMaxLength
    ) -> Bool {
        (try? development.verify(token, expectedType: expectedType, maxLength: maxLength)) != nil
    }
}
