/// Where every field of one MRZ layout sits (ICAO 9303 parts 4 to 7).
struct MRZFieldLayout: Sendable {
    let format: MRZFormat
    let documentCode: MRZSpan
    let issuingCountry: MRZSpan
    let name: MRZSpan
    let documentNumber: MRZSpan
    let documentNumberCheck: MRZPosition
    let nationality: MRZSpan
    let dateOfBirth: MRZSpan
    let dateOfBirthCheck: MRZPosition
    let sex: MRZPosition
    let dateOfExpiry: MRZSpan
    let dateOfExpiryCheck: MRZPosition
    /// TD1: optional data of line 1; TD3: the personal number.
    let optionalData1: MRZSpan?
    /// TD3 only.
    let personalNumberCheck: MRZPosition?
    /// Optional data of line 2 (TD1, TD2, MRV-A, MRV-B).
    let optionalData2: MRZSpan?
    /// Where a document number longer than 9 characters continues (TD1, TD2).
    let documentNumberContinuation: MRZSpan?
    /// The spans the composite check digit covers, in order; empty for visas.
    let compositeSpans: [MRZSpan]
    let compositeCheck: MRZPosition?

    static func of(_ format: MRZFormat) -> MRZFieldLayout {
        switch format {
        case .td1:
            let optional1 = MRZSpan(0, 15..<30)
            return MRZFieldLayout(
                format: format, documentCode: MRZSpan(0, 0..<2), issuingCountry: MRZSpan(0, 2..<5),
                name: MRZSpan(2, 0..<30), documentNumber: MRZSpan(0, 5..<14),
                documentNumberCheck: MRZPosition(line: 0, column: 14), nationality: MRZSpan(1, 15..<18),
                dateOfBirth: MRZSpan(1, 0..<6), dateOfBirthCheck: MRZPosition(line: 1, column: 6),
                sex: MRZPosition(line: 1, column: 7), dateOfExpiry: MRZSpan(1, 8..<14),
                dateOfExpiryCheck: MRZPosition(line: 1, column: 14), optionalData1: optional1,
                personalNumberCheck: nil, optionalData2: MRZSpan(1, 18..<29), documentNumberContinuation: optional1,
                compositeSpans: [MRZSpan(0, 5..<30), MRZSpan(1, 0..<7), MRZSpan(1, 8..<15), MRZSpan(1, 18..<29)],
                compositeCheck: MRZPosition(line: 1, column: 29))
        case .td2, .td3, .mrvA, .mrvB:
            let length = format.lineLength
            let optionalEnd: Int
            switch format {
            case .td2: optionalEnd = 35
            case .td3: optionalEnd = 42
            default: optionalEnd = length
            }
            let optional = MRZSpan(1, 28..<optionalEnd)
            let composite: [MRZSpan]
            let compositeCheck: MRZPosition?
            if format.isVisa {
                composite = []
                compositeCheck = nil
            } else {
                composite = [MRZSpan(1, 0..<10), MRZSpan(1, 13..<20), MRZSpan(1, 21..<length - 1)]
                compositeCheck = MRZPosition(line: 1, column: length - 1)
            }
            return MRZFieldLayout(
                format: format, documentCode: MRZSpan(0, 0..<2), issuingCountry: MRZSpan(0, 2..<5),
                name: MRZSpan(0, 5..<length), documentNumber: MRZSpan(1, 0..<9),
                documentNumberCheck: MRZPosition(line: 1, column: 9), nationality: MRZSpan(1, 10..<13),
                dateOfBirth: MRZSpan(1, 13..<19), dateOfBirthCheck: MRZPosition(line: 1, column: 19),
                sex: MRZPosition(line: 1, column: 20), dateOfExpiry: MRZSpan(1, 21..<27),
                dateOfExpiryCheck: MRZPosition(line: 1, column: 27),
                optionalData1: format == .td3 ? optional : nil,
                personalNumberCheck: format == .td3 ? MRZPosition(line: 1, column: 42) : nil,
                optionalData2: format == .td3 ? nil : optional,
                documentNumberContinuation: format == .td2 ? optional : nil,
                compositeSpans: composite, compositeCheck: compositeCheck)
        }
    }

    /// The document number as it stands in `text`: the covered characters, where its check digit
    /// is, and (for a long number) the columns of the continuation span left for optional data.
    ///
    /// ICAO 9303 parts 5 and 6: when the number is longer than 9 characters, the check-digit
    /// position holds `<`, and the optional data starts with the remaining characters, then the
    /// check digit (computed over the whole number), then a filler.
    func documentNumberParts(in text: MRZText) -> (field: MRZCheckedField, remainingOptionalColumns: Range<Int>?) {
        let principal = documentNumber.positions
        guard let continuation = documentNumberContinuation, text[documentNumberCheck] == MRZText.filler else {
            return (checkedField(.documentNumber, principal, documentNumberCheck, .alphanumeric), nil)
        }
        var runEnd = continuation.columns.lowerBound
        while runEnd < continuation.columns.upperBound,
            text[MRZPosition(line: continuation.line, column: runEnd)] != MRZText.filler
        {
            runEnd += 1
        }
        let runLength = runEnd - continuation.columns.lowerBound
        guard runLength >= 2 else {
            // A filler in the check position with nothing to continue: the check cannot agree.
            return (checkedField(.documentNumber, principal, nil, .alphanumeric), nil)
        }
        let overflow = (continuation.columns.lowerBound..<runEnd - 1).map {
            MRZPosition(line: continuation.line, column: $0)
        }
        let check = MRZPosition(line: continuation.line, column: runEnd - 1)
        return (
            checkedField(.documentNumber, principal + overflow, check, .alphanumeric),
            runEnd..<continuation.columns.upperBound
        )
    }

    /// Every field a check digit covers, resolved against `text`.
    func checkedFields(in text: MRZText) -> [MRZCheckedField] {
        var fields = [
            documentNumberParts(in: text).field,
            checkedField(.dateOfBirth, dateOfBirth.positions, dateOfBirthCheck, .numeric),
            checkedField(.dateOfExpiry, dateOfExpiry.positions, dateOfExpiryCheck, .numeric),
        ]
        if let optionalData1, let personalNumberCheck {
            fields.append(
                MRZCheckedField(
                    kind: .personalNumber, positions: optionalData1.positions, check: personalNumberCheck,
                    characterClass: .alphanumeric, allowsFillerCheck: true))
        }
        return fields
    }

    /// Whether the composite check digit agrees in `text`; nil for layouts without one.
    func compositeAgrees(in text: MRZText) -> Bool? {
        guard let compositeCheck else { return nil }
        let covered = compositeSpans.flatMap { span in span.columns.map { text.lines[span.line][$0] } }
        return MRZText.checkDigit(of: covered) == text[compositeCheck]
    }

    /// Every position of `text` that no check digit covers, its own or the composite (names, codes,
    /// nationality, sex, and optional data outside any check): what a check digit agreeing says
    /// nothing about.
    func uncheckedPositions(in text: MRZText) -> [MRZPosition] {
        var covered = Set<MRZPosition>()
        for field in checkedFields(in: text) {
            covered.formUnion(field.positions)
            if let check = field.check { covered.insert(check) }
        }
        for span in compositeSpans { covered.formUnion(span.positions) }
        if let compositeCheck { covered.insert(compositeCheck) }
        var unchecked: [MRZPosition] = []
        for (line, characters) in text.lines.enumerated() {
            for column in characters.indices where !covered.contains(MRZPosition(line: line, column: column)) {
                unchecked.append(MRZPosition(line: line, column: column))
            }
        }
        return unchecked
    }

    /// The spans that hold letters only and no check digit covers: document code, issuing state,
    /// nationality and name.
    var alphabeticSpans: [MRZSpan] { [documentCode, issuingCountry, nationality, name] }

    /// Every check-digit position of the layout (the long document number's is resolved separately).
    var fixedCheckPositions: [MRZPosition] {
        [documentNumberCheck, dateOfBirthCheck, dateOfExpiryCheck]
            + [personalNumberCheck, compositeCheck].compactMap { $0 }
    }

    private func checkedField(
        _ kind: MRZCheckedField.Kind, _ positions: [MRZPosition], _ check: MRZPosition?,
        _ characterClass: MRZCharacterClass
    ) -> MRZCheckedField {
        MRZCheckedField(
            kind: kind, positions: positions, check: check, characterClass: characterClass,
            allowsFillerCheck: false)
    }
}
