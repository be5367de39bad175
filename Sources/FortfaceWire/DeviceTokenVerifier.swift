package import CaptureCore
import Crypto
package import Foundation

/// Verifies device tokens in the order of `notes/security.md` §3.1, failing fast: size, strict
/// base64url and three segments, `alg`/`typ` allow-list and version, the certificate against the
/// device CA, the signature by the certified key, then the `iat`/`exp` window.
///
/// Replay (`jti` consumption) and the tenant policy (registered app, environment, debug flag)
/// need the server's store and are checked there.
package struct DeviceTokenVerifier: Sendable {
    /// The device CA keys certificates must be signed by.
    package let deviceAuthority: JWSKeyring
    /// The clock skew tolerated on `iat`, `exp` and certificate validity, in seconds.
    package let skew: TimeInterval
    /// Certificates verified before, shared by every verifier made with it (nil: none kept).
    package let certificateCache: DeviceCertificateCache?

    package init(deviceAuthority: JWSKeyring, skew: TimeInterval = 120, certificateCache: DeviceCertificateCache? = nil)
    {
        self.deviceAuthority = deviceAuthority
        self.skew = skew
        self.certificateCache = certificateCache
    }

    /// The verified claims of `token` at `now`.
    package func verify(_ token: String, now: Date) throws(DeviceTokenError) -> DeviceTokenClaims {
        let bytes = Array(token.utf8)
        guard bytes.count <= DeviceToken.maximumLength else {
            throw .tooLarge(bytes: bytes.count, limit: DeviceToken.maximumLength)
        }
        guard !bytes.isEmpty else { throw .malformed("the token is empty") }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("expected 3 dot-separated segments, found \(parts.count)") }
        guard let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
            let signatureBytes = Base64URL.decode(parts[2])
        else {
            throw .malformed("a segment is not strict unpadded base64url")
        }

        let header = try decodeStrictly(headerBytes, what: "header", as: DeviceToken.Header.init(strictJSON:))
        guard header.alg == DeviceToken.algorithm else { throw .unsupportedAlgorithm(header.alg) }
        guard header.typ == DeviceToken.type else { throw .wrongType(header.typ) }
        guard header.crit == nil else { throw .malformed("critical header parameters are not supported") }
        guard !header.kid.isEmpty else { throw .malformed("the header has an empty kid") }

        let claims = try decodeStrictly(claimBytes, what: "claims", as: DeviceTokenClaims.init(strictJSON:))
        guard claims.v == DeviceTokenClaims.currentVersion else { throw .unsupportedVersion(claims.v) }
        guard claims.att.kind == DeviceAttestation.simulatedKind else {
            throw .unsupportedAttestation(String(claims.att.kind.prefix(32)))
        }

        let certificate = try DeviceCertificate.verify(
            claims.att.cert, keyring: deviceAuthority, now: now, skew: skew, cache: certificateCache)
        guard certificate.claims.kid == header.kid, certificate.claims.app == claims.app else {
            throw .certificateMismatch
        }

        guard signatureBytes.count == 64,
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        else {
            throw .badSignature
        }
        let signingInput = bytes[..<(parts[0].count + 1 + parts[1].count)]
        guard certificate.publicKey.isValidSignature(signature, for: Data(signingInput)) else { throw .badSignature }

        guard claims.exp > claims.iat, claims.exp - claims.iat <= DeviceTokenClaims.lifetime else {
            throw .invalidLifetime
        }
        let seconds = now.timeIntervalSince1970
        guard Double(claims.iat) <= seconds + skew else { throw .notYetValid }
        guard seconds - skew <= Double(claims.exp) else { throw .expired }
        return claims
    }

    /// Parses `bytes` once (``StrictJSON``: bounded depth, no duplicate key) and reads a `T` from the value.
    private func decodeStrictly<T>(
        _ bytes: [UInt8], what: String, as read: (StrictJSON.Value) throws(StrictJSON.FieldMismatch) -> T
    ) throws(DeviceTokenError) -> T {
        let value: StrictJSON.Value
        do {
            value = try StrictJSON.parse(bytes)
        } catch {
            throw .malformed("the \(what) JSON is refused: \(error)")
        }
        do {
            return try read(value)
        } catch {
            throw .malformed("the \(what) JSON does not have the expected fields")
        }
    }
}
