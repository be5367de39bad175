package import DocumentEngine
import Foundation

/// Writes the machine-readable zone of a document from its data, per ICAO 9303 parts 4 to 7:
/// field layout for TD1, TD2, TD3, MRV-A and MRV-B, every check digit (including the composite
/// digit of TD1, TD2 and TD3), name transliteration and truncation, and the overflow rule for long
/// TD1/TD2 document numbers.
///
/// This is the generator's own implementation, independent of the engine's MRZ parser, so the two
/// can check each other. It reproduces ICAO's specimens exactly:
///
/// ```swift
/// let lines = try MRZComposer.lines(for: anna, format: .td3)
/// // ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
/// //  "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
/// ```
package enum MRZComposer {
    /// The MRZ lines of `identity` printed in `format`.
    package static func lines(
        for identity: SyntheticIdentity, format: MRZFormat
    ) throws(MRZCompositionError) -> [String] {
        let code = try field(identity.documentCode, named: "document code", length: 2, minimum: 1)
        let state = try field(identity.issuingState, named: "issuing state", length: 3, minimum: 1)
        let nationality = try field(identity.nationality, named: "nationality", length: 3, minimum: 1)
        let birth = try date(identity.dateOfBirth, named: "date of birth")
        let expiry = try date(identity.dateOfExpiry, named: "date of expiry")
        let number = try plain(identity.documentNumber, named: "document number")
        guard !number.isEmpty else { throw .emptyField(field: "document number") }
        guard number.count <= format.maximumDocumentNumberLength else {
            throw .fieldTooLong(field: "document number", maximum: format.maximumDocumentNumberLength)
        }
        let name = try nameField(
            surname: identity.surname, givenNames: identity.givenNames,
            length: format.nameFieldLength)
        let sex = identity.sex.rawValue
        let birthField = birth + digit(birth)
        let expiryField = expiry + digit(expiry)

        switch format {
        case .td1:
            let (numberField, overflow) = documentNumberField(number)
            let optional1 = try field(joined(overflow, identity.optionalData), named: "optional data", length: 15)
            let optional2 = try field(identity.optionalData2, named: "optional data 2", length: 11)
            let upper = code + state + numberField + optional1
            let middleStart = birthField + sex + expiryField + nationality + optional2
            let composite = String(upper.dropFirst(5)) + birthField + expiryField + optional2
            return [upper, middleStart + digit(composite), name]

        case .td2:
            let (numberField, overflow) = documentNumberField(number)
            let optional = try field(joined(overflow, identity.optionalData), named: "optional data", length: 7)
            let start = numberField + nationality + birthField + sex + expiryField + optional
            let composite = numberField + birthField + expiryField + optional
            return [code + state + name, start + digit(composite)]

        case .td3:
            let numberField = pad(number, 9) + digit(pad(number, 9))
            let personal = try field(identity.optionalData, named: "personal number", length: 14)
            let personalField = personal + digit(personal)
            let start = numberField + nationality + birthField + sex + expiryField + personalField
            let composite = numberField + birthField + expiryField + personalField
            return [code + state + name, start + digit(composite)]

        case .mrvA, .mrvB:
            let numberField = pad(number, 9) + digit(pad(number, 9))
            let optional = try field(
                identity.optionalData, named: "optional data",
                length: format.trailingOptionalDataLength)
            return [code + state + name, numberField + nationality + birthField + sex + expiryField + optional]
        }
    }

    /// The name field: primary identifier, `<<`, secondary identifiers separated by `<`, padded with
    /// `<` to `length`.
    ///
    /// Names are transliterated first (``transliterate(_:)``). When they do not fit, they are
    /// truncated as ICAO 9303 part 3 recommends: secondary identifiers are shortened first, from
    /// the last name backwards, each down to its initial; then trailing secondary names are dropped;
    /// only then is the primary identifier cut. A truncated field therefore ends with a letter.
    package static func nameField(
        surname: String, givenNames: String, length: Int
    ) throws(MRZCompositionError) -> String {
        let primary = transliterate(surname)
        guard !primary.isEmpty else { throw .emptyField(field: "surname") }
        var secondary = transliterate(givenNames).split(separator: "<").map(String.init)

        func joined() -> String {
            secondary.isEmpty ? primary : primary + "<<" + secondary.joined(separator: "<")
        }
        var text = joined()
        // Shorten secondary names, last first, down to initials.
        var excess = text.count - length
        var index = secondary.count - 1
        while excess > 0, index >= 0 {
            let cut = min(excess, secondary[index].count - 1)
            secondary[index].removeLast(max(0, cut))
            excess -= max(0, cut)
            index -= 1
        }
        // Drop trailing secondary names (each takes its letters and one filler; the last also "<<").
        while excess > 0, let last = secondary.popLast() {
            excess -= last.count + (secondary.isEmpty ? 2 : 1)
        }
        text = joined()
        if text.count > length {
            text = String(primary.prefix(length))
            while text.last == "<" { text.removeLast() }
        }
        return pad(text, length)
    }

    /// A name in the MRZ alphabet: upper case; national characters transliterated per ICAO 9303
    /// part 3 (Ä → AE, Å → AA, Ø → OE, Ü → UE, ß → SS, Þ → TH, accents dropped); apostrophes and
    /// full stops omitted (O'NEIL → ONEIL); spaces, hyphens and commas become one `<` each
    /// (VAN DER BERG → VAN<DER<BERG); anything else is dropped.
    package static func transliterate(_ name: String) -> String {
        ICAOTransliteration.preferred(name)
    }

    /// The first nine characters and the check digit, or, for longer numbers (ICAO overflow rule),
    /// the first nine, a `<` in the check-digit position, and the rest of the number followed by the
    /// check digit of the whole number (to go at the start of the optional data, then a filler).
    private static func documentNumberField(_ number: String) -> (field: String, overflow: String) {
        if number.count <= 9 {
            let padded = pad(number, 9)
            return (padded + digit(padded), "")
        }
        return (String(number.prefix(9)) + "<", String(number.dropFirst(9)) + digit(number))
    }

    /// The overflow of a long document number, then a filler, then the optional data.
    private static func joined(_ overflow: String, _ optional: String) -> String {
        overflow.isEmpty || optional.isEmpty ? overflow + optional : overflow + "<" + optional
    }

    private static func digit(_ field: String) -> String {
        // Every caller passes text already checked against the MRZ alphabet.
        MRZCheckDigit.compute(field).map(String.init) ?? "<"
    }

    private static func pad(_ text: String, _ length: Int) -> String {
        text.count >= length ? text : text + String(repeating: "<", count: length - text.count)
    }

    /// Upper-cases `value`, checks it against the MRZ alphabet and pads it to `length`.
    private static func field(
        _ value: String, named name: String, length: Int, minimum: Int = 0
    ) throws(MRZCompositionError) -> String {
        let text = try plain(value, named: name)
        guard text.count >= minimum else { throw .emptyField(field: name) }
        guard text.count <= length else { throw .fieldTooLong(field: name, maximum: length) }
        return pad(text, length)
    }

    private static func plain(_ value: String, named name: String) throws(MRZCompositionError) -> String {
        let text = value.uppercased()
        guard text.allSatisfy({ MRZCheckDigit.value(of: $0) != nil }) else {
            throw .invalidCharacters(field: name)
        }
        return text
    }

    private static func date(
        _ value: SyntheticIdentity.CalendarDate, named name: String
    ) throws(MRZCompositionError) -> String {
        guard (1...12).contains(value.month), (1...31).contains(value.day), value.year >= 0 else {
            throw .invalidDate(field: name)
        }
        return value.mrz
    }
}

/// Why document data could not be written as an MRZ. Cases name the field, never its value.
package enum MRZCompositionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field holds characters outside the MRZ alphabet (A-Z, 0-9, `<`).
    case invalidCharacters(field: String)
    /// The field is longer than the format allows.
    case fieldTooLong(field: String, maximum: Int)
    /// A required field is empty.
    case emptyField(field: String)
    /// The date has an impossible month or day.
    case invalidDate(field: String)

    package var description: String {
        switch self {
        case .invalidCharacters(let field):
            return "The \(field) holds characters outside the MRZ alphabet; use A-Z, 0-9 and '<' only."
        case .fieldTooLong(let field, let maximum):
            return "The \(field) is longer than the \(maximum) characters this MRZ format holds; shorten it."
        case .emptyField(let field):
            return "The \(field) is empty; an MRZ needs it."
        case .invalidDate(let field):
            return "The \(field) is not a valid calendar date; give a month 1-12 and a day 1-31."
        }
    }
}
