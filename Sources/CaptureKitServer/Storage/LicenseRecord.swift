/// A licence issued to a customer: the signed licence key (``token``) and the claims the server
/// validates FBx-style API keys against.
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
    /// The `kid` of the key that signed ``token``.
    package var signingKeyID: String
    /// The compact JWS licence key (`license+jwt`). A credential: never logged.
    package var token: String

    package init(
        id: String, customerID: String, product: String, bundleIDs: [String], platforms: [String],
        features: [String], issuedAt: Int64, notBefore: Int64, expiresAt: Int64, maxSdk: String,
        status: Status, signingKeyID: String, token: String
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
        self.token = token
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
