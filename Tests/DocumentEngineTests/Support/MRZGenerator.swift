import CaptureCore

@testable import DocumentEngine

/// Generates random valid zones (random names, numbers and dates, correct check digits) from a seed.
struct MRZGenerator {
    /// How a generated document number is built.
    enum NumberShape: CaseIterable {
        /// One letter then digits, as "L12345678".
        case letterThenDigits
        /// Two letters then digits.
        case twoLettersThenDigits
        /// Digits only.
        case digits
        /// Letters and digits in any order.
        case mixed
    }

    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let digits = Array("0123456789")

    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[int(0...values.count - 1)]
    }

    mutating func letters(_ count: Int) -> String {
        String((0..<count).map { _ in pick(Self.letters) })
    }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in pick(Self.digits) })
    }

    mutating func alphanumerics(_ count: Int) -> String {
        String((0..<count).map { _ in pick(Self.letters + Self.digits) })
    }

    /// A valid `YYMMDD` date.
    mutating func date() -> String {
        let month = int(1...12)
        let day = int(1...MRZDate.daysIn(month: month, year: 2001))
        return [int(0...99), month, day].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
    }

    /// A 9-character document number of `shape`.
    mutating func documentNumber(_ shape: NumberShape) -> String {
        switch shape {
        case .letterThenDigits: letters(1) + digits(8)
        case .twoLettersThenDigits: letters(2) + digits(7)
        case .digits: digits(9)
        case .mixed: alphanumerics(9)
        }
    }

    /// A random valid zone of `format`; TD1 and TD2 numbers are sometimes longer than 9 characters.
    mutating func fixture(_ format: MRZFormat) -> MRZFixture {
        var number = documentNumber(pick(NumberShape.allCases))
        if int(0...3) == 0 { number = String(number.prefix(int(5...8))) }
        let long = (format == .td1 || format == .td2) && int(0...3) == 0
        if long { number += alphanumerics(int(1...4)) }

        let code: String
        switch format {
        case .td1: code = pick(["I<", "ID", "AC"])
        case .td2: code = pick(["I<", "AC"])
        case .td3: code = "P<"
        case .mrvA, .mrvB: code = "V<"
        }
        var secondary = letters(int(2...7))
        if int(0...1) == 0 { secondary += " " + letters(int(2...7)) }

        var fixture = MRZFixture(
            format: format, documentCode: code, issuingCountry: letters(3), primaryName: letters(int(2...10)),
            secondaryName: secondary, documentNumber: number, nationality: letters(3), dateOfBirth: date(),
            sex: pick(["M", "F", "<", "X"]), dateOfExpiry: date())
        switch format {
        case .td1:
            fixture.optionalData1 = alphanumerics(int(0...(long ? 5 : 12)))
            fixture.optionalData2 = alphanumerics(int(0...11))
        case .td2: fixture.optionalData2 = long ? "" : alphanumerics(int(0...7))
        case .td3: fixture.optionalData1 = alphanumerics(int(0...14))
        case .mrvA: fixture.optionalData2 = alphanumerics(int(0...16))
        case .mrvB: fixture.optionalData2 = alphanumerics(int(0...8))
        }
        return fixture
    }
}
