import Foundation
import Testing

@testable import DocumentEngine

/// The specimens printed in ICAO 9303 (parts 4 to 7 and part 11, appendix D.2), every check
/// digit of which was verified with `MRZCheckDigit` before writing the expectations.
@Suite struct MRZSpecimenTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)

    @Test func theTD3PassportSpecimenParsesWithEveryCheckPassing() throws {
        let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .td3)
        #expect(record.rawLines == lines)
        #expect(record.correctedLines == lines)
        #expect(record.documentCode == "P")
        #expect(record.issuingCountry == "UTO")
        #expect(record.primaryName == "ERIKSSON")
        #expect(record.secondaryName == "ANNA MARIA")
        #expect(record.documentNumber == "L898902C3")
        #expect(record.nationality == "UTO")
        #expect(record.dateOfBirth == MRZDate(year: 1974, month: 8, day: 12, raw: "740812"))
        #expect(record.dateOfBirth?.isoString == "1974-08-12")
        #expect(record.sex == "F")
        #expect(record.dateOfExpiry == MRZDate(year: 2012, month: 4, day: 15, raw: "120415"))
        #expect(record.optionalData1 == "ZE184226B")
        #expect(record.optionalData2 == "")
        #expect(
            record.checks
                == MRZChecks(
                    documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: true, composite: true))
        #expect(record.allChecksPassed)
        #expect(record.repairs.isEmpty)
    }

    @Test func theTD1CardSpecimenParsesWithEveryCheckPassing() throws {
        let lines = MRZFixture.td1Specimen
        #expect(
            lines == [
                "I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6",
                "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
            ])
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .td1)
        #expect(record.documentCode == "I")
        #expect(record.issuingCountry == "UTO")
        #expect(record.documentNumber == "D23145890")
        #expect(record.dateOfBirth?.isoString == "1974-08-12")
        #expect(record.sex == "F")
        #expect(record.dateOfExpiry?.isoString == "2012-04-15")
        #expect(record.nationality == "UTO")
        #expect(record.primaryName == "ERIKSSON")
        #expect(record.secondaryName == "ANNA MARIA")
        #expect(record.optionalData1 == "")
        #expect(record.optionalData2 == "")
        #expect(
            record.checks
                == MRZChecks(
                    documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil, composite: true))
        #expect(record.repairs.isEmpty)
    }

    @Test func theTD2SpecimenParsesWithEveryCheckPassing() throws {
        let lines = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .td2)
        #expect(record.documentCode == "I")
        #expect(record.issuingCountry == "UTO")
        #expect(record.primaryName == "ERIKSSON")
        #expect(record.secondaryName == "ANNA MARIA")
        #expect(record.documentNumber == "D23145890")
        #expect(record.nationality == "UTO")
        #expect(record.dateOfBirth?.isoString == "1974-08-12")
        #expect(record.sex == "F")
        #expect(record.dateOfExpiry?.isoString == "2012-04-15")
        #expect(record.optionalData1 == "")
        #expect(record.optionalData2 == "")
        #expect(
            record.checks
                == MRZChecks(
                    documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil, composite: true))
        #expect(record.repairs.isEmpty)
    }

    @Test func theMRVASpecimenParsesWithoutACompositeCheck() throws {
        let lines = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .mrvA)
        #expect(record.documentCode == "V")
        #expect(record.issuingCountry == "UTO")
        #expect(record.primaryName == "ERIKSSON")
        #expect(record.secondaryName == "ANNA MARIA")
        #expect(record.documentNumber == "L8988901C")
        #expect(record.nationality == "XXX")
        #expect(record.dateOfBirth?.isoString == "1940-09-07")
        #expect(record.sex == "F")
        // 2096 would be more than 50 years after 2024: the expiry is 1996.
        #expect(record.dateOfExpiry?.isoString == "1996-12-10")
        #expect(record.optionalData1 == "")
        #expect(record.optionalData2 == "6ZE184226B")
        #expect(
            record.checks
                == MRZChecks(
                    documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil, composite: nil))
        #expect(record.allChecksPassed)
        #expect(record.repairs.isEmpty)
    }

    @Test func theMRVBSpecimenParsesWithoutACompositeCheck() throws {
        let lines = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .mrvB)
        #expect(record.documentCode == "V")
        #expect(record.documentNumber == "L8988901C")
        #expect(record.nationality == "XXX")
        #expect(record.dateOfBirth?.isoString == "1940-09-07")
        #expect(record.dateOfExpiry?.isoString == "1996-12-10")
        #expect(record.primaryName == "ERIKSSON")
        #expect(record.secondaryName == "ANNA MARIA")
        #expect(record.optionalData2 == "")
        #expect(
            record.checks
                == MRZChecks(
                    documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil, composite: nil))
        #expect(record.repairs.isEmpty)
    }

    @Test func aTD1DocumentNumberLongerThanNineCharactersIsJoinedFromTheOptionalData() throws {
        // ICAO 9303 part 11, appendix D.2: the check position holds '<', "734" continues the number
        // in the optional data, followed by the check digit 9 over "D23145890734".
        let lines = [
            "I<UTOD23145890<7349<<<<<<<<<<<", "3407127M9507122UTO<<<<<<<<<<<2",
            "STEVENSON<<PETER<JOHN<<<<<<<<<",
        ]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .td1)
        #expect(record.documentNumber == "D23145890734")
        #expect(record.optionalData1 == "")
        #expect(record.dateOfBirth?.isoString == "1934-07-12")
        #expect(record.dateOfExpiry?.isoString == "1995-07-12")
        #expect(record.sex == "M")
        #expect(record.primaryName == "STEVENSON")
        #expect(record.secondaryName == "PETER JOHN")
        #expect(
            record.checks
                == MRZChecks(
                    documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: nil, composite: true))
        #expect(record.repairs.isEmpty)
    }

    @Test func aTD2DocumentNumberLongerThanNineCharactersIsJoinedFromTheOptionalData() throws {
        let lines = ["I<UTOSTEVENSON<<PETER<JOHN<<<<<<<<<<", "D23145890<UTO3407127M95071227349<<<8"]
        let record = try MRZParser.parse(lines, today: Self.today)
        #expect(record.format == .td2)
        #expect(record.documentNumber == "D23145890734")
        #expect(record.optionalData2 == "")
        #expect(record.checks.allPassed)
        #expect(record.repairs.isEmpty)
    }

    @Test func aLongNumberKeepsTheOptionalDataThatFollowsItsCheckDigit() throws {
        let fixture = MRZFixture(
            format: .td1, documentCode: "ID", issuingCountry: "UTO", primaryName: "DOE", secondaryName: "JANE",
            documentNumber: "AB1234567XY12", nationality: "UTO", dateOfBirth: "850101", sex: "X",
            dateOfExpiry: "300101", optionalData1: "Q7", optionalData2: "OPT2")
        let record = try MRZParser.parse(fixture.lines, today: Self.today)
        #expect(record.documentNumber == "AB1234567XY12")
        #expect(record.optionalData1 == "Q7")
        #expect(record.optionalData2 == "OPT2")
        #expect(record.documentCode == "ID")
        #expect(record.sex == "X")
        #expect(record.checks.allPassed)
        #expect(record.repairs.isEmpty)
    }

    @Test func aRecordRoundTripsThroughJSON() throws {
        let lines = MRZFixture.changing(MRZFixture.td3Specimen, line: 1, column: 15, to: "O")
        let record = try MRZParser.parse(lines, today: Self.today)
        let decoded = try JSONDecoder().decode(MRZRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
        #expect(decoded.repairs.count == 1)
    }

    @Test func theFormatFollowsLineCountLengthAndVisaCode() {
        func lines(_ first: String, _ lengths: Int...) -> [String] {
            lengths.enumerated().map { index, length in
                (index == 0 ? first : "") + String(repeating: "<", count: length - (index == 0 ? first.count : 0))
            }
        }
        #expect(MRZParser.format(of: lines("I", 30, 30, 30)) == .td1)
        #expect(MRZParser.format(of: lines("V", 30, 30, 30)) == .td1)
        #expect(MRZParser.format(of: lines("I", 36, 36)) == .td2)
        #expect(MRZParser.format(of: lines("V", 36, 36)) == .mrvB)
        #expect(MRZParser.format(of: lines("P", 44, 44)) == .td3)
        #expect(MRZParser.format(of: lines("V", 44, 44)) == .mrvA)
        #expect(MRZParser.format(of: lines("V", 44, 36)) == nil)
        #expect(MRZParser.format(of: lines("P", 44)) == nil)
        #expect(MRZParser.format(of: lines("P", 30, 30)) == nil)
        #expect(MRZParser.format(of: lines("p", 44, 44)) == nil)
        #expect(MRZParser.format(of: []) == nil)
        for format in MRZFormat.allCases {
            #expect(MRZFieldLayout.of(format).format == format)
        }
    }
}
