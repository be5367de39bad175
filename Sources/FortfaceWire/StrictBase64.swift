package import Foundation

/// Strict standard base64 (RFC 4648 §4) with padding, as the `{key, data, imgData}` fields use.
///
/// Refuses whitespace and newlines, the base64url alphabet (`-`, `_`), non-ASCII look-alikes,
/// missing padding and non-zero trailing bits, so every value has exactly one encoding.
/// Decoding is delegated to Foundation (fast on megabyte payloads) after the cheap checks.
package enum StrictBase64 {
    /// The bytes of `text`, or nil when it is not canonical padded standard base64.
    package static func decode(_ text: String) -> Data? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count % 4 == 0 else { return nil }
        guard let data = Data(base64Encoded: text) else { return nil }
        // Foundation accepts a last symbol with non-zero unused bits; canonical base64 does not.
        let tail = Array(utf8.suffix(3))
        if tail[1] == UInt8(ascii: "="), tail[2] == UInt8(ascii: "=") {
            guard let value = sextet(tail[0]), value & 0x0F == 0 else { return nil }
        } else if tail[2] == UInt8(ascii: "=") {
            guard let value = sextet(tail[1]), value & 0x03 == 0 else { return nil }
        }
        return data
    }

    private static func sextet(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
