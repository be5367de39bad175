/// The DHS compliance type of the card (element DDA, versions 04 and later).
package enum AAMVAComplianceType: String, Sendable, Equatable, Hashable {
    /// "F": fully compliant (REAL ID).
    case fullyCompliant = "F"
    /// "M": materially compliant.
    case materiallyCompliant = "M"
    /// "N": not compliant.
    case nonCompliant = "N"
}
