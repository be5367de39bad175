/// The holder's hair colour (element DAZ), from the ANSI D-20 codes the AAMVA standard uses.
package enum AAMVAHairColour: String, Sendable, Equatable, Hashable, CaseIterable {
    case bald = "BAL"
    case black = "BLK"
    case blond = "BLN"
    case brown = "BRO"
    case grey = "GRY"
    case red = "RED"
    case sandy = "SDY"
    case white = "WHI"
    case unknown = "UNK"

    /// Reads a DAZ value; "BRN" (seen on cards) is read as brown and flagged as legacy.
    static func parse(_ value: String) -> (colour: AAMVAHairColour, isLegacy: Bool)? {
        if let colour = AAMVAHairColour(rawValue: value) { return (colour, false) }
        if value == "BRN" { return (.brown, true) }
        return nil
    }
}
