/// Turns the lines of a machine-readable zone into verified fields (ICAO 9303 parts 3 to 7).
///
/// ```swift
/// let record = try MRZParser.parse(
///     ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"],
///     today: MRZDate(year: 2011, month: 1, day: 1))
/// record.documentNumber       // "L898902C3"
/// record.dateOfBirth?.isoString // "1974-08-12"
/// record.allChecksPassed      // true
/// ```
package enum MRZParser {
    /// The layout that lines of these lengths and first characters form, or nil when they form none.
    ///
    /// 3 lines of 30 are TD1; 2 lines of 36 are MRV-B when the document code starts with `V`, TD2
    /// otherwise; 2 lines of 44 are MRV-A when the code starts with `V`, TD3 otherwise. Every line
    /// must have the same length and hold only `A-Z`, `0-9` and `<`.
    package static func format(of lines: [String]) -> MRZFormat? {
        // Cheap shape check first, so that a huge line is not scanned.
        guard (2...3).contains(lines.count), lines.allSatisfy({ $0.utf8.count <= 44 }),
            let text = try? MRZText(validating: lines)
        else { return nil }
        return format(of: text)
    }

    static func format(of text: MRZText) -> MRZFormat? {
        guard let first = text.lines.first, text.lines.allSatisfy({ $0.count == first.count }) else { return nil }
        let isVisa = first.first == UInt8(ascii: "V")
        switch (text.lines.count, first.count) {
        case (3, 30): return .td1
        case (2, 36): return isVisa ? .mrvB : .td2
        case (2, 44): return isVisa ? .mrvA : .td3
        default: return nil
        }
    }

    /// Parses `lines`, repairing OCR confusions (see ``MRZConfusionRepairer``), and reports which
    /// check digits agree.
    ///
    /// Dates are `YYMMDD`; a date whose month or day does not exist is nil, and its check digit is
    /// still reported as it is. The century is resolved against `today` (passed in, never read
    /// from the clock):
    /// - **date of birth**: the latest date with these `YYMMDD` that is not after `today`;
    /// - **date of expiry**: `20YY`, unless that date is more than 50 years after `today`, then `19YY`.
    ///
    /// Names split at the first `<<` into primary and secondary identifiers; a run of fillers inside
    /// either becomes one space and fillers at the ends are trimmed; a name without `<<` is all
    /// primary; a name truncated at the end of the line is kept as read.
    ///
    /// - Throws: ``MRZParseError`` when the lines are not a zone: none, a count other than 2 or 3,
    ///   lengths no layout has, lower-case letters or characters outside `A-Z`, `0-9`, `<`.
    package static func parse(_ lines: [String], today: MRZDate) throws(MRZParseError) -> MRZRecord {
        let (format, raw) = try validate(lines)
        var text = raw
        let layout = MRZFieldLayout.of(format)
        let repairs = MRZConfusionRepairer.repair(&text, layout: layout)
        return record(from: text, rawLines: lines, layout: layout, repairs: repairs, today: today)
    }

    /// Checks the shape and alphabet of `lines` and returns their layout and bytes.
    static func validate(_ lines: [String]) throws(MRZParseError) -> (MRZFormat, MRZText) {
        guard !lines.isEmpty else { throw .noLines }
        guard lines.count == 2 || lines.count == 3 else { throw .unsupportedLineCount(lines.count) }
        let lengths = lines.map { $0.unicodeScalars.count }
        let allowedLengths = lines.count == 3 ? [30] : [36, 44]
        guard allowedLengths.contains(lengths[0]) else { throw .unsupportedLineLength(line: 0, length: lengths[0]) }
        if let index = lengths.firstIndex(where: { $0 != lengths[0] }) {
            throw .unsupportedLineLength(line: index, length: lengths[index])
        }
        let text = try MRZText(validating: lines)
        guard let format = format(of: text) else { throw .unsupportedLineLength(line: 0, length: lengths[0]) }
        return (format, text)
    }

    /// Reads the fields of repaired `text`.
    static func record(
        from text: MRZText, rawLines: [String], layout: MRZFieldLayout, repairs: [MRZRepair], today: MRZDate
    ) -> MRZRecord {
        let (numberField, remainingColumns) = layout.documentNumberParts(in: text)
        let documentNumber = withoutFillers(numberField.positions.map { text[$0] })

        var optionalData1 = layout.optionalData1.map { withoutFillers(text.string($0)) } ?? ""
        var optionalData2 = layout.optionalData2.map { withoutFillers(text.string($0)) } ?? ""
        if let continuation = layout.documentNumberContinuation {
            let remaining = remainingColumns.map { withoutFillers(text.string(MRZSpan(continuation.line, $0))) }
            if let remaining, continuation == layout.optionalData1 { optionalData1 = remaining }
            if let remaining, continuation == layout.optionalData2 { optionalData2 = remaining }
        }

        let fields = layout.checkedFields(in: text)
        func passes(_ kind: MRZCheckedField.Kind) -> Bool {
            fields.first { $0.kind == kind }?.agrees(in: text) ?? false
        }
        let checks = MRZChecks(
            documentNumber: passes(.documentNumber), dateOfBirth: passes(.dateOfBirth),
            dateOfExpiry: passes(.dateOfExpiry),
            personalNumber: layout.personalNumberCheck == nil ? nil : passes(.personalNumber),
            composite: layout.compositeAgrees(in: text))

        let (primaryName, secondaryName) = names(text.string(layout.name))
        return MRZRecord(
            format: layout.format, rawLines: rawLines, correctedLines: text.strings,
            documentCode: withoutFillers(text.string(layout.documentCode)),
            issuingCountry: withoutFillers(text.string(layout.issuingCountry)),
            documentNumber: documentNumber,
            dateOfBirth: birthDate(text.string(layout.dateOfBirth), today: today),
            dateOfExpiry: expiryDate(text.string(layout.dateOfExpiry), today: today),
            sex: String(Character(Unicode.Scalar(text[layout.sex]))),
            nationality: withoutFillers(text.string(layout.nationality)),
            primaryName: primaryName, secondaryName: secondaryName,
            optionalData1: optionalData1, optionalData2: optionalData2, checks: checks, repairs: repairs)
    }

    /// The date of birth: the latest date with these `YYMMDD` not after `today`; nil if invalid.
    static func birthDate(_ raw: String, today: MRZDate) -> MRZDate? {
        guard let (yy, month, day) = dateParts(raw) else { return nil }
        var year = today.year - ((today.year - yy) % 100 + 100) % 100
        if MRZDate(year: year, month: month, day: day).isAfter(today) { year -= 100 }
        return validDate(year: year, month: month, day: day, raw: raw)
    }

    /// The date of expiry: `20YY` unless more than 50 years after `today`, then `19YY`; nil if invalid.
    static func expiryDate(_ raw: String, today: MRZDate) -> MRZDate? {
        guard let (yy, month, day) = dateParts(raw) else { return nil }
        let limit = MRZDate(year: today.year + 50, month: today.month, day: today.day)
        var year = 2000 + yy
        if MRZDate(year: year, month: month, day: day).isAfter(limit) { year -= 100 }
        return validDate(year: year, month: month, day: day, raw: raw)
    }

    /// Primary and secondary identifiers of a name field.
    static func names(_ field: String) -> (primary: String, secondary: String) {
        let characters = Array(field)
        var split: Int?
        for index in characters.indices.dropLast() where characters[index] == "<" && characters[index + 1] == "<" {
            split = index
            break
        }
        guard let split else { return (nameText(characters[...]), "") }
        return (nameText(characters[..<split]), nameText(characters[(split + 2)...]))
    }

    private static func nameText(_ characters: ArraySlice<Character>) -> String {
        characters.split(separator: "<", omittingEmptySubsequences: true).map { String($0) }.joined(separator: " ")
    }

    private static func withoutFillers<S: Sequence>(_ characters: S) -> String where S.Element == UInt8 {
        String(decoding: characters.filter { $0 != MRZText.filler }, as: UTF8.self)
    }

    private static func withoutFillers(_ text: String) -> String {
        withoutFillers(Array(text.utf8))
    }

    private static func dateParts(_ raw: String) -> (yy: Int, month: Int, day: Int)? {
        let digits = raw.utf8.map { Int($0) - Int(UInt8(ascii: "0")) }
        guard digits.count == 6, digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        return (digits[0] * 10 + digits[1], digits[2] * 10 + digits[3], digits[4] * 10 + digits[5])
    }

    private static func validDate(year: Int, month: Int, day: Int, raw: String) -> MRZDate? {
        guard MRZDate.isValid(year: year, month: month, day: day) else { return nil }
        return MRZDate(year: year, month: month, day: day, raw: raw)
    }
}
