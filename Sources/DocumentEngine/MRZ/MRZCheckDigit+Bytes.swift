extension MRZCheckDigit {
    /// The check digit (0-9) of `field` given as ASCII bytes, or nil if a byte is outside the MRZ
    /// alphabet; the same values and weights as ``compute(_:)``, without building a string (the
    /// repair search computes thousands of check digits per zone).
    package static func compute(ascii field: some Sequence<UInt8>) -> Int? {
        var sum = 0
        var weightIndex = 0
        for byte in field {
            let value: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "<"): value = 0
            default: return nil
            }
            sum += value * (weightIndex == 0 ? 7 : weightIndex == 1 ? 3 : 1)
            weightIndex = weightIndex == 2 ? 0 : weightIndex + 1
        }
        return sum % 10
    }
}
