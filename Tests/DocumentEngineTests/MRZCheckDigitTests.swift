import Testing

@testable import DocumentEngine

@Suite struct MRZCheckDigitTests {
    @Test func icaoSpecimenFieldsHaveTheirPrintedCheckDigits() {
        // ICAO 9303 part 4 specimen (Anna Maria Eriksson): number, birth date, expiry date.
        #expect(MRZCheckDigit.compute("L898902C3") == 6)
        #expect(MRZCheckDigit.compute("740812") == 2)
        #expect(MRZCheckDigit.compute("120415") == 9)
    }

    @Test func fillersCountAsZero() {
        #expect(MRZCheckDigit.compute("<<<<<<<<<") == 0)
        #expect(MRZCheckDigit.value(of: "<") == 0)
        #expect(MRZCheckDigit.value(of: "Z") == 35)
    }

    @Test func charactersOutsideTheAlphabetHaveNoCheckDigit() {
        #expect(MRZCheckDigit.compute("AB-12") == nil)
        #expect(MRZCheckDigit.compute("abc") == nil)
    }
}
