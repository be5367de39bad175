package import Foundation

/// The claims of a CaptureKit licence key: a compact JWS (``CompactJWS``, `typ: license+jwt`)
/// signed with the vendor's Ed25519 key, verified offline by the SDK (`notes/security.md` §3.5).
///
/// Times are whole seconds since 1970 (JWT NumericDate).
package struct LicenseClaims: Codable, Sendable, Equatable {
    /// The JWS `typ` of a licence key.
    package static let tokenType = "license+jwt"

    /// Whether, and how often, the SDK must confirm the licence online.
    package struct OnlineCheck: Codable, Sendable, Equatable {
        package var required: Bool
        /// Hours an online confirmation stays valid.
        package var ttlH: Int
        /// Days the SDK keeps working offline after the TTL.
        package var graceD: Int

        package init(required: Bool, ttlH: Int = 24, graceD: Int = 7) {
            self.required = required
            self.ttlH = ttlH
            self.graceD = graceD
        }
    }

    /// The issuer (the vendor).
    package var iss: String
    /// The licensee's id.
    package var sub: String
    /// The licence's id (for revocation).
    package var jti: String
    /// Application (bundle or package) ids the licence covers; `*` covers any.
    package var aud: [String]
    /// The product: `blinkid`, `fortface`, `fbx`.
    package var prod: String
    /// Platforms: `ios`, `android`, `linux`.
    package var plat: [String]
    /// Licensed features (e.g. `mrz`, `barcode`).
    package var feat: [String]
    package var iat: Date
    package var nbf: Date
    package var exp: Date
    /// Highest SDK version the licence covers (semantic version, e.g. `1.99.99`).
    package var maxSdk: String
    /// Online confirmation rules, if any.
    package var online: OnlineCheck?

    package init(
        iss: String = "capturekit", sub: String, jti: String, aud: [String], prod: String, plat: [String],
        feat: [String], iat: Date, nbf: Date, exp: Date, maxSdk: String, online: OnlineCheck? = nil
    ) {
        self.iss = iss
        self.sub = sub
        self.jti = jti
        self.aud = aud
        self.prod = prod
        self.plat = plat
        self.feat = feat
        self.iat = iat.wholeSeconds
        self.nbf = nbf.wholeSeconds
        self.exp = exp.wholeSeconds
        self.maxSdk = maxSdk
        self.online = online
    }
}

extension Date {
    /// The date rounded down to a whole second (JWT NumericDate precision).
    package var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
