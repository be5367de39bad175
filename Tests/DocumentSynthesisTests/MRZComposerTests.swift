import Testing

@testable import DocumentEngine
@testable import DocumentSynthesis

@Suite struct MRZComposerTests {
    private static func anna(code: String, number: String, optional: String) -> SyntheticIdentity {
        SyntheticIdentity(
            documentCode: code, issuingState: "UTO", nationality: "UTO", surname: "Eriksson", givenNames: "Anna Maria",
            documentNumber: number, dateOfBirth: .init(year: 1974, month: 8, day: 12), sex: .female,
            dateOfExpiry: .init(year: 2012, month: 4, day: 15), optionalData: optional)
    }

    @Test func icaoPassportSpecimenIsReproducedExactly() throws {
        let lines = try MRZComposer.lines(
            for: Self.anna(code: "P", number: "L898902C3", optional: "ZE184226B"), format: .td3)
        #expect(
            lines == ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"])
    }

    @Test func icaoIdentityCardSpecimenIsReproducedExactly() throws {
        let lines = try MRZComposer.lines(for: Self.anna(code: "I", number: "D23145890", optional: ""), format: .td1)
        #expect(
            lines == [
                "I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6",
                "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
            ])
    }

    @Test func randomIdentitiesGiveWellFormedLinesWithEveryCheckDigitCorrect() throws {
        var random = SeededGenerator(seed: 2024)
        for format in MRZFormat.allCases {
            for _ in 0..<120 {
                let identity = SyntheticIdentity.random(for: format, using: &random)
                let lines = try MRZComposer.lines(for: identity, format: format)
                #expect(lines.count == format.lineCount)
                for line in lines {
                    #expect(line.count == format.lineLength)
                    #expect(line.allSatisfy { MRZCheckDigit.value(of: $0) != nil })
                }
                #expect(Self.checkDigitsAreValid(lines, format), "\(format): \(lines)")
            }
        }
    }

    @Test func longNamesAreTruncatedGivenNamesFirst() throws {
        let field = try MRZComposer.nameField(
            surname: "Abercrombie-Fitzwilliam", givenNames: "Christopher Alexander",
            length: 30)
        #expect(field == "ABERCROMBIE<FITZWILLIAM<<CHR<A")
        let primaryOnly = try MRZComposer.nameField(
            surname: "Wolfeschlegelsteinhausenbergerdorff",
            givenNames: "Hubert", length: 30)
        #expect(primaryOnly == "WOLFESCHLEGELSTEINHAUSENBERGER")
        let fits = try MRZComposer.nameField(surname: "Lee", givenNames: "", length: 39)
        #expect(fits == "LEE" + String(repeating: "<", count: 36))
    }

    @Test func namesAreTransliteratedPerICAO() {
        #expect(MRZComposer.transliterate("O'Neil") == "ONEIL")
        #expect(MRZComposer.transliterate("van der Berg") == "VAN<DER<BERG")
        #expect(MRZComposer.transliterate("Jean-Pierre") == "JEAN<PIERRE")
        #expect(MRZComposer.transliterate("Müller") == "MUELLER")
        #expect(MRZComposer.transliterate("Strauß") == "STRAUSS")
        #expect(MRZComposer.transliterate("Østergård") == "OESTERGAARD")
        #expect(MRZComposer.transliterate("García López") == "GARCIA<LOPEZ")
        #expect(MRZComposer.transliterate("Þór") == "THOR")
    }

    @Test func longTD1DocumentNumbersOverflowIntoTheOptionalData() throws {
        var identity = Self.anna(code: "I", number: "AB1234567890", optional: "")
        let lines = try MRZComposer.lines(for: identity, format: .td1)
        let upper = Array(lines[0])
        #expect(String(upper[5..<14]) == "AB1234567")
        #expect(upper[14] == "<")
        let digit = try #require(MRZCheckDigit.character(for: "AB1234567890"))
        #expect(String(upper[15..<19]) == "890" + String(digit))
        #expect(String(upper[19...]).allSatisfy { $0 == "<" })
        #expect(Self.checkDigitsAreValid(lines, .td1))

        identity.optionalData = "XY7"
        let withOptional = try MRZComposer.lines(for: identity, format: .td1)
        #expect(String(Array(withOptional[0])[15..<23]) == "890\(digit)<XY7")
    }

    @Test func dataThatCannotBeWrittenGivesATypedError() {
        var identity = Self.anna(code: "P", number: "L898902C3", optional: "")
        identity.documentNumber = "L898-902"
        #expect(throws: MRZCompositionError.invalidCharacters(field: "document number")) {
            try MRZComposer.lines(for: identity, format: .td3)
        }
        identity.documentNumber = "L898902C3X"
        #expect(throws: MRZCompositionError.fieldTooLong(field: "document number", maximum: 9)) {
            try MRZComposer.lines(for: identity, format: .td3)
        }
    }

    // MARK: Independent check-digit verification

    private static func digitMatches(_ line: [Character], _ range: Range<Int>, _ at: Int) -> Bool {
        MRZCheckDigit.character(for: String(line[range])) == line[at]
    }

    /// The document number's check digit, following the overflow rule when the digit slot holds `<`.
    private static func numberDigitMatches(_ line: [Character], start: Int, optional: [Character]) -> Bool {
        if line[start + 9] != "<" { return digitMatches(line, start..<(start + 9), start + 9) }
        guard let end = optional.firstIndex(of: "<") ?? (optional.isEmpty ? nil : optional.count), end >= 2 else {
            return false
        }
        let number = String(line[start..<(start + 9)]) + String(optional[0..<(end - 1)])
        return MRZCheckDigit.character(for: number) == optional[end - 1]
    }

    static func checkDigitsAreValid(_ lines: [String], _ format: MRZFormat) -> Bool {
        switch format {
        case .td1:
            let l1 = Array(lines[0])
            let l2 = Array(lines[1])
            let composite = String(l1[5..<30]) + String(l2[0..<7]) + String(l2[8..<15]) + String(l2[18..<29])
            return numberDigitMatches(l1, start: 5, optional: Array(l1[15..<30]))
                && digitMatches(l2, 0..<6, 6) && digitMatches(l2, 8..<14, 14)
                && MRZCheckDigit.character(for: composite) == l2[29]
        case .td2, .td3:
            let l2 = Array(lines[1])
            let end = format == .td2 ? 35 : 43
            var ok =
                numberDigitMatches(l2, start: 0, optional: format == .td2 ? Array(l2[28..<35]) : [])
                && digitMatches(l2, 13..<19, 19) && digitMatches(l2, 21..<27, 27)
            if format == .td3 { ok = ok && digitMatches(l2, 28..<42, 42) }
            let composite = String(l2[0..<10]) + String(l2[13..<20]) + String(l2[21..<end])
            return ok && MRZCheckDigit.character(for: composite) == l2[end]
        case .mrvA, .mrvB:
            let l2 = Array(lines[1])
            return digitMatches(l2, 0..<9, 9) && digitMatches(l2, 13..<19, 19) && digitMatches(l2, 21..<27, 27)
        }
    }
}
