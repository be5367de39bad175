/// A name element with its truncation flag (AAMVA versions 04 and later: DDE for the family name,
/// DDF for the first name, DDG for the middle names).
package struct AAMVAName: Sendable, Equatable, Hashable {
    /// Whether the jurisdiction shortened the name to fit the field.
    package enum Truncation: String, Sendable, Equatable, Hashable {
        /// "T": the name was truncated.
        case truncated = "T"
        /// "N": the name is complete.
        case notTruncated = "N"
        /// "U": unknown whether it was truncated.
        case unknown = "U"
    }

    /// The name as written (padding removed).
    package var value: String
    /// The flag, when the file has one for this name.
    package var truncation: Truncation?

    package init(_ value: String, truncation: Truncation? = nil) {
        self.value = value
        self.truncation = truncation
    }
}
