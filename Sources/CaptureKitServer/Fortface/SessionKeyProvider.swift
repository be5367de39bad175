package import Foundation
import _CryptoExtras

/// One single-use session key pair, ready to hand out.
package struct SessionKeyMaterial: Sendable, Equatable {
    /// The private key, DER (PKCS#1) (sealed under the KEK once handed out).
    package var privateKeyDER: Data
    /// The public key as answered: SPKI PEM.
    package var publicKeyPEM: String

    package init(privateKeyDER: Data, publicKeyPEM: String) {
        self.privateKeyDER = privateKeyDER
        self.publicKeyPEM = publicKeyPEM
    }
}

/// Makes session key pairs. The production provider generates RSA keys; tests inject a provider of a
/// few keys generated once at start.
package protocol SessionKeyProvider: Sendable {
    /// A new key pair, never returned before. Blocking CPU work: ``SessionKeyPool`` calls it off the
    /// cooperative thread pool.
    func makeKey() throws -> SessionKeyMaterial
}

/// Generates fresh RSA key pairs (2048 bits by default, 3072 configurable).
package struct RSASessionKeyProvider: SessionKeyProvider {
    package let bits: Int

    package init(bits: Int = 2048) {
        self.bits = bits
    }

    package func makeKey() throws -> SessionKeyMaterial {
        let key = try _RSA.Encryption.PrivateKey(keySize: .init(bitCount: bits))
        return SessionKeyMaterial(privateKeyDER: key.derRepresentation, publicKeyPEM: key.publicKey.pemRepresentation)
    }
}
