package import Foundation

extension MRZDate {
    /// The Gregorian calendar day that `date` falls on in `timeZone`, to pass as `today` to
    /// ``MRZParser/parse(_:today:)`` (read the clock at the call site, never inside the parser).
    package init(dayOf date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: components.year ?? 1970, month: components.month ?? 1, day: components.day ?? 1)
    }
}
