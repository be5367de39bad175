package import Foundation

/// A Fortface capture session (`notes/security.md` §3.2): created by a handshake, consumed once by
/// the first payload that opens (capture, cancel or timeout), or expired.
///
/// The session's RSA private key is kept only while the session is open, as DER sealed with
/// AES-GCM under the server's key-encryption key with AAD = the session id; it is wiped in the
/// transaction that consumes or expires the session.
package struct FortfaceSessionRecord: Sendable, Equatable {
    /// Where a session is in its life.
    package enum State: String, Sendable, Equatable {
        case open
        case consumed
        case expired
    }

    /// 128 random bits, base64url (22 characters).
    package var id: String
    package var customerID: String
    /// The device key id from the device token.
    package var deviceKid: String
    /// The device token's `jti`.
    package var driJti: String
    /// The app the device token named.
    package var appID: String
    package var state: State
    /// Seconds since 1970.
    package var createdAt: Int64
    /// Seconds since 1970.
    package var expiresAt: Int64
    /// The session's public key as answered (SPKI PEM).
    package var publicKeyPEM: String
    /// The sealed private key; nil once consumed or expired.
    package var sealedPrivateKey: Data?
    /// SHA-256 of the payload that consumed the session.
    package var payloadDigest: String?
    /// `success`, `cancelled`, `timeout` or `error`, once consumed.
    package var outcome: String?
    /// The JSON answer given to the payload that consumed the session (answered again to the same payload).
    package var result: Data?

    package init(
        id: String, customerID: String, deviceKid: String, driJti: String, appID: String, state: State,
        createdAt: Int64, expiresAt: Int64, publicKeyPEM: String, sealedPrivateKey: Data?,
        payloadDigest: String? = nil, outcome: String? = nil, result: Data? = nil
    ) {
        self.id = id
        self.customerID = customerID
        self.deviceKid = deviceKid
        self.driJti = driJti
        self.appID = appID
        self.state = state
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.publicKeyPEM = publicKeyPEM
        self.sealedPrivateKey = sealedPrivateKey
        self.payloadDigest = payloadDigest
        self.outcome = outcome
        self.result = result
    }
}
