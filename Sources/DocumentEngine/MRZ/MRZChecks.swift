/// Which check digits of a machine-readable zone agree with the fields they cover.
///
/// A check that a layout does not define is `nil`: the personal-number check exists only in TD3, the
/// composite check in TD1, TD2 and TD3 (visas have none).
package struct MRZChecks: Sendable, Equatable, Hashable, Codable {
    /// The document number's check digit (for TD1/TD2 numbers longer than 9 characters, the check
    /// digit that follows the overflow in the optional data).
    package let documentNumber: Bool
    /// The date of birth's check digit.
    package let dateOfBirth: Bool
    /// The date of expiry's check digit.
    package let dateOfExpiry: Bool
    /// The TD3 personal number's check digit; nil where the layout has none.
    package let personalNumber: Bool?
    /// The composite check digit (TD1, TD2, TD3); nil for visas, which have none.
    package let composite: Bool?

    package init(documentNumber: Bool, dateOfBirth: Bool, dateOfExpiry: Bool, personalNumber: Bool?, composite: Bool?) {
        self.documentNumber = documentNumber
        self.dateOfBirth = dateOfBirth
        self.dateOfExpiry = dateOfExpiry
        self.personalNumber = personalNumber
        self.composite = composite
    }

    /// Whether every check that the layout defines passed.
    package var allPassed: Bool {
        documentNumber && dateOfBirth && dateOfExpiry && personalNumber != false && composite != false
    }
}
