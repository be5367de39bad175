package import CaptureCore

/// An sRGB colour with opacity, written as `#RRGGBBAA` in JSON (the catalog's wire form).
package struct EyewearColor: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8
    /// Opacity: 255 opaque, 0 invisible (for lenses, how strongly they are tinted).
    package var alpha: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    package init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: UInt8(full >> 24), green: UInt8((full >> 16) & 0xFF), blue: UInt8((full >> 8) & 0xFF),
            alpha: UInt8(full & 0xFF))
    }

    package var hex: String {
        "#"
            + [red, green, blue, alpha].map { byte in
                let s = String(byte, radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }.joined()
    }

    package var description: String { hex }

    package var rgba: RGBA { RGBA(r: red, g: green, b: blue, a: alpha) }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let colour = EyewearColor(hex: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected #RRGGBB or #RRGGBBAA"))
        }
        self = colour
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
