/// Why a session key PEM was refused by ``SessionPublicKey/init(pem:)``.
package enum SessionKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The newlines were escaped to the two characters `\n` somewhere between the API and the SDK.
    case mangledNewlines
    /// Not a PEM public key (garbage, truncated, a body that is not base64, missing lines).
    case malformed
    /// A PKCS#1 `RSA PUBLIC KEY`; the API always sends SPKI (`PUBLIC KEY`).
    case notSubjectPublicKeyInfo
    /// A public key of another algorithm (EC, Ed25519, ...).
    case notRSA
    /// An RSA key smaller than 2048 bits.
    case tooSmall(bits: Int)

    package var description: String {
        switch self {
        case .mangledNewlines:
            return "The session key's newlines arrived as the two characters \\n: "
                + "pass the key exactly as the API sent it."
        case .malformed: return "The session key is not a PEM public key: pass the key exactly as the API sent it."
        case .notSubjectPublicKeyInfo:
            return "The session key is a PKCS#1 RSA PUBLIC KEY; the API sends SPKI (BEGIN PUBLIC KEY)."
        case .notRSA: return "The session key is not an RSA key."
        case let .tooSmall(bits): return "The session key has \(bits) bits; at least 2048 are required."
        }
    }
}
