package import CaptureCore
package import Crypto

/// The vendor's "device CA": an Ed25519 key that certifies device public keys at provisioning.
///
/// The server holds the private key; verifiers only need ``keyring``.
package struct DeviceCertificateAuthority: Sendable {
    /// The key id written in every certificate's header.
    package let kid: String
    /// The signing key.
    package let privateKey: Curve25519.Signing.PrivateKey

    package init(kid: String, privateKey: Curve25519.Signing.PrivateKey) {
        self.kid = kid
        self.privateKey = privateKey
    }

    /// A keyring holding this authority's public key, for ``DeviceCertificate/verify(_:keyring:now:skew:)``.
    package var keyring: JWSKeyring {
        JWSKeyring([kid: privateKey.publicKey])
    }
}
