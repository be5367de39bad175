#if canImport(SwiftUI)
import Foundation

extension UXTextKey {
    /// The text in the user's language, from the module's `Localizable.xcstrings`.
    public var localized: String {
        String(localized: String.LocalizationValue(rawValue), bundle: .module)
    }
}
#endif
