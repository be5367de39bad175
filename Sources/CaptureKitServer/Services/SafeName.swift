import CaptureCore

/// The rule for names that become URL path segments and may one day become file names: resource
/// names and eyewear SKUs.
///
/// A safe name is 1 to 64 letters, digits, `.`, `-` or `_`, and not `.` or `..` (so no slash,
/// backslash, control character or path traversal can get through, and the SDK's resource
/// downloader accepts it: ``ResourceManifest/isSafePathComponent(_:)``).
package enum SafeName {
    /// The longest safe name, in bytes.
    package static let maxLength = 64

    /// Whether `text` follows the rule.
    package static func isValid(_ text: String) -> Bool {
        LicenseService.isToken(text, length: 1...maxLength, extra: ".")
            && ResourceManifest.isSafePathComponent(text)
    }

    /// The rule in words, for error messages.
    package static let ruleDescription =
        "1 to \(maxLength) letters, digits, '.', '-' or '_', and not '.' or '..'"
}
