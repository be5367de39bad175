import Foundation

/// The MRZ forms of a name printed with national characters (ICAO 9303 part 3, section 6).
///
/// ICAO's table gives two forms for some letters: Ä, Ö, Ü may be written AE, OE, UE or A, O, U; Å as
/// AA or A; Ñ as N (NXX in some states' recommended form is not used in practice); the other
/// accented Latin letters lose their accent, and Æ → AE, Ø → OE, Œ → OE, ß → SS, Þ → TH, Ð → D,
/// Ł → L, Đ → D, Ħ → H. Apostrophes and full stops are dropped; spaces, hyphens and commas become
/// the filler `<`. ``preferred(_:)`` is the form most issuers print (the generator's form);
/// ``forms(_:)`` every form the table allows, so that a comparison accepts either.
package enum ICAOTransliteration {
    /// The form with the long spellings (Ä → AE, Å → AA, Ø → OE ...), fillers as `<`.
    package static func preferred(_ name: String) -> String {
        transliterate(name, expandUmlauts: true)
    }

    /// Every form allowed: the preferred one and the one with umlauts reduced to their base letter.
    package static func forms(_ name: String) -> Set<String> {
        [transliterate(name, expandUmlauts: true), transliterate(name, expandUmlauts: false)]
    }

    private static func transliterate(_ name: String, expandUmlauts: Bool) -> String {
        var out = ""
        var pendingFiller = false
        for character in name.uppercased() {
            let mapped: String
            if expandUmlauts, let special = expansions[character] {
                mapped = special
            } else if let special = fixed[character] {
                mapped = special
            } else if character == " " || character == "-" || character == "," || character == "<" {
                pendingFiller = !out.isEmpty
                continue
            } else {
                mapped = String(
                    String(character).decomposedStringWithCanonicalMapping.unicodeScalars
                        .filter { $0.value >= 65 && $0.value <= 90 }.map(Character.init))
            }
            guard !mapped.isEmpty else { continue }
            if pendingFiller { out.append("<") }
            pendingFiller = false
            out += mapped
        }
        return out
    }

    /// The letters with a long and a short form (the short one is the base letter).
    private static let expansions: [Character: String] = ["Ä": "AE", "Å": "AA", "Ö": "OE", "Ü": "UE"]

    /// The letters with one form only.
    private static let fixed: [Character: String] = [
        "Æ": "AE", "Ø": "OE", "Œ": "OE", "Þ": "TH", "Ð": "D", "Ł": "L", "Đ": "D", "Ħ": "H", "ß": "SS", "ẞ": "SS",
        "'": "", "’": "", ".": "",
    ]
}
