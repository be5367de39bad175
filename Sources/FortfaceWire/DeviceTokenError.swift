/// Why a device token (`deviceRequestInfo`) was refused. The first group is decided by
/// ``DeviceTokenVerifier`` alone; the last group by the server's policy and store.
///
/// The API answers every case with the same external error; the case is for logs and tests.
/// Messages never contain the token or its claims.
package enum DeviceTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than the 16 KiB accepted.
    case tooLarge(bytes: Int, limit: Int)
    /// Not three strict base64url segments, or a header or claims that are not the expected JSON.
    case malformed(String)
    /// The header's `alg` is not `ES256`.
    case unsupportedAlgorithm(String)
    /// The header's `typ` is not `fortface-dri+jwt`.
    case wrongType(String)
    /// The claims' `v` is not 1 (no downgrade, no unknown future version).
    case unsupportedVersion(Int)
    /// The attestation kind is not one this server accepts.
    case unsupportedAttestation(String)
    /// The device certificate is malformed, from an unknown CA, or its signature does not verify.
    case untrustedCertificate
    /// The device certificate is outside its validity period.
    case certificateExpired
    /// The certificate endorses another key (`kid`) or another app than the token claims.
    case certificateMismatch
    /// The token's signature does not verify with the certified device key: altered or forged.
    case badSignature
    /// The token is past `exp` (beyond the allowed clock skew).
    case expired
    /// The token's `iat` is further in the future than the allowed clock skew.
    case notYetValid
    /// `exp` is not after `iat`, or the token claims a lifetime longer than 300 s.
    case invalidLifetime
    /// The token's `jti` was already used in a handshake.
    case replayed
    /// The app is not registered for the calling customer.
    case appNotRegistered
    /// The token's `env` is not the deployment's environment.
    case environmentMismatch
    /// A debug-mode token presented to a production deployment.
    case debugInProduction
    /// A production token whose integrity signals say the device is unsuitable (debugger, injected
    /// libraries, jailbreak, emulator or hooking).
    case unsuitableDevice

    package var description: String {
        switch self {
        case let .tooLarge(bytes, limit):
            return "The device token has \(bytes) bytes, more than the \(limit) accepted."
        case let .malformed(why): return "The device token is malformed: \(why)."
        case let .unsupportedAlgorithm(alg):
            return "The device token uses algorithm \"\(alg)\"; only ES256 is accepted."
        case let .wrongType(typ): return "The device token has type \"\(typ)\", not \"fortface-dri+jwt\"."
        case let .unsupportedVersion(v): return "The device token has version \(v); only version 1 is accepted."
        case let .unsupportedAttestation(kind): return "The attestation kind \"\(kind)\" is not accepted."
        case .untrustedCertificate: return "The device certificate is not signed by a known device CA."
        case .certificateExpired: return "The device certificate has expired; provision the device again."
        case .certificateMismatch: return "The device certificate is for another device key or app."
        case .badSignature: return "The device token's signature does not verify: it was altered or forged."
        case .expired: return "The device token has expired; call start() again for a fresh one."
        case .notYetValid: return "The device token is issued in the future; check the device clock."
        case .invalidLifetime: return "The device token's lifetime is not the 300 s the format allows."
        case .replayed: return "The device token was already used; call start() again for a fresh one."
        case .appNotRegistered: return "The app is not registered for this customer."
        case .environmentMismatch: return "The device token is for another environment than this deployment."
        case .debugInProduction: return "Debug-mode device tokens are refused in production."
        case .unsuitableDevice: return "The device reported integrity signals that production refuses."
        }
    }
}
