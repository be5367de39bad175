import CaptureCore
import Crypto
import Foundation

/// The device token (`deviceRequestInfo`): a compact JWS signed ES256 by the device key, header
/// `{alg:"ES256", typ:"fortface-dri+jwt", kid}` (`notes/security.md` §3.1).
package enum DeviceToken {
    /// The JWS `typ` of a device token.
    package static let type = "fortface-dri+jwt"
    /// The one algorithm used and accepted.
    package static let algorithm = "ES256"
    /// The largest token accepted (16 KiB).
    package static let maximumLength = 16 * 1024

    /// The protected header.
    package struct Header: Codable, Sendable, Equatable {
        package var alg: String
        package var typ: String
        package var kid: String
        package var crit: [String]?

        /// Reads the header from its parsed JSON with the rules of its `Codable` form.
        package init(strictJSON value: StrictJSON.Value) throws(StrictJSON.FieldMismatch) {
            let fields = try StrictJSON.Fields(value)
            alg = try fields.string("alg")
            typ = try fields.string("typ")
            kid = try fields.string("kid")
            crit = try fields.optionalStrings("crit")
        }

        package init(alg: String, typ: String, kid: String, crit: [String]?) {
            self.alg = alg
            self.typ = typ
            self.kid = kid
            self.crit = crit
        }
    }

    /// Signs `claims` with the device key of `credentials`.
    package static func make(claims: DeviceTokenClaims, credentials: DeviceCredentials) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = Header(alg: algorithm, typ: type, kid: credentials.kid, crit: nil)
        let signingInput =
            Base64URL.encode(try encoder.encode(header)) + "."
            + Base64URL.encode(try encoder.encode(claims))
        let signature = try credentials.signingKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }
}
