/// One character that the parser changed to repair an OCR confusion (`0/O`, `1/I`, `8/B`, `5/S`,
/// `2/Z`), with its position in the zone.
package struct MRZRepair: Sendable, Equatable, Hashable, Codable {
    /// Why the character was changed.
    package enum Reason: String, Sendable, Equatable, Hashable, Codable {
        /// The character cannot stand in its field (a digit in a name or country code, a letter in
        /// a check-digit position); it was replaced by the character it is confused with.
        case impossibleCharacter
        /// The substitution is the only smallest one that makes the field's check digit (and the
        /// composite check digit, where the layout has one) agree.
        case checkDigitAgreement
    }

    /// The line, counted from 0.
    package let line: Int
    /// The column within the line, counted from 0.
    package let column: Int
    /// The character as read.
    package let from: Character
    /// The character it was replaced by.
    package let to: Character
    /// Why it was replaced.
    package let reason: Reason

    package init(line: Int, column: Int, from: Character, to: Character, reason: Reason) {
        self.line = line
        self.column = column
        self.from = from
        self.to = to
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case line, column, from, to, reason
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
        from = try Self.decodeCharacter(container, .from)
        to = try Self.decodeCharacter(container, .to)
        reason = try container.decode(Reason.self, forKey: .reason)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(String(from), forKey: .from)
        try container.encode(String(to), forKey: .to)
        try container.encode(reason, forKey: .reason)
    }

    private static func decodeCharacter(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> Character {
        let text = try container.decode(String.self, forKey: key)
        guard text.count == 1, let character = text.first else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "expected exactly one character")
        }
        return character
    }
}
