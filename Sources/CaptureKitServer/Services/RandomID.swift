/// Unguessable identifiers: a prefix and 128 random bits in hex (`cus_9f…`), so ids cannot be
/// enumerated (`notes/security.md` §4 case 47).
package enum RandomID {
    /// A new id with `prefix` (e.g. `cus`, `key`, `lic`).
    package static func make(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<16).map { _ -> String in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
        return "\(prefix)_\(hex)"
    }

    /// Whether `text` has the shape of an id with `prefix`.
    package static func isWellFormed(_ text: String, prefix: String) -> Bool {
        let expected = prefix + "_"
        guard text.hasPrefix(expected), text.utf8.count == expected.utf8.count + 32 else { return false }
        return text.utf8.dropFirst(expected.utf8.count).allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66)
        }
    }
}
