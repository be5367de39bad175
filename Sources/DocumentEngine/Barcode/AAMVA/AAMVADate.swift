/// A calendar date of an AAMVA element (birth, issue, expiry ...), validated (month 1...12, a day
/// that exists in that month, year 1800...2199).
///
/// AAMVA writes dates as MMDDCCYY in the USA and CCYYMMDD in Canada (and in version 01 files).
package struct AAMVADate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// The two digit orders AAMVA files use.
    package enum Order: Sendable, Equatable {
        /// MMDDCCYY (USA, versions 02 and later).
        case monthDayYear
        /// CCYYMMDD (Canada, and version 01).
        case yearMonthDay
    }

    package let year: Int
    package let month: Int
    package let day: Int

    /// A date; nil when it does not exist.
    package init?(year: Int, month: Int, day: Int) {
        guard (1800...2199).contains(year), (1...12).contains(month),
            day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses eight ASCII digits in `order`; nil when they are not digits or not a date.
    package init?(digits: String, order: Order) {
        let bytes = Array(digits.utf8)
        guard bytes.count == 8, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        switch order {
        case .monthDayYear: self.init(year: number(4..<8), month: number(0..<2), day: number(2..<4))
        case .yearMonthDay: self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        }
    }

    /// The date as eight digits in `order`.
    package func digits(_ order: Order) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        switch order {
        case .monthDayYear: return pad(month, 2) + pad(day, 2) + pad(year, 4)
        case .yearMonthDay: return pad(year, 4) + pad(month, 2) + pad(day, 2)
        }
    }

    /// ISO 8601, YYYY-MM-DD.
    package var description: String {
        let d = digits(.yearMonthDay)
        return "\(d.prefix(4))-\(d.dropFirst(4).prefix(2))-\(d.suffix(2))"
    }

    package static func < (a: AAMVADate, b: AAMVADate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// The number of days in `month` of `year` (Gregorian calendar).
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
