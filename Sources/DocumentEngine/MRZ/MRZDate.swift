/// A calendar date read from (or compared against) a machine-readable zone.
///
/// The MRZ writes dates as `YYMMDD`; ``MRZParser`` resolves the century (see
/// ``MRZParser/parse(_:today:)``) and keeps the six characters as read in ``raw``. The same type
/// carries the `today` that century resolution is relative to; build it with ``init(year:month:day:)``.
package struct MRZDate: Sendable, Equatable, Hashable, Codable {
    /// The four-digit year.
    package let year: Int
    /// The month, 1 to 12.
    package let month: Int
    /// The day of the month, 1 to 31.
    package let day: Int
    /// The six characters as read (`YYMMDD`), or the date written that way when built in code.
    package let raw: String

    /// A date with its `YYMMDD` form as read from the zone.
    package init(year: Int, month: Int, day: Int, raw: String) {
        self.year = year
        self.month = month
        self.day = day
        self.raw = raw
    }

    /// A date built in code (for example `today`); ``raw`` is its `YYMMDD` form.
    package init(year: Int, month: Int, day: Int) {
        let yy = ((year % 100) + 100) % 100
        let raw = Self.twoDigits(yy) + Self.twoDigits(month) + Self.twoDigits(day)
        self.init(year: year, month: month, day: day, raw: raw)
    }

    /// ISO 8601 form, `YYYY-MM-DD`.
    package var isoString: String {
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return paddedYear + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day)
    }

    /// Whether `year`-`month`-`day` exists in the proleptic Gregorian calendar.
    package static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysIn(month: month, year: year)
    }

    /// The number of days of `month` in `year` (Gregorian leap years).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Whether `self` falls after `other` (calendar order; ``raw`` is ignored).
    func isAfter(_ other: MRZDate) -> Bool {
        (year, month, day) > (other.year, other.month, other.day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : "\(value)"
    }
}
