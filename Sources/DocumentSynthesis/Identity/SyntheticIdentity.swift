package import DocumentEngine

/// Plausible, entirely made-up holder and document data for one synthetic document.
///
/// Names are kept as a person would see them printed in the visual zone (diacritics, apostrophes,
/// hyphens and spaces included); ``MRZComposer`` transliterates them for the MRZ. Codes
/// (`issuingState`, `nationality`) are the 3-character MRZ forms, e.g. `UTO` or `D<<`.
/// ``random(for:using:)`` draws names from built-in lists that include long names (which the MRZ
/// must truncate) and names that need transliteration (O'NEIL, MÜLLER, VAN DER BERG), dates of
/// birth from 1930 to 2020, expiry dates in the past and the future, and document numbers of 6 to
/// 12 characters (more than 9 only where the format has ICAO's overflow rule).
package struct SyntheticIdentity: Sendable, Equatable, Codable {
    /// The holder's sex as the MRZ writes it.
    package enum Sex: String, Sendable, Codable, CaseIterable {
        case male = "M"
        case female = "F"
        case unspecified = "<"
    }

    /// A calendar date (no time zone), as printed in the MRZ (`YYMMDD`) and the visual zone.
    package struct CalendarDate: Sendable, Equatable, Codable {
        package var year: Int
        package var month: Int
        package var day: Int

        package init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// `YYMMDD`.
        package var mrz: String { twoDigits(year % 100) + twoDigits(month) + twoDigits(day) }

        /// `12 AUG 1974`, as many documents print it.
        package var display: String {
            let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
            let name = (1...12).contains(month) ? months[month - 1] : "???"
            return "\(twoDigits(day)) \(name) \(year)"
        }

        private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    }

    /// Document code: 1 or 2 characters (`P`, `PD`, `I`, `ID`, `AC`, `V`...).
    package var documentCode: String
    /// Issuing state or organisation, 3-character MRZ code.
    package var issuingState: String
    /// The holder's nationality, 3-character MRZ code.
    package var nationality: String
    /// Primary identifier as printed (family name).
    package var surname: String
    /// Secondary identifiers as printed (given names, separated by spaces); may be empty.
    package var givenNames: String
    /// Document number, MRZ alphabet (A-Z, 0-9).
    package var documentNumber: String
    package var dateOfBirth: CalendarDate
    package var sex: Sex
    package var dateOfExpiry: CalendarDate
    /// Optional data after the document number (TD1), or the personal number (TD3), or the optional
    /// data of TD2 and visas; MRZ alphabet, may be empty.
    package var optionalData: String
    /// TD1 only: the optional data on line 2; MRZ alphabet, may be empty.
    package var optionalData2: String

    package init(
        documentCode: String, issuingState: String, nationality: String, surname: String, givenNames: String,
        documentNumber: String, dateOfBirth: CalendarDate, sex: Sex, dateOfExpiry: CalendarDate,
        optionalData: String = "", optionalData2: String = ""
    ) {
        self.documentCode = documentCode
        self.issuingState = issuingState
        self.nationality = nationality
        self.surname = surname
        self.givenNames = givenNames
        self.documentNumber = documentNumber
        self.dateOfBirth = dateOfBirth
        self.sex = sex
        self.dateOfExpiry = dateOfExpiry
        self.optionalData = optionalData
        self.optionalData2 = optionalData2
    }

    /// The issuing state's name for the document header (falls back to the code).
    package var issuingStateName: String {
        Self.countries.first { $0.code == issuingState }?.name ?? issuingState
    }

    /// Random holder and document data suited to `format` (nil: a TD1 front, numbers up to 12).
    package static func random(for format: MRZFormat?, using random: inout SeededGenerator) -> SyntheticIdentity {
        let issuer = random.chance(0.25) ? countries[0] : random.pick(countries)
        let nationality = random.chance(0.85) ? issuer : random.pick(countries)
        let sex = random.pick(Sex.allCases, weights: [0.48, 0.48, 0.04])
        let surname = random.pick(surnames)
        var given = sex == .female ? random.pick(femaleGivenNames) : random.pick(maleGivenNames)
        if random.chance(0.25) {
            given += " " + (sex == .female ? random.pick(femaleGivenNames) : random.pick(maleGivenNames))
        }
        if random.chance(0.05) { given = "" }

        let birth = randomDate(years: 1930...2020, using: &random)
        let expiryYear = random.integer(in: max(birth.year + 1, 2008)...2036)
        let expiry = randomDate(years: expiryYear...expiryYear, using: &random)

        let longest = min(12, format?.maximumDocumentNumberLength ?? 12)
        var length = random.integer(in: 6...min(9, longest))
        if longest > 9, random.chance(format == .td1 ? 0.3 : 0.15) { length = random.integer(in: 10...longest) }
        let number = randomDocumentNumber(length: length, using: &random)

        let code = documentCode(for: format, using: &random)
        var optional = ""
        var optional2 = ""
        switch format {
        case .td3?:
            if random.chance(0.5) { optional = randomAlphanumeric(length: random.integer(in: 6...14), using: &random) }
        case .td1?:
            if random.chance(0.4) { optional = randomAlphanumeric(length: random.integer(in: 3...8), using: &random) }
            if random.chance(0.3) { optional2 = randomAlphanumeric(length: random.integer(in: 3...11), using: &random) }
        case .td2?, .mrvA?, .mrvB?:
            // A long TD2 number overflows into the optional data (rest, check digit, filler).
            let room = (format?.trailingOptionalDataLength ?? 7) - (length > 9 ? length - 9 + 2 : 0)
            if room >= 2, random.chance(0.35) {
                optional = randomAlphanumeric(length: random.integer(in: 2...room), using: &random)
            }
        case nil:
            break
        }
        return SyntheticIdentity(
            documentCode: code, issuingState: issuer.code, nationality: nationality.code, surname: surname,
            givenNames: given, documentNumber: number, dateOfBirth: birth, sex: sex, dateOfExpiry: expiry,
            optionalData: optional, optionalData2: optional2)
    }

    private static func randomDate(years: ClosedRange<Int>, using random: inout SeededGenerator) -> CalendarDate {
        let month = random.integer(in: 1...12)
        let days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return CalendarDate(year: random.integer(in: years), month: month, day: random.integer(in: 1...days))
    }

    private static func documentCode(for format: MRZFormat?, using random: inout SeededGenerator) -> String {
        switch format {
        case .td3?: return random.pick(["P", "P", "P", "PD", "PO", "PS"])
        case .td1?, .td2?, nil: return random.pick(["I", "I", "ID", "IR", "AC", "C"])
        case .mrvA?, .mrvB?: return random.pick(["V", "V", "VC", "VS"])
        }
    }

    private static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let digits = Array("0123456789")

    private static func randomDocumentNumber(length: Int, using random: inout SeededGenerator) -> String {
        var out = ""
        let leadingLetters = random.pick([0, 1, 1, 2, 2, 3])
        for i in 0..<length {
            if i < leadingLetters || random.chance(0.08) {
                out.append(random.pick(letters))
            } else {
                out.append(random.pick(digits))
            }
        }
        return out
    }

    private static func randomAlphanumeric(length: Int, using random: inout SeededGenerator) -> String {
        var out = ""
        for _ in 0..<length { out.append(random.chance(0.6) ? random.pick(digits) : random.pick(letters)) }
        return out
    }

    /// MRZ code and printed name of the issuing states used (UTO is ICAO's fictitious Utopia; D<<
    /// is Germany's MRZ code).
    package static let countries: [(code: String, name: String)] = [
        ("UTO", "UTOPIA"), ("D<<", "BUNDESREPUBLIK DEUTSCHLAND"), ("FRA", "RÉPUBLIQUE FRANÇAISE"),
        ("GBR", "UNITED KINGDOM"), ("USA", "UNITED STATES OF AMERICA"), ("NLD", "KONINKRIJK DER NEDERLANDEN"),
        ("SWE", "SVERIGE"), ("ITA", "REPUBBLICA ITALIANA"), ("ESP", "REINO DE ESPAÑA"),
        ("POL", "RZECZPOSPOLITA POLSKA"),
        ("CAN", "CANADA"), ("AUS", "AUSTRALIA"), ("NZL", "NEW ZEALAND"), ("IRL", "ÉIRE IRELAND"),
        ("CHE", "SCHWEIZ SUISSE SVIZZERA"), ("AUT", "REPUBLIK ÖSTERREICH"), ("BEL", "BELGIQUE BELGIË"),
        ("PRT", "REPÚBLICA PORTUGUESA"), ("GRC", "HELLENIC REPUBLIC"), ("NOR", "NORGE NOREG"), ("FIN", "SUOMI FINLAND"),
        ("DNK", "DANMARK"), ("CZE", "ČESKÁ REPUBLIKA"), ("HUN", "MAGYARORSZÁG"), ("ROU", "ROMÂNIA"),
        ("JPN", "JAPAN"), ("KOR", "REPUBLIC OF KOREA"), ("IND", "REPUBLIC OF INDIA"),
        ("BRA", "REPÚBLICA FEDERATIVA DO BRASIL"),
        ("MEX", "ESTADOS UNIDOS MEXICANOS"), ("ARG", "REPÚBLICA ARGENTINA"), ("ZAF", "REPUBLIC OF SOUTH AFRICA"),
        ("NGA", "FEDERAL REPUBLIC OF NIGERIA"), ("TUR", "TÜRKİYE CUMHURİYETİ"), ("PHL", "REPUBLIC OF THE PHILIPPINES"),
        ("VNM", "VIET NAM"), ("EGY", "ARAB REPUBLIC OF EGYPT"), ("XXA", "STATELESS PERSON"),
    ]

    private static let surnames = [
        "ERIKSSON", "SMITH", "O'NEIL", "MÜLLER", "GARCÍA LÓPEZ", "VAN DER BERG", "DE LA CRUZ", "NGUYEN",
        "KOWALSKI", "SMITH-JONES", "ØSTERGÅRD", "D'ANGELO", "JOHNSON", "PAPADOPOULOS", "STRAUß", "LEE", "LI",
        "WOLFESCHLEGELSTEINHAUSENBERGERDORFF", "HERNÁNDEZ-FERNÁNDEZ DE CÓRDOBA", "MACDONALD", "BJÖRKLUND",
        "ABERCROMBIE-FITZWILLIAM", "OKONKWO", "FONTAINE", "DUBOIS", "NOWAK", "SCHRÖDER", "ROSSI", "YILMAZ",
        "TANAKA", "KIM", "SILVA", "DOS SANTOS", "MCALLISTER", "ÅSTRÖM", "NÉMETH", "DVOŘÁK", "O'SULLIVAN-BRENNAN",
        "VANDERWOUDE-ASHWORTH", "BENALI", "PETROVIĆ", "HALVORSEN", "FERREIRA DA COSTA", "ZHANG", "MAHMOUD", "BROWN",
        "ABUBAKAR", "CHRISTODOULOPOULOS", "SANTA MARÍA DE LOS ÁNGELES", "ÇELIK", "WEIß", "LEFÈVRE", "MØLLER",
    ]

    private static let femaleGivenNames = [
        "ANNA MARIA", "MARÍA DEL CARMEN", "KRISTÍNA", "SIOBHÁN", "ZOË", "SOPHIE", "EMMA", "OLGA", "AIKO", "JI-WOO",
        "FATIMA", "CHIAMAKA", "LUCÍA", "INGRID", "MARGARETHE ELISABETH", "ANNE-SOPHIE", "MAUREEN", "PRIYA", "LENA",
        "ALEXANDRA VICTORIA CHARLOTTE", "JOSÉPHINE", "AGNIESZKA", "MÄRTA", "THI HUONG", "N'DEYE",
    ]

    private static let maleGivenNames = [
        "JOHN", "JEAN-PIERRE", "HANS-JÜRGEN", "CHRISTOPHER ALEXANDER MAXIMILIAN", "MOHAMMED ABDULLAH", "LUCAS", "JAN",
        "SØREN", "HIROSHI", "MIN-JUN", "OLUWASEUN", "JOSÉ LUIS", "PIOTR", "ÞÓR", "DMITRI", "ARJUN", "SEAN",
        "FRANÇOIS", "KEES", "GIOVANNI BATTISTA", "ÁLVARO", "MEHMET", "VAN MINH", "D'ARCY", "LEOPOLD FERDINAND",
    ]
}
