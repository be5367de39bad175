/// A licence issued to a customer: the claims the server validates FBx-style API keys against and the
/// SHA-256 of the signed licence key.
///
/// The licence key itself (a compact JWS) is answered once, when the licence is issued, and never
/// stored: validation needs only the claims (kept in their own columns), the JWS is verified offline
/// by its signature, and the hash is enough to tell which licence a key someone presents is.
package struct LicenseRecord: Codable, Sendable, Equatable {
    /// Whether the licence counts. Revocation is final.
    package enum Status: String, Codable, Sendable {
        case active
        case revoked
    }

    /// The licence id, also the token's `jti` (`lic_` + 32 hex digits).
    package var id: String
    package var customerID: String
    /// `fbx`, `blinkid` or `fortface`.
    package var product: String
    /// Application ids covered; `*` covers any.
    package var bundleIDs: [String]
    package var platforms: [String]
    package var features: [String]
    package var issuedAt: Int64
    package var notBefore: Int64
    package var expiresAt: Int64
    package var maxSdk: String
    package var status: Status
    /// The `kid` of the key that signed the licence key.
    package var signingKeyID: String
    /// Lowercase hex SHA-256 of the compact JWS licence key (`license+jwt`).
    package var tokenSHA256: String

    package init(
        id: String, customerID: String, product: String, bundleIDs: [String], platforms: [String],
        features: [String], issuedAt: Int64, notBefore: Int64, expiresAt: Int64, maxSdk: String,
        status: Status, signingKeyID: String, tokenSHA256: String
    ) {
        self.id = id
        self.customerID = customerID
        self.product = product
        self.bundleIDs = bundleIDs
        self.platforms = platforms
        self.features = features
        self.issuedAt = issuedAt
        self.notBefore = notBefore
        self.expiresAt = expiresAt
        self.maxSdk = maxSdk
        self.status = status
        self.signingKeyID = signingKeyID
        self.tokenSHA256 = tokenSHA256
    }

    /// Whether the licence covers `bundleID` (exactly, or through `*`).
    package func covers(bundleID: String) -> Bool {
        bundleIDs.contains("*") || bundleIDs.contains(bundleID)
    }

    /// Whether the licence is active and inside its validity window at `now` (seconds since 1970).
    package func isInForce(at now: Int64) -> Bool {
        status == .active && notBefore <= now && now < expiresAt
    }
}
