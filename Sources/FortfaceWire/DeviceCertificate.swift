package import CaptureCore
package import Crypto
package import Foundation

/// A device certificate: a compact JWS (EdDSA) by the vendor's device CA endorsing one device's
/// P-256 public key for one app, for a limited time. The simulated stand-in for an App Attest
/// or Play Integrity chain (`notes/security.md` §3.1).
package enum DeviceCertificate {
    /// The JWS `typ` header and `typ` claim of a certificate.
    package static let type = "fortface-device-cert"

    /// The claims of a certificate.
    package struct Claims: Codable, Sendable, Equatable {
        /// Always ``DeviceCertificate/type``.
        package var typ: String
        /// The device key id: base64url(SHA-256(SPKI DER)).
        package var kid: String
        /// The device's P-256 public key, base64url of its SPKI DER.
        package var spki: String
        /// The app (bundle or package id) the device key is endorsed for.
        package var app: String
        /// Issue time, seconds since 1970.
        package var iat: Int64
        /// Expiry time, seconds since 1970.
        package var exp: Int64

        /// Reads the claims from their parsed JSON with the rules of their `Codable` form.
        package init(strictJSON value: StrictJSON.Value) throws(StrictJSON.FieldMismatch) {
            let fields = try StrictJSON.Fields(value)
            typ = try fields.string("typ")
            kid = try fields.string("kid")
            spki = try fields.string("spki")
            app = try fields.string("app")
            iat = try fields.int64("iat")
            exp = try fields.int64("exp")
        }

        package init(typ: String, kid: String, spki: String, app: String, iat: Int64, exp: Int64) {
            self.typ = typ
            self.kid = kid
            self.spki = spki
            self.app = app
            self.iat = iat
            self.exp = exp
        }
    }

    /// Issues a certificate for `devicePublicKey` and `app`, valid from `issuedAt` for `validity` seconds.
    package static func issue(
        devicePublicKey: P256.Signing.PublicKey, app: String, issuedAt: Date, validity: TimeInterval,
        authority: DeviceCertificateAuthority
    ) throws -> String {
        let iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        let claims = Claims(
            typ: type, kid: DeviceCredentials.kid(for: devicePublicKey),
            spki: Base64URL.encode(devicePublicKey.derRepresentation), app: app,
            iat: iat, exp: iat + Int64(validity.rounded(.down))
        )
        return try CompactJWS.sign(claims, typ: type, kid: authority.kid, key: authority.privateKey)
    }

    /// Verifies a certificate against the device CA keys in `keyring` at `now` (± `skew` seconds)
    /// and returns its claims with the device public key.
    /// - Throws: `.untrustedCertificate` (malformed, unknown CA, bad signature), `.certificateExpired`.
    ///
    /// With a `cache`, a certificate verified before (the same text) skips the signature, JSON and key
    /// checks; its validity window is still checked at `now`. Only certificates that verify are cached.
    package static func verify(
        _ certificate: String, keyring: JWSKeyring, now: Date, skew: TimeInterval = 0,
        cache: DeviceCertificateCache? = nil
    ) throws(DeviceTokenError) -> (claims: Claims, publicKey: P256.Signing.PublicKey) {
        if let entry = cache?.entry(for: certificate) {
            try checkValidity(entry.claims, now: now, skew: skew)
            return (entry.claims, entry.publicKey)
        }
        let verified = try verifyUncached(certificate, keyring: keyring)
        try checkValidity(verified.claims, now: now, skew: skew)
        cache?.insert(
            DeviceCertificateCache.Entry(claims: verified.claims, publicKey: verified.publicKey), for: certificate)
        return verified
    }

    /// The signature, JSON and key checks of ``verify(_:keyring:now:skew:cache:)``, without the time window.
    private static func verifyUncached(
        _ certificate: String, keyring: JWSKeyring
    ) throws(DeviceTokenError) -> (claims: Claims, publicKey: P256.Signing.PublicKey) {
        let jws: CompactJWS
        do {
            jws = try keyring.verify(certificate, expectedType: type, maxLength: 4096)
        } catch {
            throw .untrustedCertificate
        }
        let claims: Claims
        do {
            claims = try Claims(strictJSON: try StrictJSON.parse(jws.payload))
        } catch {
            throw .untrustedCertificate
        }
        guard claims.typ == type, claims.exp > claims.iat else { throw .untrustedCertificate }
        guard let der = Base64URL.decode(claims.spki),
            let publicKey = try? P256.Signing.PublicKey(derRepresentation: der),
            DeviceCredentials.kid(for: publicKey) == claims.kid
        else {
            throw .untrustedCertificate
        }
        return (claims, publicKey)
    }

    /// Refuses a certificate outside its validity window at `now` (± `skew` seconds).
    private static func checkValidity(_ claims: Claims, now: Date, skew: TimeInterval) throws(DeviceTokenError) {
        let seconds = now.timeIntervalSince1970
        guard Double(claims.iat) <= seconds + skew, seconds - skew <= Double(claims.exp) else {
            throw .certificateExpired
        }
    }
}
