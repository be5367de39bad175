import DocumentEngine
import Foundation

/// Compares the fields a document carries in more than one of its MRZ, its AAMVA barcode and its
/// printed zone (``DataMatchResult``), pair by pair, after normalising each value the same way.
enum DocumentFieldComparator {
    /// The comparison of everything both sources carry; ``DataMatchResult/State/notPerformed`` when
    /// either is missing.
    static func compare(mrz: MrzResult?, barcode: BarcodeResult?, viz: VizResult? = nil) -> DataMatchResult {
        var comparisons = mrzAndBarcode(mrz: mrz, barcode: barcode)
        if let viz {
            if let mrz { comparisons += mrzAndViz(mrz: mrz, viz: viz) }
            if let aamva = barcode?.aamva { comparisons += barcodeAndViz(aamva: aamva, viz: viz) }
        }
        let order = DataMatchResult.Field.allCases
        comparisons.sort { (order.firstIndex(of: $0.field) ?? 0) < (order.firstIndex(of: $1.field) ?? 0) }
        return DataMatchResult(comparisons: comparisons)
    }

    /// `viz` with each field the MRZ carries marked ``VizResult/MrzCheck/verified`` or
    /// ``VizResult/MrzCheck/contradicted`` (``mrzAndViz(mrz:viz:)``'s comparisons). A verified
    /// document number takes the MRZ's spelling; a contradicted value stays as printed.
    static func checked(_ viz: VizResult, against mrz: MrzResult?) -> VizResult {
        guard let mrz else { return viz }
        let fields: [DataMatchResult.Field: VizResult.Field] = [
            .familyName: .primaryName, .givenNames: .secondaryName, .documentNumber: .documentNumber,
            .dateOfBirth: .dateOfBirth, .dateOfExpiry: .dateOfExpiry, .sex: .sex,
        ]
        var checks: [VizResult.Field: Bool] = [:]
        for comparison in mrzAndViz(mrz: mrz, viz: viz) {
            if let field = fields[comparison.field] { checks[field] = comparison.agrees }
        }
        var result = viz
        for index in result.fields.indices {
            guard let agrees = checks[result.fields[index].field] else { continue }
            result.fields[index].mrzCheck = agrees ? .verified : .contradicted
            if agrees, result.fields[index].field == .documentNumber {
                result.fields[index].value = alphanumeric(mrz.documentNumber)
            }
        }
        return result
    }

    /// The MRZ against the printed zone: names through ICAO transliteration (either allowed form),
    /// the document number as letters and digits, dates by day, month and two-digit year, sex.
    static func mrzAndViz(mrz: MrzResult, viz: VizResult) -> [DataMatchResult.Comparison] {
        let namesCut = mrzNamesMayBeTruncated(mrz)
        var comparisons: [DataMatchResult.Comparison] = []
        func add(_ field: DataMatchResult.Field, _ agrees: Bool?) {
            guard let agrees else { return }
            comparisons.append(.init(field: field, sources: [.mrz, .viz], agrees: agrees))
        }
        func printedNameAgrees(_ mrzName: String, _ printed: String) -> Bool {
            ICAOTransliteration.forms(printed).contains { form in
                namesAgree(mrz: mrzName, barcode: form.replacingOccurrences(of: "<", with: " "), mrzMayBeCut: namesCut)
            }
        }
        add(.familyName, viz.primaryName.map { printedNameAgrees(mrz.primaryName, $0) })
        add(.givenNames, viz.secondaryName.map { printedNameAgrees(mrz.secondaryName, $0) })
        add(.documentNumber, viz.documentNumber.map { printedNumbersAgree(mrz.documentNumber, $0) })
        add(.dateOfBirth, datesAgree(mrz.dateOfBirth, viz.dateOfBirth))
        add(.dateOfExpiry, datesAgree(mrz.dateOfExpiry, viz.dateOfExpiry))
        add(.sex, viz.sex.map { sexCode($0) == sexCode(mrz.sex) })
        return comparisons
    }

    /// The barcode against the printed zone (accents folded on both sides, full dates).
    static func barcodeAndViz(aamva: AamvaResult, viz: VizResult) -> [DataMatchResult.Comparison] {
        let names = barcodeNames(aamva)
        var comparisons: [DataMatchResult.Comparison] = []
        func add(_ field: DataMatchResult.Field, _ agrees: Bool?) {
            guard let agrees else { return }
            comparisons.append(.init(field: field, sources: [.barcode, .viz], agrees: agrees))
        }
        func same(_ a: String?, _ b: String?) -> Bool? {
            guard let a, let b else { return nil }
            return normalisedName(a) == normalisedName(b)
        }
        add(.familyName, same(names.family, viz.primaryName))
        add(.givenNames, same(names.given, viz.secondaryName))
        add(.documentNumber, aamva.customerID.flatMap { id in viz.documentNumber.map { printedNumbersAgree(id, $0) } })
        func fullDates(_ a: DateResult?, _ b: DateResult?) -> Bool? {
            guard let a, let b else { return nil }
            return a.day == b.day && a.month == b.month && a.year == b.year
        }
        add(.dateOfBirth, fullDates(aamva.dateOfBirth, viz.dateOfBirth))
        add(.dateOfExpiry, fullDates(aamva.dateOfExpiry, viz.dateOfExpiry))
        add(.sex, aamva.sex.flatMap { sex in viz.sex.map { sexCode(sex) == sexCode($0) } })
        return comparisons
    }

    /// The MRZ against the AAMVA barcode.
    static func mrzAndBarcode(mrz: MrzResult?, barcode: BarcodeResult?) -> [DataMatchResult.Comparison] {
        guard let mrz, let aamva = barcode?.aamva else { return [] }
        let namesCut = mrzNamesMayBeTruncated(mrz)
        let names = barcodeNames(aamva)
        var comparisons: [DataMatchResult.Comparison] = []
        func add(_ field: DataMatchResult.Field, _ agrees: Bool?) {
            guard let agrees else { return }
            comparisons.append(.init(field: field, sources: [.mrz, .barcode], agrees: agrees))
        }
        add(.familyName, names.family.map { namesAgree(mrz: mrz.primaryName, barcode: $0, mrzMayBeCut: namesCut) })
        add(.givenNames, names.given.map { namesAgree(mrz: mrz.secondaryName, barcode: $0, mrzMayBeCut: namesCut) })
        add(.documentNumber, aamva.customerID.map { alphanumeric(mrz.documentNumber) == alphanumeric($0) })
        add(.dateOfBirth, datesAgree(mrz.dateOfBirth, aamva.dateOfBirth))
        add(.dateOfExpiry, datesAgree(mrz.dateOfExpiry, aamva.dateOfExpiry))
        add(.sex, aamva.sex.map { sexCode($0) == sexCode(mrz.sex) })
        return comparisons
    }

    /// Family and given names from whichever elements the file's version used.
    static func barcodeNames(_ aamva: AamvaResult) -> (family: String?, given: String?) {
        var family = aamva.familyName?.value
        var given: String?
        let firstAndMiddle = [aamva.firstName?.value, aamva.middleName?.value].compactMap { $0 }
        if !firstAndMiddle.isEmpty {
            given = firstAndMiddle.joined(separator: " ")
        } else if let names = aamva.givenNames {
            given = names
        }
        if family == nil || given == nil, let full = aamva.fullName {
            // Version 01: "FAMILY,FIRST,MIDDLE".
            let parts = full.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if family == nil, let first = parts.first, !first.isEmpty { family = first }
            if given == nil, parts.count > 1 { given = parts.dropFirst().joined(separator: " ") }
        }
        return (family, given)
    }

    /// Upper-case letters and digits, accents folded, every run of other characters one space.
    static func normalisedName(_ name: String) -> String {
        let folded =
            name
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .uppercased()
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    /// Equal once normalised; or, when the MRZ's name field ran to the end of its line, the MRZ
    /// name is the barcode's cut short (each MRZ word the start of the barcode's word, or the
    /// whole MRZ name the start of the barcode's). The MRZ writes apostrophes as nothing
    /// and hyphens as fillers, so both are compared without separators as well.
    static func namesAgree(mrz: String, barcode: String, mrzMayBeCut: Bool) -> Bool {
        let a = normalisedName(mrz), b = normalisedName(barcode)
        guard !a.isEmpty, !b.isEmpty else { return a == b }
        if a == b { return true }
        let compactA = a.replacingOccurrences(of: " ", with: ""), compactB = b.replacingOccurrences(of: " ", with: "")
        if compactA == compactB { return true }
        guard mrzMayBeCut else { return false }
        // ICAO 9303 shortens names word by word: "MARIA DE C" for "MARIA DEL CARMEN".
        let wordsA = a.split(separator: " "), wordsB = b.split(separator: " ")
        if wordsA.count <= wordsB.count, zip(wordsA, wordsB).allSatisfy({ $1.hasPrefix($0) }) { return true }
        return compactB.hasPrefix(compactA)
    }

    /// Whether the MRZ line holding the names is full (no filler at its end): the names may be cut.
    static func mrzNamesMayBeTruncated(_ mrz: MrzResult) -> Bool {
        let lines = mrz.correctedLines.isEmpty ? mrz.rawLines : mrz.correctedLines
        let namesLine = mrz.documentType == .td1 ? lines.last : lines.first
        guard let last = namesLine?.last else { return false }
        return last != "<"
    }

    /// A document number against its printed form: letters and digits, with O and 0, I and 1 taken
    /// as one (printed fonts draw them alike; the MRZ's OCR-B and the barcode do not, so a forger
    /// gains nothing from the pair).
    static func printedNumbersAgree(_ machine: String, _ printed: String) -> Bool {
        func folded(_ value: String) -> String {
            String(alphanumeric(value).map { $0 == "O" ? "0" : $0 == "I" ? "1" : $0 })
        }
        return folded(machine) == folded(printed)
    }

    static func alphanumeric(_ value: String) -> String {
        let kept = value.uppercased().unicodeScalars.filter { ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") }
        return String(kept.map(Character.init))
    }

    static func datesAgree(_ mrz: DateResult?, _ barcode: DateResult?) -> Bool? {
        guard let mrz, let barcode else { return nil }
        return mrz.day == barcode.day && mrz.month == barcode.month && mrz.year % 100 == barcode.year % 100
    }

    /// `M`, `F`, or `X` for every spelling of "not specified".
    static func sexCode(_ value: String) -> String {
        switch value.uppercased() {
        case "M", "1": return "M"
        case "F", "2": return "F"
        default: return "X"
        }
    }
}
