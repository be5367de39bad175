/// A semantic version (`MAJOR.MINOR.PATCH`, optionally `-prerelease`), compared by SemVer 2.0
/// precedence: numerically part by part, a pre-release below its release (`1.0.0-rc.1 < 1.0.0`).
///
/// Build metadata (`+…`) is refused rather than ignored, so a version has one spelling that
/// licence servers and SDKs agree on.
package struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let major: Int
    package let minor: Int
    package let patch: Int
    /// Dot-separated pre-release identifiers (empty for a release).
    package let prerelease: [String]

    /// A version from its parts.
    package init(major: Int, minor: Int, patch: Int, prerelease: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
    }

    /// Largest number of characters parsed (a version is short; anything longer is refused).
    private static let maxLength = 64

    /// Parses `1.2.3` or `1.2.3-rc.1`; nil for anything else (missing parts, leading zeros,
    /// signs, spaces, build metadata, empty identifiers).
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maxLength else { return nil }
        let (core, pre) = Self.split(text)
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers = [Int]()
        for part in parts {
            guard let number = Self.number(part) else { return nil }
            numbers.append(number)
        }
        var identifiers = [String]()
        if let pre {
            for identifier in pre.split(separator: ".", omittingEmptySubsequences: false) {
                guard !identifier.isEmpty,
                    identifier.utf8.allSatisfy({ Self.isIdentifierCharacter($0) })
                else { return nil }
                if identifier.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                    Self.number(identifier) == nil
                {
                    return nil
                }
                identifiers.append(String(identifier))
            }
        }
        self.major = numbers[0]
        self.minor = numbers[1]
        self.patch = numbers[2]
        self.prerelease = identifiers
    }

    package var description: String {
        let core = "\(major).\(minor).\(patch)"
        return prerelease.isEmpty ? core : core + "-" + prerelease.joined(separator: ".")
    }

    package static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    private static func split(_ text: String) -> (core: Substring, prerelease: Substring?) {
        guard let dash = text.firstIndex(of: "-") else { return (text[...], nil) }
        return (text[..<dash], text[text.index(after: dash)...])
    }

    /// A non-negative decimal without a leading zero (other than `0` itself), at most 9 digits.
    private static func number(_ text: Substring) -> Int? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.count <= 9,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        return Int(text)
    }

    private static func isIdentifierCharacter(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
            || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "-")
    }
}
