import CaptureCore
import Testing

@testable import DocumentEngine

/// Printed names checked against the MRZ's: a glyph read for `ß` where the MRZ writes `SS` is
/// spelt `SS`, and nothing else is taken from the MRZ.
@Suite struct VizMRZNamesTests {
    /// (read, MRZ name, repaired or nil).
    static let repairs: [(String, String, String?)] = [
        ("WEIB", "WEISS", "WEISS"),
        ("WEIR", "WEISS", "WEISS"),
        ("STRAUB", "STRAUSS", "STRAUSS"),
        ("STRAUS", "STRAUSS", "STRAUSS"),
        ("GROßE", "GROSSE", nil),  // agrees already (the reader upper-cases ß to SS)
        ("STRAUSS", "STRAUSS", nil),  // agrees already
        ("MÜLLER-WEIB", "MUELLER WEISS", "MÜLLER-WEISS"),
        ("MÜLLER-WEIB", "MULLER WEISS", "MÜLLER-WEISS"),
        ("STRAUB", "STRAUB", nil),  // a real B
        ("WEIB", "WEISE", nil),  // the MRZ has no SS there
        ("WEIT", "WEISS", nil),  // T is no look-alike of ß
        ("WELB", "WEISS", nil),  // another letter differs too
        ("RBS", "SSBS", "SSBS"),  // only the R makes it agree
        ("BB", "SSB", "SSB"),  // the first B only
        ("SSB", "SSSS", "SSSS"),
        ("", "SS", nil),
        ("WEIB", "", nil),
    ]

    @Test(arguments: repairs) func sharpSLookAlikes(read: String, mrz: String, repaired: String?) {
        #expect(VizMRZNames.sharpSRepaired(read, mrz: mrz) == repaired)
    }

    /// (printed name as read, MRZ name, agrees).
    static let agreements: [(String, String, Bool)] = [
        ("VAN DER BERG", "VAN DER BERG", true),
        ("JEAN-PIERRE", "JEAN PIERRE", true),
        ("MÜLLER", "MUELLER", true),
        ("MÜLLER", "MULLER", true),
        ("ØSTERGÅRD", "OESTERGAARD", true),
        ("D'ANGELO", "DANGELO", true),
        ("MULLER", "MUELLER", false),
        ("WEIB", "WEISS", false),
        ("ANY", "", false),
    ]

    @Test(arguments: agreements) func agreement(read: String, mrz: String, agrees: Bool) {
        #expect(VizMRZNames.agrees(read, mrz: mrz) == agrees)
    }

    private static let box = VizLayout.Zone(x: 1, y: 2, width: 30, height: 3)

    private static func reading(
        primary: String?, secondary: String?, reads: [VizField: [VizReading.NameRead]]
    ) -> VizReading {
        var fields: [VizReading.FieldValue] = [
            .init(
                field: .documentNumber, value: "C01X00T47", rawText: "C01X00T47", date: nil, confidence: 0.9, box: box)
        ]
        var notRead: [VizField] = []
        for (field, value) in [(VizField.primaryName, primary), (.secondaryName, secondary)] {
            if let value {
                fields.append(.init(field: field, value: value, rawText: value, date: nil, confidence: 0.9, box: box))
            } else {
                notRead.append(field)
            }
        }
        return VizReading(
            layoutID: "icao-td3", fields: fields.sorted { $0.field < $1.field }, notRead: notRead,
            declined: notRead.reduce(into: [:]) { $0[$1] = "declined" }, nameReads: reads)
    }

    private static func read(_ value: String, strokeDoubt: Double = 0, candidate: Int = 0) -> VizReading.NameRead {
        .init(value: value, rawText: value, confidence: 0.4, strokeDoubt: strokeDoubt, box: box, candidate: candidate)
    }

    @Test func aReportedNameIsSpeltWithTheMRZsSS() {
        let reading = Self.reading(primary: "STRAUB", secondary: "ANNA", reads: [:])
        let checked = reading.confirmingNames(primary: "STRAUSS", secondary: "ANNA")
        #expect(checked[.primaryName]?.value == "STRAUSS")
        #expect(checked[.secondaryName]?.value == "ANNA")
        #expect(checked[.documentNumber]?.value == "C01X00T47")
    }

    @Test func aNameNotReadTakesTheFirstReadTheMRZRepairs() {
        let reading = Self.reading(
            primary: nil, secondary: "ANNA",
            reads: [
                .primaryName: [Self.read("WELR"), Self.read("WEIR", candidate: 1), Self.read("WEIB", candidate: 2)]
            ])
        let checked = reading.confirmingNames(primary: "WEISS", secondary: "ANNA")
        #expect(checked[.primaryName]?.value == "WEISS")
        #expect(checked[.primaryName]?.candidate == 1)
        #expect(!checked.notRead.contains(.primaryName))
        #expect(checked.declined[.primaryName] == nil)
        #expect(checked.fields.map(\.field) == [.primaryName, .secondaryName, .documentNumber])
    }

    @Test func aStrokeDoubtIsNotLiftedByTheMRZ() {
        // The first read has `Ł` where L was weighed at 0.65: the MRZ writes both L, so it is passed over.
        let reading = Self.reading(
            primary: nil, secondary: "ANNA",
            reads: [.primaryName: [Self.read("ŁSTRAUB", strokeDoubt: 0.65), Self.read("LSTRAUB", candidate: 2)]])
        let checked = reading.confirmingNames(primary: "LSTRAUSS", secondary: "ANNA")
        #expect(checked[.primaryName]?.value == "LSTRAUSS")
        #expect(checked[.primaryName]?.candidate == 2)
        let strict = reading.confirmingNames(primary: "LSTRAUSS", secondary: "ANNA", maximumStrokeDoubt: 0.7)
        #expect(strict[.primaryName]?.value == "ŁSTRAUSS")
    }

    @Test func aDoubtedReadThatAgreesAsItIsStaysDeclined() {
        let reading = Self.reading(primary: nil, secondary: "ANNA", reads: [.primaryName: [Self.read("HIROSHI")]])
        let checked = reading.confirmingNames(primary: "HIROSHI", secondary: "ANNA", namesComplete: true)
        #expect(checked[.primaryName] == nil)
        #expect(checked.notRead == [.primaryName])
    }

    /// (read, MRZ name, trimmed or nil).
    static let trims: [(String, String, String?)] = [
        ("NGUYEN J", "NGUYEN", "NGUYEN"),
        ("NGUYEN Z", "NGUYEN", "NGUYEN"),
        ("SILVA E LN", "SILVA", "SILVA"),
        ("MARIA ZOË A", "MARIA ZOE", "MARIA ZOË"),
        ("STRAUB J", "STRAUSS", "STRAUSS"),
        ("SILVA A", "SILVA A", nil),  // agrees as read
        ("NGUYEN JAN", "NGUYEN", nil),  // a word of three letters is print
        ("NGUYEN A B C", "NGUYEN", nil),  // at most two marks
        ("J", "", nil),
        ("NGUYFN J", "NGUYEN", nil),  // the rest disagrees
    ]

    @Test(arguments: trims) func trailingMarks(read: String, mrz: String, trimmed: String?) {
        #expect(VizMRZNames.trailingMarksTrimmed(read, mrz: mrz) == trimmed)
    }

    @Test func marksAreTrimmedOnlyWhenTheMRZHoldsTheNamesWhole() {
        let reading = Self.reading(primary: "NGUYEN J", secondary: "ANNA", reads: [:])
        #expect(reading.confirmingNames(primary: "NGUYEN", secondary: "ANNA")[.primaryName]?.value == "NGUYEN J")
        let whole = reading.confirmingNames(primary: "NGUYEN", secondary: "ANNA", namesComplete: true)
        #expect(whole[.primaryName]?.value == "NGUYEN")
    }

    @Test func theNamesAreWholeWhenTheirFieldEndsInAFiller() throws {
        let today = MRZDate(year: 2026, month: 11, day: 26)
        let whole = try MRZParser.parse(
            [
                "P<UTONGUYEN<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<",
                "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
            ], today: today)
        #expect(VizMRZNames.namesComplete(whole))
        let cut = try MRZParser.parse(
            [
                "P<UTONGUYEN<<ANNAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
            ], today: today)
        #expect(!VizMRZNames.namesComplete(cut))
    }

    @Test func namesThatDisagreeOtherwiseStayAsRead() {
        let reading = Self.reading(primary: "SMITH", secondary: nil, reads: [.secondaryName: [Self.read("JOHM")]])
        let checked = reading.confirmingNames(primary: "SMYTH", secondary: "JOHN", namesComplete: true)
        #expect(checked[.primaryName]?.value == "SMITH")
        #expect(checked[.secondaryName] == nil)
    }

    @Test func strokeDoubtCountsOnlyThePlainLetterBesideAStrokedOne() {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 20)
        let symbols = [
            VizRecognizedSymbol(
                text: "Ł", confidence: 0.5, box: box, alternatives: [.init(text: "L", confidence: 0.65)]),
            VizRecognizedSymbol(
                text: "R", confidence: 0.5, box: box, alternatives: [.init(text: "B", confidence: 0.9)]),
        ]
        #expect(VizReader.strokeDoubt(symbols) == 0.65)
        #expect(VizReader.strokeDoubt(Array(symbols.suffix(1))) == 0)
        #expect(VizReader.ambiguity(symbols) == 0.9)
    }
}
