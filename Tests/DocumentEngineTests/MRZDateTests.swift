import Foundation
import Testing

@testable import DocumentEngine

/// Century resolution against an injected `today` and date validity.
@Suite struct MRZDateTests {
    static let today = MRZDate(year: 2024, month: 6, day: 15)

    @Test(arguments: [
        ("240615", "2024-06-15"),  // today itself is not after today
        ("240616", "1924-06-16"),  // one day later would be in the future
        ("240614", "2024-06-14"),
        ("000101", "2000-01-01"),
        ("991231", "1999-12-31"),
        ("250101", "1925-01-01"),
        ("000229", "2000-02-29"),  // leap year
    ])
    func aBirthDateIsTheLatestDateNotAfterToday(raw: String, iso: String) throws {
        let date = try #require(MRZParser.birthDate(raw, today: Self.today))
        #expect(date.isoString == iso)
        #expect(date.raw == raw)
    }

    @Test(arguments: [
        ("740615", "2074-06-15"),  // exactly 50 years after today: still 20YY
        ("740616", "1974-06-16"),  // more than 50 years after today: 19YY
        ("750101", "1975-01-01"),
        ("991231", "1999-12-31"),
        ("300101", "2030-01-01"),
        ("120415", "2012-04-15"),  // already expired: still 20YY
        ("000101", "2000-01-01"),
    ])
    func anExpiryDateIs20YYUnlessThatIsMoreThan50YearsAhead(raw: String, iso: String) throws {
        let date = try #require(MRZParser.expiryDate(raw, today: Self.today))
        #expect(date.isoString == iso)
    }

    @Test func centuriesMoveWithTheInjectedToday() throws {
        let early = MRZDate(year: 1990, month: 1, day: 1)
        #expect(MRZParser.birthDate("891231", today: early)?.year == 1989)
        #expect(MRZParser.birthDate("900102", today: early)?.year == 1890)
        #expect(MRZParser.expiryDate("400101", today: early)?.year == 2040)
        #expect(MRZParser.expiryDate("400102", today: early)?.year == 1940)
    }

    @Test(arguments: ["741332", "740001", "740230", "010229", "7408A2", "74<812", "<<<<<<", "00000"])
    func impossibleDatesAreNil(raw: String) {
        #expect(MRZParser.birthDate(raw, today: Self.today) == nil)
        #expect(MRZParser.expiryDate(raw, today: Self.today) == nil)
    }

    @Test func anInvalidDateIsNilWhileItsCheckIsReportedHonestly() throws {
        // Month 13, check digit computed over "741312", so the check itself agrees.
        let fixture = MRZFixture(
            format: .td3, documentCode: "P<", issuingCountry: "UTO", primaryName: "DOE", secondaryName: "JANE",
            documentNumber: "X12345678", nationality: "UTO", dateOfBirth: "741312", sex: "F", dateOfExpiry: "300230")
        let record = try MRZParser.parse(fixture.lines, today: Self.today)
        #expect(record.dateOfBirth == nil)
        #expect(record.dateOfExpiry == nil)
        #expect(record.checks.dateOfBirth)
        #expect(record.checks.dateOfExpiry)
        #expect(record.allChecksPassed)
    }

    @Test func todayIsTheCalendarDayInTheGivenTimeZone() throws {
        let instant = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
        let utc = try #require(TimeZone(secondsFromGMT: 0))
        let east = try #require(TimeZone(secondsFromGMT: 2 * 3600))
        #expect(MRZDate(dayOf: instant, in: utc) == MRZDate(year: 2023, month: 11, day: 14))
        #expect(MRZDate(dayOf: instant, in: east) == MRZDate(year: 2023, month: 11, day: 15))
    }

    @Test func dateFormsPadTheirFields() {
        #expect(MRZDate(year: 2005, month: 3, day: 7).raw == "050307")
        #expect(MRZDate(year: 2005, month: 3, day: 7).isoString == "2005-03-07")
        #expect(MRZDate(year: 812, month: 11, day: 30).isoString == "0812-11-30")
        #expect(MRZDate.isValid(year: 2024, month: 2, day: 29))
        #expect(!MRZDate.isValid(year: 1900, month: 2, day: 29))
        #expect(!MRZDate.isValid(year: 2023, month: 4, day: 31))
    }
}
