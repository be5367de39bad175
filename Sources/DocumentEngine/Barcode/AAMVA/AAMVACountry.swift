/// The issuing country (element DCG), which also decides the date order of a file.
package enum AAMVACountry: String, Sendable, Equatable, Hashable, CaseIterable {
    case unitedStates = "USA"
    case canada = "CAN"

    /// The order dates are written in for this country (versions 02 and later).
    package var dateOrder: AAMVADate.Order {
        self == .canada ? .yearMonthDay : .monthDayYear
    }

    /// Canadian province and territory codes (DAJ), used when a file has no DCG element.
    static let canadianJurisdictions: Set<String> = [
        "AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
    ]
}
