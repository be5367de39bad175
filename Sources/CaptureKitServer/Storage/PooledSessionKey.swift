package import Foundation

/// A session key generated ahead of demand and kept in the shared pool (`fortface_key_pool`) until a
/// handshake claims it: its private key is sealed under the key-encryption key, bound to the pool
/// row's id, exactly as a session's key is bound to the session.
package struct PooledSessionKey: Sendable, Equatable {
    /// Random 128-bit id (`psk_` + 32 hex digits).
    package var id: String
    /// The public key as a handshake answers it: SPKI PEM.
    package var publicKeyPEM: String
    /// `iv ‖ ciphertext ‖ tag` of the DER private key, sealed for ``sealingContext(id:)``.
    package var sealedPrivateKey: Data
    /// Seconds since 1970.
    package var createdAt: Int64

    package init(id: String, publicKeyPEM: String, sealedPrivateKey: Data, createdAt: Int64) {
        self.id = id
        self.publicKeyPEM = publicKeyPEM
        self.sealedPrivateKey = sealedPrivateKey
        self.createdAt = createdAt
    }

    /// The AAD a pooled key is sealed with: a row's sealed key cannot be moved to another row.
    package static func sealingContext(id: String) -> String { "fortface/v1/pool/" + id }
}

/// What ``CaptureStore/openFortfaceSession(_:jtiExpiresAt:now:keysCreatedAfter:sealForSession:)`` did.
package enum FortfaceSessionOpening: Sendable, Equatable {
    /// The session is stored with a key claimed from the pool; the answer carries its public key.
    case opened(publicKeyPEM: String)
    /// The device token's `jti` was used before: nothing was written.
    case replayed
    /// The pool holds no fresh key: nothing was written (the `jti` stays unused).
    case noSessionKey
}
