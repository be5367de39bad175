import Testing

@testable import DocumentEngine

/// Printed date formats, as a table: the text, the layout's digit order, and the date or nil.
@Suite struct VizDateParserTests {
    @Test(
        arguments: [
            ("12.08.1974", VizLayout.DateOrder.dayMonthYear, "1974-08-12"),
            ("12/08/1974", .dayMonthYear, "1974-08-12"),
            ("08/12/1974", .monthDayYear, "1974-08-12"),
            ("1974-08-12", .monthDayYear, "1974-08-12"),
            ("1974-08-12", .dayMonthYear, "1974-08-12"),
            ("12 AUG 1974", .dayMonthYear, "1974-08-12"),
            ("12 AUG/AOÛT 74", .dayMonthYear, "1974-08-12"),
            ("12 AUG/AOUT 74", .dayMonthYear, "1974-08-12"),
            ("30 AUG/AOÙÛT 15", .dayMonthYear, "2015-08-30"),
            ("30 AUG/AOÙŬT 15", .dayMonthYear, "2015-08-30"),
            ("30 AUG/AOUTT 15", .dayMonthYear, "2015-08-30"),
            ("03 MÄR/MAR 01", .dayMonthYear, "2001-03-03"),
            ("05 ENE 1990", .dayMonthYear, "1990-01-05"),
            ("09 DEZ 1961", .dayMonthYear, "1961-12-09"),
            ("1O.O8.1974", .dayMonthYear, "1974-08-10"),
            ("25JAN 2008", .dayMonthYear, "2008-01-25"),
            ("25 JAN2008", .dayMonthYear, "2008-01-25"),
            ("25JANX 2008", .dayMonthYear, nil),
            ("29 0CT 09", .dayMonthYear, "2009-10-29"),
            ("03 N0V 1988", .dayMonthYear, "1988-11-03"),
            ("12 AU6/AOÛT 74", .dayMonthYear, "1974-08-12"),
            ("29 0 09", .dayMonthYear, nil),
            ("12 AUG/SEP 74", .dayMonthYear, nil),
            ("31.04.1974", .dayMonthYear, nil),
            ("29.02.2023", .dayMonthYear, nil),
            ("29.02.2024", .dayMonthYear, "2024-02-29"),
            ("12.08", .dayMonthYear, nil),
            ("12.08.197", .dayMonthYear, nil),
            ("SMITH", .dayMonthYear, nil),
            ("21 JULJUIL 31", .dayMonthYear, "1931-07-21"),
            ("14 JANJANV 33", .dayMonthYear, "1933-01-14"),
            ("21 JULAUIL 21", .dayMonthYear, nil),
            ("12 AUGSEP 74", .dayMonthYear, nil),
            ("21032020", .dayMonthYear, "2020-03-21"),
            ("03212020", .monthDayYear, "2020-03-21"),
            ("2103202", .dayMonthYear, nil),
            ("12 08 1974", .dayMonthYear, "1974-08-12"),
            ("2025-04-1", .dayMonthYear, nil),
            ("011-04-05", .dayMonthYear, nil),
            ("1.08.1974", .dayMonthYear, nil),
        ] as [(String, VizLayout.DateOrder, String?)])
    func printedFormats(text: String, order: VizLayout.DateOrder, iso: String?) {
        let date = VizDateParser(order: order).parse(text, century: .past(currentYear: 2026))
        #expect(date?.isoString == iso)
        if let date { #expect(date.originalString == text) }
    }

    /// A date read with plain capitals gets its month names' printed accents back from the layout's
    /// languages; an English name first in its date, digits and separators stay as read.
    @Test(
        arguments: [
            ("12 AUG/AOUT 74", ["eng", "fra"], "12 AUG/AOÛT 74"),
            ("12 AOUT 1974", ["eng", "fra"], "12 AOÛT 1974"),
            ("03 FEB/FEVR 01", ["eng", "fra"], "03 FEB/FÉVR 01"),
            ("09 DEC/DEC 61", ["eng", "fra"], "09 DEC/DÉC 61"),
            ("09 DEC 1961", ["eng", "fra"], "09 DEC 1961"),
            ("09 DEC 1961", ["fra"], "09 DÉC 1961"),
            ("03 MAR/MAR 01", ["eng", "deu"], "03 MAR/MÄR 01"),
            ("03 MAR/MARCO 01", ["eng", "por"], "03 MAR/MARÇO 01"),
            ("12 AUG/AOÛT 74", ["eng", "fra"], "12 AUG/AOÛT 74"),
            ("12 AUG/AOUT 74", ["eng"], "12 AUG/AOUT 74"),
            ("12 AUG/AGO 74", ["eng", "spa"], "12 AUG/AGO 74"),
            ("12.08.1974", ["eng", "fra"], "12.08.1974"),
            ("29 0CT 09", ["eng", "fra"], "29 0CT 09"),
        ] as [(String, [String], String)])
    func monthAccentsRestored(read: String, languages: [String], printed: String) {
        #expect(VizDateParser.restoringMonthAccents(read, languages: languages) == printed)
    }

    @Test(arguments: [
        (74, VizDateParser.Century.past(currentYear: 2026), 1974),
        (26, .past(currentYear: 2026), 2026),
        (27, .past(currentYear: 2026), 1927),
        (34, .near(currentYear: 2026), 2034),
        (80, .near(currentYear: 2026), 1980),
    ])
    func twoDigitYears(twoDigits: Int, century: VizDateParser.Century, year: Int) {
        #expect(VizDateParser.expand(twoDigits, century) == year)
    }
}
