package import Crypto
package import Foundation

/// A JSON Web Signature in compact form (`header.payload.signature`, RFC 7515), signed with
/// Ed25519 (`alg: EdDSA`), the one algorithm CaptureKit issues and accepts.
///
/// Licence keys, signed licence-validation answers and resource manifests are all compact JWSs
/// (formats in `notes/security.md` §3). Parsing is strict and bounded, and checks the header
/// against an allow-list *before* any cryptography: `alg` must be `EdDSA` (so `none` and HMAC
/// confusion are impossible), `typ` must be the one the caller expects, `kid` must be present,
/// and `crit` is refused.
package struct CompactJWS: Sendable, Equatable {
    /// The protected header.
    package struct Header: Codable, Sendable, Equatable {
        package var alg: String
        package var typ: String
        package var kid: String
        package var crit: [String]?

        package init(typ: String, kid: String) {
            self.alg = "EdDSA"
            self.typ = typ
            self.kid = kid
            self.crit = nil
        }
    }

    /// Largest token accepted by ``parse(_:maxLength:)`` by default (16 KiB).
    package static let defaultMaxLength = 16 * 1024

    /// The decoded header.
    package let header: Header
    /// The decoded payload bytes (JSON for every CaptureKit token).
    package let payload: [UInt8]
    /// The ASCII bytes that were signed: `header.payload` as transmitted.
    package let signingInput: [UInt8]
    /// The 64-byte signature.
    package let signature: [UInt8]

    /// Signs `payload` and returns the compact token.
    package static func sign(
        payload: some Sequence<UInt8>, typ: String, kid: String, key: Curve25519.Signing.PrivateKey
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let headerJSON = try encoder.encode(Header(typ: typ, kid: kid))
        let signingInput = Base64URL.encode(headerJSON) + "." + Base64URL.encode(payload)
        let signature = try key.signature(for: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Signs an `Encodable` payload (encoded as JSON with sorted keys).
    package static func sign<Payload: Encodable>(
        _ payload: Payload, typ: String, kid: String, key: Curve25519.Signing.PrivateKey
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try sign(payload: encoder.encode(payload), typ: typ, kid: kid, key: key)
    }

    /// Splits and decodes a token without verifying its signature.
    /// - Throws: ``JWSError`` when the token is too long, not three strict base64url segments,
    ///   or its header is not an allowed EdDSA header.
    package static func parse(_ token: String, maxLength: Int = defaultMaxLength) throws(JWSError) -> CompactJWS {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty else { throw .malformed("the token is empty") }
        guard bytes.count <= maxLength else { throw .tooLarge(bytes.count, limit: maxLength) }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("expected 3 dot-separated segments, found \(parts.count)") }
        guard let headerBytes = Base64URL.decode(parts[0]),
            let payload = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else {
            throw .malformed("a segment is not strict unpadded base64url")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(headerBytes))
        } catch {
            throw .malformed("the header is not the expected JSON object")
        }
        guard header.alg == "EdDSA" else { throw .unsupportedAlgorithm(header.alg) }
        guard header.crit == nil else { throw .malformed("critical header parameters are not supported") }
        guard !header.kid.isEmpty else { throw .malformed("the header has an empty kid") }
        guard signature.count == 64 else {
            throw .malformed("an Ed25519 signature has 64 bytes, not \(signature.count)")
        }
        let signingInput = Array(bytes[..<(parts[0].count + 1 + parts[1].count)])
        return CompactJWS(header: header, payload: payload, signingInput: signingInput, signature: signature)
    }

    /// Whether the signature is valid for `key`.
    package func isValid(for key: Curve25519.Signing.PublicKey) -> Bool {
        key.isValidSignature(signature, for: signingInput)
    }

    /// Decodes the payload as JSON (dates as seconds since 1970).
    package func decodePayload<T: Decodable>(as type: T.Type) throws(JWSError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(T.self, from: Data(payload))
        } catch {
            throw .malformed("the payload does not have the expected claims")
        }
    }
}

/// A set of Ed25519 public keys by key id, against which tokens are verified.
package struct JWSKeyring: Sendable {
    private var keys: [String: Curve25519.Signing.PublicKey]

    package init(_ keys: [String: Curve25519.Signing.PublicKey] = [:]) {
        self.keys = keys
    }

    /// Adds (or replaces) a key from its 32 raw bytes.
    package mutating func add(kid: String, rawPublicKey: some ContiguousBytes) throws {
        keys[kid] = try Curve25519.Signing.PublicKey(rawRepresentation: rawPublicKey)
    }

    /// Adds (or replaces) every key of `other`.
    package mutating func merge(_ other: JWSKeyring) {
        keys.merge(other.keys) { _, new in new }
    }

    /// Removes every key whose 32 raw bytes are `rawPublicKey`, whatever its key id.
    package mutating func removeKeys(matching rawPublicKey: [UInt8]) {
        keys = keys.filter { Array($0.value.rawRepresentation) != rawPublicKey }
    }

    /// The key ids known.
    package var keyIDs: [String] { keys.keys.sorted() }

    /// The key for `kid`.
    package func key(for kid: String) -> Curve25519.Signing.PublicKey? { keys[kid] }

    /// Parses `token`, checks its `typ`, finds its key by `kid` and verifies the signature.
    package func verify(
        _ token: String, expectedType: String, maxLength: Int = CompactJWS.defaultMaxLength
    )
        throws(JWSError) -> CompactJWS
    {
        let jws = try CompactJWS.parse(token, maxLength: maxLength)
        guard jws.header.typ == expectedType else { throw .wrongType(jws.header.typ, expected: expectedType) }
        guard let key = keys[jws.header.kid] else { throw .unknownKey(jws.header.kid) }
        guard jws.isValid(for: key) else { throw .badSignature }
        return jws
    }
}

/// Why a compact JWS was refused. Messages never contain the token itself.
package enum JWSError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    case tooLarge(Int, limit: Int)
    case unsupportedAlgorithm(String)
    case wrongType(String, expected: String)
    case unknownKey(String)
    case badSignature

    package var description: String {
        switch self {
        case let .malformed(why): return "The token is malformed: \(why)."
        case let .tooLarge(n, limit): return "The token has \(n) bytes, more than the \(limit) accepted."
        case let .unsupportedAlgorithm(alg): return "The token uses algorithm \"\(alg)\"; only EdDSA is accepted."
        case let .wrongType(typ, expected): return "The token is of type \"\(typ)\", not \"\(expected)\"."
        case let .unknownKey(kid): return "The token was signed with an unknown key \"\(kid)\"."
        case .badSignature: return "The token's signature does not verify: it was altered or forged."
        }
    }
}
