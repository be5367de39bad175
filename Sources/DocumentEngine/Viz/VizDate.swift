/// A date read from the visual zone, with the string as printed.
package struct VizDate: Sendable, Equatable, Hashable, Codable {
    package var day: Int
    package var month: Int
    /// Four-digit year (two-digit years resolved by ``VizDateParser``).
    package var year: Int
    /// The text as read, for example `12 AUG/AOÛT 74`.
    package var originalString: String

    package init(day: Int, month: Int, year: Int, originalString: String) {
        self.day = day
        self.month = month
        self.year = year
        self.originalString = originalString
    }

    /// `YYYY-MM-DD`.
    package var isoString: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
