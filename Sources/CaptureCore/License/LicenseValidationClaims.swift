package import Foundation

/// The claims of a signed online-validation answer for an FBx-style API key: a compact JWS
/// (``CompactJWS``, `typ: license-validation+jwt`) returned by `POST /v1/licenses/validate`
/// (`notes/security.md` §3.5).
///
/// The SDK checks the signature against its keyring, that ``nonce`` is the one it sent (so an old
/// answer cannot be replayed) and that ``bundleId`` is its own; it may then work offline until
/// ``cacheUntil``, and with a warning until ``graceUntil``. Times are whole seconds since 1970.
package struct LicenseValidationClaims: Codable, Sendable, Equatable {
    /// The JWS `typ` of a validation answer.
    package static let tokenType = "license-validation+jwt"

    /// The licence state the answer reports. The server signs only `active` answers; the other states
    /// exist so that a cached answer can be re-evaluated and so the format can grow.
    package enum Status: String, Codable, Sendable, CaseIterable {
        case active
        case revoked
        case expired
        case suspended
    }

    package var status: Status
    /// The id of the API key (never the key itself).
    package var keyId: String
    /// The application the answer is for.
    package var bundleId: String
    /// Licensed features.
    package var features: [String]
    /// The client's nonce, echoed.
    package var nonce: String
    /// When the answer was signed.
    package var iat: Date
    /// Until when the SDK may use this answer without asking again.
    package var cacheUntil: Date
    /// Until when the SDK may keep working (with a warning) if it cannot reach the server.
    package var graceUntil: Date

    package init(
        status: Status, keyId: String, bundleId: String, features: [String], nonce: String,
        iat: Date, cacheUntil: Date, graceUntil: Date
    ) {
        self.status = status
        self.keyId = keyId
        self.bundleId = bundleId
        self.features = features
        self.nonce = nonce
        self.iat = iat.wholeSeconds
        self.cacheUntil = cacheUntil.wholeSeconds
        self.graceUntil = graceUntil.wholeSeconds
    }
}
