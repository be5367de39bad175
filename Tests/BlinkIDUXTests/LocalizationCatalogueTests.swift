import Foundation
import Testing

@testable import BlinkIDUX

/// The string catalogue holds a translated, non-empty value for every typed key in every language.
@Suite
struct LocalizationCatalogueTests {
    static let languages = ["en", "es", "pt"]

    /// `Sources/BlinkIDUX/Resources/Localizable.xcstrings`, parsed.
    static func catalogue() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/BlinkIDUX/Resources/Localizable.xcstrings")
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
        return try #require(json as? [String: Any])
    }

    @Test func everyKeyIsTranslatedInEveryLanguage() throws {
        let catalogue = try Self.catalogue()
        #expect(catalogue["sourceLanguage"] as? String == "en")
        let strings = try #require(catalogue["strings"] as? [String: Any])
        for key in UXTextKey.allCases {
            let entry = try #require(strings[key.rawValue] as? [String: Any], "missing key \(key.rawValue)")
            #expect((entry["comment"] as? String)?.isEmpty == false, "no translator comment for \(key.rawValue)")
            let localizations = try #require(entry["localizations"] as? [String: Any])
            for language in Self.languages {
                let unit = (localizations[language] as? [String: Any])?["stringUnit"] as? [String: Any]
                #expect(unit?["state"] as? String == "translated", "\(key.rawValue) not translated in \(language)")
                let value = unit?["value"] as? String ?? ""
                #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(key.rawValue) empty in \(language)")
            }
        }
        #expect(Set(strings.keys) == Set(UXTextKey.allCases.map(\.rawValue)), "catalogue keys without a case")
    }

    @Test func translationsDifferFromTheEnglishWhereTheWordsDo() throws {
        let strings = try #require(try Self.catalogue()["strings"] as? [String: Any])
        func value(_ key: UXTextKey, _ language: String) -> String? {
            (((strings[key.rawValue] as? [String: Any])?["localizations"] as? [String: Any])?[language]
                as? [String: Any]).flatMap { ($0["stringUnit"] as? [String: Any])?["value"] as? String }
        }
        #expect(value(.flipDocument, "en") == "Flip the document")
        #expect(value(.flipDocument, "pt") == "Vire o documento")
        #expect(value(.flipDocument, "es") == "Da la vuelta al documento")
        let untranslated = UXTextKey.allCases.filter {
            value($0, "en") == value($0, "es") && value($0, "en") == value($0, "pt")
        }
        #expect(untranslated.isEmpty)
    }
}

/// The bundled catalogue read at run time (what `capkit scan --preview` draws).
@Suite
struct UXTextCatalogueTests {
    @Test func theBundledCatalogueGivesEveryTextInEachLanguage() throws {
        for language in LocalizationCatalogueTests.languages {
            let catalogue = try #require(UXTextCatalogue(language: language))
            for key in UXTextKey.allCases { #expect(catalogue.text(key) != key.rawValue, "\(key) in \(language)") }
        }
        let english = UXTextCatalogue(language: "en"), portuguese = UXTextCatalogue(language: "pt")
        #expect(english?.text(.scanBarcode) != portuguese?.text(.scanBarcode))
    }

    @Test func aLanguageTheCatalogueLacksFallsBackToTheKeys() throws {
        let catalogue = try #require(UXTextCatalogue(language: "xx"))
        #expect(catalogue.text(.scanFront) == UXTextKey.scanFront.rawValue)
    }
}
