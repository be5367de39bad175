@testable import DocumentEngine

/// Builds MRZ lines with correct check digits from field values, for tests.
struct MRZFixture {
    var format: MRZFormat
    /// Two characters, e.g. "P<", "ID", "V<".
    var documentCode: String
    var issuingCountry: String
    var primaryName: String
    var secondaryName: String
    /// Up to 9 characters, or longer for TD1 and TD2 (continued in the optional data).
    var documentNumber: String
    var nationality: String
    var dateOfBirth: String
    var sex: Character
    var dateOfExpiry: String
    /// TD1: optional data of line 1; TD3: the personal number.
    var optionalData1: String = ""
    /// TD1, TD2, MRV-A, MRV-B: optional data of line 2.
    var optionalData2: String = ""

    /// The zone's lines, check digits computed with `MRZCheckDigit`.
    var lines: [String] {
        let name = Self.pad(
            Self.fillers(primaryName) + "<<" + Self.fillers(secondaryName),
            format == .td1 ? 30 : format.lineLength - 5)
        let code = Self.pad(documentCode, 2) + Self.pad(issuingCountry, 3)
        var numberField = Self.pad(documentNumber, 9) + Self.check(Self.pad(documentNumber, 9))
        var continuation = ""
        if documentNumber.count > 9 {
            numberField = String(documentNumber.prefix(9)) + "<"
            continuation = String(documentNumber.dropFirst(9)) + Self.check(documentNumber) + "<"
        }
        let birth = dateOfBirth + Self.check(dateOfBirth)
        let expiry = dateOfExpiry + Self.check(dateOfExpiry)
        switch format {
        case .td1:
            let line1 = code + numberField + Self.pad(continuation + optionalData1, 15)
            let middle = birth + String(sex) + expiry + Self.pad(nationality, 3) + Self.pad(optionalData2, 11)
            let composite =
                String(line1.dropFirst(5)) + String(middle.prefix(7))
                + String(middle.dropFirst(8).prefix(7)) + String(middle.dropFirst(18))
            return [line1, middle + Self.check(composite), name]
        case .td2, .td3:
            let optionalLength = format == .td2 ? 7 : 14
            var optional = Self.pad(continuation + (format == .td2 ? optionalData2 : optionalData1), optionalLength)
            if format == .td3 {
                optional += optionalData1.isEmpty ? "<" : Self.check(optional)
            }
            let body = numberField + Self.pad(nationality, 3) + birth + String(sex) + expiry + optional
            let composite = String(body.prefix(10)) + String(body.dropFirst(13).prefix(7)) + String(body.dropFirst(21))
            return [code + name, body + Self.check(composite)]
        case .mrvA, .mrvB:
            let body = numberField + Self.pad(nationality, 3) + birth + String(sex) + expiry
            return [code + name, body + Self.pad(optionalData2, format.lineLength - 28)]
        }
    }

    static func check(_ field: String) -> String {
        MRZCheckDigit.compute(field).map(String.init) ?? "?"
    }

    static func fillers(_ text: String) -> String {
        String(text.map { $0 == " " ? "<" : $0 })
    }

    static func pad(_ text: String, _ length: Int) -> String {
        String((text + String(repeating: "<", count: max(0, length - text.count))).prefix(length))
    }
}

extension String {
    /// The line with the character at `column` replaced.
    func replacing(column: Int, with character: Character) -> String {
        var characters = Array(self)
        characters[column] = character
        return String(characters)
    }
}

extension MRZFixture {
    /// The ICAO 9303 part 4 passport specimen.
    static let td3Specimen = [
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ]
    /// The ICAO 9303 part 5 card specimen.
    static let td1Specimen = [
        "I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]
    /// The ICAO 9303 part 6 specimen.
    static let td2Specimen = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
    /// The ICAO 9303 part 7 full-size visa specimen.
    static let mrvASpecimen = [
        "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
    ]

    /// `lines` with the composite check digit recomputed over whatever they hold now.
    static func recomputingComposite(_ lines: [String], format: MRZFormat) -> [String] {
        let layout = MRZFieldLayout.of(format)
        guard let check = layout.compositeCheck else { return lines }
        let characters = lines.map(Array.init)
        let covered = layout.compositeSpans.map { span in String(span.columns.map { characters[span.line][$0] }) }
        let digit = Character(Self.check(covered.joined()))
        return lines.enumerated().map { index, line in
            index == check.line ? line.replacing(column: check.column, with: digit) : line
        }
    }

    /// `lines` with one character changed.
    static func changing(_ lines: [String], line: Int, column: Int, to character: Character) -> [String] {
        var lines = lines
        lines[line] = lines[line].replacing(column: column, with: character)
        return lines
    }
}
