import Foundation

/// The texts of the module's `Localizable.xcstrings` in one language, read from the JSON catalogue
/// itself (on Linux the catalogue is copied into the bundle as is; Apple platforms use
/// `String(localized:)`). For tools that render the UX without UIKit, such as `capkit scan --preview`.
package struct UXTextCatalogue: Sendable {
    /// The language the texts are in.
    package let language: String
    private let texts: [String: String]

    /// The catalogue's texts in `language`; nil when the bundled catalogue is missing or not valid JSON.
    package init?(language: String = "en") {
        guard let url = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings"),
            let data = try? Data(contentsOf: url),
            let catalogue = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = catalogue["strings"] as? [String: Any]
        else { return nil }
        var texts: [String: String] = [:]
        for (key, entry) in strings {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any]
            let unit = (localizations?[language] as? [String: Any])?["stringUnit"] as? [String: Any]
            if let value = unit?["value"] as? String { texts[key] = value }
        }
        self.language = language
        self.texts = texts
    }

    /// The text of `key`; the key itself when the language lacks it.
    package func text(_ key: UXTextKey) -> String {
        texts[key.rawValue] ?? key.rawValue
    }
}
