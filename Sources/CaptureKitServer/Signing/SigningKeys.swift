package import CaptureCore
import Crypto
import Foundation

/// The server's signing keys, oldest first. The newest signs everything; the older ones stay
/// published at `GET /v1/keys` so tokens they signed keep verifying (rotation: add a newer key,
/// keep the old one until its tokens have expired).
package struct SigningKeys: Sendable {
    /// All keys, oldest first; never empty.
    package let all: [SigningKey]

    package init(_ keys: [SigningKey]) throws(SigningKeyError) {
        guard !keys.isEmpty else { throw .noKeys }
        var seen = Set<String>()
        for key in keys {
            guard seen.insert(key.kid).inserted else { throw .duplicateKeyID(key.kid) }
        }
        self.all = keys
    }

    /// The key that signs new tokens (the newest).
    package var current: SigningKey { all[all.count - 1] }

    /// Signs `claims` with the current key.
    package func sign(_ claims: some Encodable, typ: String) throws -> (token: String, kid: String) {
        let key = current
        return (try CompactJWS.sign(claims, typ: typ, kid: key.kid, key: key.privateKey), key.kid)
    }

    /// A keyring of all public keys (what an SDK would embed).
    package var keyring: JWSKeyring {
        JWSKeyring(Dictionary(uniqueKeysWithValues: all.map { ($0.kid, $0.publicKey) }))
    }

    /// The public keys as a JWK set (RFC 8037 `OKP`/`Ed25519`), served at `GET /v1/keys`.
    package var publicKeySet: PublicKeySet {
        PublicKeySet(
            signingKeyId: current.kid,
            keys: all.map {
                PublicKeySet.Key(kid: $0.kid, x: Base64URL.encode($0.publicKey.rawRepresentation))
            }
        )
    }
}

/// The JSON body of `GET /v1/keys`.
package struct PublicKeySet: Codable, Sendable, Equatable {
    /// One public key in JWK form.
    package struct Key: Codable, Sendable, Equatable {
        package var kty = "OKP"
        package var crv = "Ed25519"
        package var alg = "EdDSA"
        package var use = "sig"
        package var kid: String
        /// The raw 32-byte public key, base64url.
        package var x: String

        package init(kid: String, x: String) {
            self.kid = kid
            self.x = x
        }
    }

    /// The kid that signs new tokens.
    package var signingKeyId: String
    package var keys: [Key]
}
