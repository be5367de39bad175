import Testing

@testable import DocumentEngine

/// ICAO 9303 part 3 transliteration of printed names, as a table.
@Suite struct ICAOTransliterationTests {
    @Test(arguments: [
        ("MÜLLER", "MUELLER", ["MUELLER", "MULLER"]),
        ("ÅSTRÖM", "AASTROEM", ["AASTROEM", "ASTROM"]),
        ("ØSTERGÅRD", "OESTERGAARD", ["OESTERGAARD", "OESTERGARD"]),
        ("MUÑOZ", "MUNOZ", ["MUNOZ"]),
        ("STRAUß", "STRAUSS", ["STRAUSS"]),
        ("ÞÓR", "THOR", ["THOR"]),
        ("O'NEIL", "ONEIL", ["ONEIL"]),
        ("VAN DER BERG", "VAN<DER<BERG", ["VAN<DER<BERG"]),
        ("SMITH-JONES", "SMITH<JONES", ["SMITH<JONES"]),
        ("DVOŘÁK", "DVORAK", ["DVORAK"]),
        ("ŁUKASZ", "LUKASZ", ["LUKASZ"]),
        ("ÇELIK", "CELIK", ["CELIK"]),
    ])
    func printedNamesTransliterate(printed: String, preferred: String, forms: [String]) {
        #expect(ICAOTransliteration.preferred(printed) == preferred)
        #expect(ICAOTransliteration.forms(printed) == Set(forms))
    }
}
