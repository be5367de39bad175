import CaptureCore
import Testing

@testable import DocumentEngine

/// A stroked letter (`Ł`, `Ø`) read in a word its orthographies could not spell is the plain letter
/// a pattern line crossed; elsewhere it stays as read.
@Suite struct VizStrokedLetterTests {
    @Test(arguments: [
        // A pattern line across an L or O beside its own letter.
        ("FITZWIŁLIAM", "FITZWILLIAM"),
        ("ABERCROMBIE-FITZWIŁLIAM", "ABERCROMBIE-FITZWILLIAM"),
        ("SEVILŁA", "SEVILLA"),
        ("O'SULŁIVAN-BRENNAN", "O'SULLIVAN-BRENNAN"),
        ("MCAŁŁISTER", "MCALLISTER"),
        ("MØOR", "MOOR"),
        // Beside a letter no orthography that writes it uses.
        ("BJÖRKŁUND", "BJÖRKLUND"),
        ("MÜŁLER", "MÜLLER"),
        ("ÅSTRØM ÇEŁIK", "ÅSTRØM ÇELIK"),
        ("SCHRØDÉR", "SCHRØDÉR"),
        ("SCHRÖDØR", "SCHRÖDOR"),
        // Spelt as written: Polish, Kashubian, Sorbian, Danish, Norwegian, Faroese.
        ("MICHAŁ", "MICHAŁ"),
        ("WAŁĘSA", "WAŁĘSA"),
        ("ŁUKASZ", "ŁUKASZ"),
        ("STANISŁAW ŁÓDŹ", "STANISŁAW ŁÓDŹ"),
        ("SØREN ØSTERGÅRD", "SØREN ØSTERGÅRD"),
        ("MØLLER", "MØLLER"),
        // Each word of a double name on its own: the German half does not unmake the Polish one.
        ("WAŁĘSA-MÜLLER", "WAŁĘSA-MÜLLER"),
        ("MÜLLER ŁUKASZ", "MÜLLER ŁUKASZ"),
        // Names without a stroked letter, unchanged.
        ("HERNÁNDEZ-FERNÁNDEZ DE CÓRDOBA", "HERNÁNDEZ-FERNÁNDEZ DE CÓRDOBA"),
        ("BJÖRKLUND", "BJÖRKLUND"),
    ])
    func strokedLettersAreKeptWhereTheWordCanSpellThem(read: String, expected: String) {
        #expect(VizReader.plainStrokedLetters(read) == expected)
    }

    @Test func aNameReadWithAnImpossibleStrokeIsCheckedAsThePlainLetter() throws {
        let dates = VizDateParser(order: .dayMonthYear)
        let today = MRZDate(year: 2026, month: 12, day: 2)
        let checked = try #require(
            VizReader.checkedValue(["BjörkŁund"], field: .primaryName, dates: dates, today: today))
        #expect(checked.0 == "BJÖRKLUND")
        let polish = try #require(
            VizReader.checkedValue(["Michał"], field: .secondaryName, dates: dates, today: today))
        #expect(polish.0 == "MICHAŁ")
    }
}
