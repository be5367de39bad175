/// A field that a check digit covers, resolved against the text of one zone (the document number
/// of TD1 and TD2 depends on the text: a long number continues in the optional data).
struct MRZCheckedField: Sendable, Equatable {
    /// Which check this is.
    enum Kind: Sendable, Equatable {
        case documentNumber, dateOfBirth, dateOfExpiry, personalNumber
    }

    let kind: Kind
    /// The covered characters, in the order the check digit weighs them.
    let positions: [MRZPosition]
    /// Where the check digit stands; nil when the layout promises one that the text lacks (a long
    /// document number without its continuation), which makes the check fail.
    let check: MRZPosition?
    /// What the covered characters may hold.
    let characterClass: MRZCharacterClass
    /// Whether an all-filler field may carry `<` or `0` as its check (ICAO's rule for TD3's personal number).
    let allowsFillerCheck: Bool

    /// Whether the check digit agrees with the field in `text`.
    func agrees(in text: MRZText) -> Bool {
        guard let check else { return false }
        let checkCharacter = text[check]
        if allowsFillerCheck, positions.allSatisfy({ text[$0] == MRZText.filler }) {
            return checkCharacter == MRZText.filler || checkCharacter == UInt8(ascii: "0")
        }
        return MRZText.checkDigit(of: positions.map { text[$0] }) == checkCharacter
    }
}
