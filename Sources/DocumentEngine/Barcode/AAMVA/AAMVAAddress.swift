/// A postal address of the holder (elements DAG street 1, DAH street 2, DAI city, DAJ
/// jurisdiction code, DAK postal code; in version 01 DAL...DAP for the residence address).
package struct AAMVAAddress: Sendable, Equatable, Hashable {
    package var street1: String?
    package var street2: String?
    package var city: String?
    /// The two-letter state, province or territory code.
    package var jurisdiction: String?
    /// The postal code as written, padding removed (US ZIP codes are often nine digits, "0000"-filled).
    package var postalCode: String?

    package init(
        street1: String? = nil, street2: String? = nil, city: String? = nil, jurisdiction: String? = nil,
        postalCode: String? = nil
    ) {
        self.street1 = street1
        self.street2 = street2
        self.city = city
        self.jurisdiction = jurisdiction
        self.postalCode = postalCode
    }

    /// Whether no part of the address is present.
    package var isEmpty: Bool {
        street1 == nil && street2 == nil && city == nil && jurisdiction == nil && postalCode == nil
    }
}
