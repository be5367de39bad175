/// The holder's eye colour (element DAY), from the ANSI D-20 codes the AAMVA standard uses.
package enum AAMVAEyeColour: String, Sendable, Equatable, Hashable, CaseIterable {
    case black = "BLK"
    case blue = "BLU"
    case brown = "BRO"
    case grey = "GRY"
    case green = "GRN"
    case hazel = "HAZ"
    case maroon = "MAR"
    case pink = "PNK"
    case dichromatic = "DIC"
    case unknown = "UNK"

    /// Reads a DAY value; "BRN" (seen on cards) is read as brown and flagged as legacy.
    static func parse(_ value: String) -> (colour: AAMVAEyeColour, isLegacy: Bool)? {
        if let colour = AAMVAEyeColour(rawValue: value) { return (colour, false) }
        if value == "BRN" { return (.brown, true) }
        return nil
    }
}
