/// The holder's height (element DAU; DAV in version 01 for centimetres).
///
/// The standard writes "068 in" or "175 cm". Version 01 wrote feet and inches as three digits
/// ("510" = 5 ft 10 in); some cards leave the unit out. Both are read.
package struct AAMVAHeight: Sendable, Equatable, Hashable {
    /// The unit the card states the height in.
    package enum Unit: String, Sendable, Equatable, Hashable {
        case inches = "in"
        case centimetres = "cm"
    }

    package var value: Int
    package var unit: Unit

    package init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Plausible heights: 1 to 9 ft, 30 to 275 cm.
    static let inchRange = 12...108
    static let centimetreRange = 30...275

    /// Reads a DAU value. `defaultUnit` applies when no unit is written; `allowsFeetAndInches`
    /// reads three unit-less digits as feet and inches (version 01). Returns whether a legacy form
    /// was used; nil when the value is no height.
    static func parse(
        _ text: String, defaultUnit: Unit, allowsFeetAndInches: Bool
    )
        -> (height: AAMVAHeight, isLegacy: Bool)?
    {
        let bytes = Array(text.utf8)
        var digits = 0
        while digits < bytes.count, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
        guard digits >= 1 else { return nil }
        // Feet and inches with a separator: "5-10", "5'10".
        if digits == 1, bytes.count >= 3, bytes.count <= 4,
            bytes[1] == UInt8(ascii: "-") || bytes[1] == UInt8(ascii: "'")
        {
            let rest = bytes[2...]
            guard rest.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            let feet = Int(bytes[0] - 0x30), inches = rest.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard inches < 12 else { return nil }
            return validated(AAMVAHeight(value: feet * 12 + inches, unit: .inches), isLegacy: true)
        }
        guard digits <= 3 else { return nil }
        let number = bytes[0..<digits].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var rest = bytes[digits...]
        while rest.first == 0x20 { rest.removeFirst() }
        let unitText = String(decoding: rest, as: UTF8.self).lowercased()
        switch unitText {
        case "in": return validated(AAMVAHeight(value: number, unit: .inches), isLegacy: false)
        case "cm": return validated(AAMVAHeight(value: number, unit: .centimetres), isLegacy: false)
        case "":
            if allowsFeetAndInches, digits == 3, number % 100 < 12, (3...8).contains(number / 100) {
                return validated(AAMVAHeight(value: (number / 100) * 12 + number % 100, unit: .inches), isLegacy: true)
            }
            return validated(AAMVAHeight(value: number, unit: defaultUnit), isLegacy: true)
        default:
            return nil
        }
    }

    private static func validated(_ height: AAMVAHeight, isLegacy: Bool) -> (height: AAMVAHeight, isLegacy: Bool)? {
        let range = height.unit == .inches ? inchRange : centimetreRange
        return range.contains(height.value) ? (height, isLegacy) : nil
    }
}
