/// The ICAO 9303 check digit: characters valued 0-9 (digits), 10-35 (A-Z), 0 (`<`), weighted
/// 7, 3, 1 repeating, summed modulo 10.
package enum MRZCheckDigit {
    /// The value of one MRZ character, or nil if it is not in the MRZ alphabet.
    package static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(ascii - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(ascii - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "<"): return 0
        default: return nil
        }
    }

    /// The check digit (0-9) of `field`, or nil if it holds a character outside the MRZ alphabet.
    package static func compute<S: StringProtocol>(_ field: S) -> Int? {
        let weights = [7, 3, 1]
        var sum = 0
        for (i, ch) in field.enumerated() {
            guard let v = value(of: ch) else { return nil }
            sum += v * weights[i % 3]
        }
        return sum % 10
    }

    /// The check digit of `field` as a character.
    package static func character<S: StringProtocol>(for field: S) -> Character? {
        compute(field).map { Character(String($0)) }
    }
}
