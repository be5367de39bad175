import Foundation

/// Parses dates in the formats documents print: `12.08.1974`, `12/08/1974`, `12-08-1974`,
/// `1974-08-12`, `12 AUG 1974`, `12 AUG/AOÛT 74`, `12 AOÛT 1974`, `12 ENE 74`, and in the United States
/// `08/12/1974` (``VizLayout/DateOrder/monthDayYear``).
///
/// Month abbreviations are those of English, French, German, Spanish and Portuguese; a bilingual
/// pair (`AUG/AOÛT`) must name the same month in both. In digit positions the letters OCR confuses
/// with digits (O, D, Q → 0; I, L, | → 1; S → 5; B → 8; Z → 2) are read as those digits. Two-digit
/// years are resolved with ``Century``. Anything else, or an impossible calendar date, is nil:
/// the field is then "not read", never guessed.
package struct VizDateParser: Sendable {
    /// How to expand a two-digit year.
    package enum Century: Sendable, Equatable {
        /// A date in the past (birth, issue): the latest year not after `currentYear`.
        case past(currentYear: Int)
        /// An expiry: within 50 years either side of `currentYear`.
        case near(currentYear: Int)
    }

    /// Order of all-digit dates.
    package var order: VizLayout.DateOrder

    package init(order: VizLayout.DateOrder) {
        self.order = order
    }

    /// The date printed in `text`, or nil.
    package func parse(_ text: String, century: Century) -> VizDate? {
        let original = text.trimmingCharacters(in: .whitespaces)
        let upper = original.uppercased()
        // Split into runs of letters/digits; separators are anything else.
        var tokens: [String] = []
        var current = ""
        for character in upper {
            if character.isLetter || character.isNumber || character == "|" {
                current.append(character)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        // A space OCR lost between the day and the month name (`25JAN 2008`), or the month name and
        // the year (`25 JAN2008`), joins them in one token: a month name at a token's end or start
        // is split off its digits.
        tokens = tokens.flatMap(Self.splittingMonthName)
        // A bilingual pair whose slash OCR lost (`JULJUIL`) is the two names of one month.
        tokens = tokens.flatMap(Self.splittingMonthPair)
        // Eight digits with their separators lost (`21032020`): the layout's order, four-digit year.
        if tokens.count == 1, let run = Self.digits(tokens[0]), run.count == 8, run.allSatisfy(\.isASCII) {
            let characters = Array(run)
            tokens = [String(characters[0..<2]), String(characters[2..<4]), String(characters[4...])]
        }
        guard tokens.count >= 3 else { return nil }

        var day: Int?, month: Int?, year: Int?, yearDigits = 0
        if let monthIndex = tokens.firstIndex(where: { Self.monthNumber($0) != nil }) {
            // Named month: day before it, then one or more month names (bilingual), then the year.
            guard monthIndex >= 1 else { return nil }
            let names = tokens[monthIndex...].prefix { !Self.looksNumeric($0) }
            let numbers = Set(names.compactMap(Self.monthNumber))
            guard numbers.count == 1, names.allSatisfy({ Self.monthNumber($0) != nil }) else { return nil }
            month = numbers.first
            day = Self.number(tokens[monthIndex - 1])
            let yearIndex = monthIndex + names.count
            guard yearIndex == tokens.count - 1 else { return nil }
            let yearToken = Self.digits(tokens[yearIndex])
            year = yearToken.flatMap(Int.init)
            yearDigits = yearToken?.count ?? 0
        } else {
            guard tokens.count == 3 else { return nil }
            let parts = tokens.map(Self.digits)
            guard let a = parts[0], let b = parts[1], let c = parts[2] else { return nil }
            // Documents print a numeric day and month with two digits (`04.08.1974`, `2020-04-18`):
            // one digit, or three, is a digit OCR lost or added (`2025-04-1`, `011-04-05`).
            if a.count == 4 {
                guard b.count == 2, c.count == 2 else { return nil }
                year = Int(a); yearDigits = 4; month = Int(b); day = Int(c)
            } else {
                guard a.count == 2, b.count == 2 else { return nil }
                year = Int(c); yearDigits = c.count
                switch order {
                case .dayMonthYear: day = Int(a); month = Int(b)
                case .monthDayYear: month = Int(a); day = Int(b)
                }
            }
        }
        guard let day, let month, var year, yearDigits == 2 || yearDigits == 4 else { return nil }
        if yearDigits == 2 { year = Self.expand(year, century) }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (1850...2199).contains(year)
        else { return nil }
        return VizDate(day: day, month: month, year: year, originalString: original)
    }

    static func expand(_ twoDigits: Int, _ century: Century) -> Int {
        switch century {
        case let .past(currentYear):
            let candidate = currentYear / 100 * 100 + twoDigits
            return candidate > currentYear ? candidate - 100 : candidate
        case let .near(currentYear):
            var candidate = currentYear / 100 * 100 + twoDigits
            if candidate > currentYear + 50 { candidate -= 100 }
            if candidate < currentYear - 50 { candidate += 100 }
            return candidate
        }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `token` as digits and a month name (`25JAN` → `25`, `JAN`; `JAN2008` → `JAN`, `2008`), or as
    /// it is when it is not such a pair.
    static func splittingMonthName(_ token: String) -> [String] {
        let characters = Array(token)
        guard
            let boundary = characters.indices.dropFirst().first(where: {
                characters[$0].isNumber != characters[$0 - 1].isNumber
            })
        else { return [token] }
        let head = String(characters[..<boundary]), tail = String(characters[boundary...])
        // Exactly one boundary, between a run of digits and a month name.
        guard head.allSatisfy(\.isNumber) != tail.allSatisfy(\.isNumber),
            head.allSatisfy(\.isNumber) || head.allSatisfy(\.isLetter),
            tail.allSatisfy(\.isNumber) || tail.allSatisfy(\.isLetter)
        else { return [token] }
        let name = head.first?.isLetter == true ? head : tail
        guard name.count >= 3, monthNumber(name) != nil else { return [token] }
        return [head, tail]
    }

    /// `token` as the two names of one month run together (`JULJUIL` → `JUL`, `JUIL`; `DECDEC`), or as
    /// it is when it is a month name or no such pair.
    static func splittingMonthPair(_ token: String) -> [String] {
        guard token.count >= 6, token.allSatisfy(\.isLetter), monthNumber(token) == nil else { return [token] }
        let characters = Array(token)
        for cut in 3...(characters.count - 3) {
            let head = String(characters[..<cut]), tail = String(characters[cut...])
            if let month = monthNumber(head), monthNumber(tail) == month { return [head, tail] }
        }
        return [token]
    }

    /// A token that is mostly digits (OCR may have turned one digit into a letter).
    static func looksNumeric(_ token: String) -> Bool {
        let digitCount = token.filter(\.isNumber).count
        return digitCount > 0 && digitCount * 2 >= token.count
    }

    /// The token as digits, with OCR's letter-for-digit confusions undone; nil if it is not numeric.
    static func digits(_ token: String) -> String? {
        guard looksNumeric(token) else { return nil }
        var out = ""
        for character in token {
            if character.isASCII, character.isNumber {
                out.append(character)
            } else if let digit = confusions[character] {
                out.append(digit)
            } else {
                return nil
            }
        }
        return out
    }

    static func number(_ token: String) -> Int? {
        guard let d = digits(token), (1...2).contains(d.count) else { return nil }
        return Int(d)
    }

    /// The letters OCR reads as digits in a month name.
    private static let digitLookAlikes: [Character: Character] = ["0": "O", "1": "I", "5": "S", "6": "G", "8": "B"]

    private static let confusions: [Character: Character] = [
        "O": "0", "D": "0", "Q": "0", "I": "1", "L": "1", "|": "1", "S": "5", "B": "8", "Z": "2",
    ]

    /// The month a name or abbreviation stands for (English, French, German, Spanish, Portuguese;
    /// accents optional), or nil. A letter OCR doubled where an accent sits (`AOÙÛT` for `AOÛT`)
    /// is read once when the name is not found as it is, and a digit in a name as the letter it
    /// resembles (`0CT` for `OCT`).
    package static func monthNumber(_ token: String) -> Int? {
        // In a name (two letters or more) a digit is the letter OCR took it for: `0CT`, `N0V`, `AU6`.
        let letters = token.filter(\.isLetter).count
        let spelled = letters >= 2 ? String(token.map { digitLookAlikes[$0] ?? $0 }) : token
        let folded = String(
            spelled.uppercased().decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { $0.value >= 65 && $0.value <= 90 }.map(Character.init))
        if let month = monthNames[folded] { return month }
        var single = ""
        for character in folded where character != single.last { single.append(character) }
        return single.count >= 3 ? monthNames[single] : nil
    }

    /// `text`, a date read by a recogniser held to plain capitals (``monthLetters``), with each month
    /// name spelled as `languages` (the layout's, main first) print it: `12 AUG/AOUT 74` →
    /// `12 AUG/AOÛT 74`, `03 FEB/FEVR 01` → `03 FEB/FÉVR 01`. A name that is also English and comes first
    /// in its date, on a layout that prints English, stays as read (`DEC` in `12 DEC/DÉC 74`); the
    /// second name of a bilingual pair takes the other language's accents (`DEC/DEC` → `DEC/DÉC`).
    /// Names without an accented spelling in `languages`, digits and separators are kept as read.
    package static func restoringMonthAccents(_ text: String, languages: [String]) -> String {
        let accented = languages.filter { $0 != "eng" }.flatMap { accentedMonthNames[$0] ?? [] }
        guard !accented.isEmpty else { return text }
        let printsEnglish = languages.contains("eng")
        var out = "", run = "", monthsSeen = 0
        func flush() {
            defer { run = "" }
            guard !run.isEmpty else { return }
            let upper = run.uppercased()
            guard upper.allSatisfy(\.isASCII), let month = monthNumber(upper), monthNames[upper] == month else {
                if monthNumber(upper) != nil { monthsSeen += 1 }
                out += run
                return
            }
            defer { monthsSeen += 1 }
            if monthsSeen == 0, printsEnglish, englishMonthNames.contains(upper) {
                out += run
                return
            }
            let spelled = accented.first { folded($0) == upper }
            out += spelled ?? run
        }
        for character in text {
            if character.isLetter {
                run.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    /// `name` in plain capitals, accents dropped (`AOÛT` → `AOUT`, `MARÇO` → `MARCO`).
    static func folded(_ name: String) -> String {
        String(
            name.uppercased().decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { $0.value >= 65 && $0.value <= 90 }.map(Character.init))
    }

    /// The month names printed with accents, per language (ISO 639-2).
    static let accentedMonthNames: [String: [String]] = [
        "fra": ["FÉV", "FÉVR", "FÉVRIER", "AOÛT", "DÉC", "DÉCEMBRE"],
        "deu": ["MÄR", "MÄRZ"],
        "por": ["MARÇO"],
    ]

    /// The English month names and abbreviations.
    static let englishMonthNames: Set<String> = [
        "JAN", "JANUARY", "FEB", "FEBRUARY", "MAR", "MARCH", "APR", "APRIL", "MAY", "JUN", "JUNE", "JUL", "JULY",
        "AUG", "AUGUST", "SEP", "SEPT", "SEPTEMBER", "OCT", "OCTOBER", "NOV", "NOVEMBER", "DEC", "DECEMBER",
    ]

    /// Every letter of the month names and abbreviations parsed, sorted: plain capitals only, as
    /// the names are matched with their accents folded (`AOUT` read for `AOÛT` is August), so that a
    /// date line is held to ASCII and read with the recogniser's fast plain model.
    package static let monthLetters: String = String(Set(monthNames.keys.joined()).sorted())

    private static let monthNames: [String: Int] = {
        let lists: [[String]] = [
            ["JAN", "JANUARY", "JANV", "JANVIER", "JANUAR", "ENE", "ENERO", "JANEIRO"],
            ["FEB", "FEBRUARY", "FEV", "FEVR", "FEVRIER", "FEBRUAR", "FEBRERO", "FEVEREIRO"],
            ["MAR", "MARCH", "MARS", "MAER", "MAR", "MRZ", "MARZ", "MAERZ", "MARZO", "MARCO"],
            ["APR", "APRIL", "AVR", "AVRIL", "ABR", "ABRIL"],
            ["MAY", "MAI", "MAYO", "MAIO"],
            ["JUN", "JUNE", "JUIN", "JUNI", "JUNIO", "JUNHO"],
            ["JUL", "JULY", "JUIL", "JUILLET", "JULI", "JULIO", "JULHO"],
            ["AUG", "AUGUST", "AOU", "AOUT", "AGO", "AGOSTO"],
            ["SEP", "SEPT", "SEPTEMBER", "SEPTEMBRE", "SEPTIEMBRE", "SET", "SETEMBRO"],
            ["OCT", "OCTOBER", "OCTOBRE", "OKT", "OKTOBER", "OCTUBRE", "OUT", "OUTUBRO"],
            ["NOV", "NOVEMBER", "NOVEMBRE", "NOVIEMBRE", "NOVEMBRO"],
            ["DEC", "DECEMBER", "DECEMBRE", "DEZ", "DEZEMBER", "DIC", "DICIEMBRE", "DEZEMBRO"],
        ]
        var names: [String: Int] = [:]
        for (index, list) in lists.enumerated() {
            for name in list { names[name] = index + 1 }
        }
        return names
    }()
}
