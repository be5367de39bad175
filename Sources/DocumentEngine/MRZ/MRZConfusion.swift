/// The OCR-B confusions the parser repairs: `0/O`, `1/I`, `8/B`, `5/S` and `2/Z`.
enum MRZConfusion {
    private static let pairs: [(digit: UInt8, letter: UInt8)] = [
        (UInt8(ascii: "0"), UInt8(ascii: "O")),
        (UInt8(ascii: "1"), UInt8(ascii: "I")),
        (UInt8(ascii: "8"), UInt8(ascii: "B")),
        (UInt8(ascii: "5"), UInt8(ascii: "S")),
        (UInt8(ascii: "2"), UInt8(ascii: "Z")),
    ]

    /// The character `byte` is confused with, if it belongs to a pair.
    static func partner(of byte: UInt8) -> UInt8? {
        for pair in pairs {
            if pair.digit == byte { return pair.letter }
            if pair.letter == byte { return pair.digit }
        }
        return nil
    }

    /// The digit a letter is confused with.
    static func digit(for letter: UInt8) -> UInt8? {
        pairs.first { $0.letter == letter }?.digit
    }

    /// The letter a digit is confused with.
    static func letter(for digit: UInt8) -> UInt8? {
        pairs.first { $0.digit == digit }?.letter
    }
}
