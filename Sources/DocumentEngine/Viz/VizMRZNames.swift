import Foundation

/// The printed names of a side checked against the names its MRZ carries (ICAO 9303 part 3: the MRZ
/// writes each printed letter in its transliteration, `ß` as `SS`).
///
/// The recogniser never proposes `ß`: it reads a printed `WEIß` or `STRAUß` as `WEIB`, `WEIR`,
/// `STRAUB` or `STRAUS`, mostly with another of those letters weighed close beside it, so the reader
/// declines the name or reports a wrong one. Where the MRZ spells the name letter for letter as read
/// except that one glyph read `B`, `R` or `S` stands where the MRZ has `SS`, that glyph is the
/// `ß` the MRZ transliterated, and the name takes `SS` there: the reader spells a printed `ß` as
/// `SS`, as it upper-cases every name (`STRAUß` is `STRAUSS`). Nothing else of the read changes; the
/// MRZ never supplies a letter of its own.
package enum VizMRZNames {
    /// The letters OCR reads for a printed `ß`.
    static let sharpSLookAlikes: Set<Character> = ["B", "R", "S"]

    /// Whether `value` (a printed name as the reader gives it, upper case) is written `mrz` (the MRZ's
    /// name, fillers as spaces) by one of the ICAO transliterations (``ICAOTransliteration/forms(_:)``).
    package static func agrees(_ value: String, mrz: String) -> Bool {
        let target = VizReader.collapseSpaces(mrz.uppercased())
        guard !target.isEmpty else { return false }
        return ICAOTransliteration.forms(value).contains { $0.replacingOccurrences(of: "<", with: " ") == target }
    }

    /// `value` with the one glyph read `B`, `R` or `S` that stands for the `SS` of `mrz` spelt `SS`;
    /// nil when `value` already agrees with `mrz`, when no such glyph makes it agree, or when more
    /// than one does (the read does not say which).
    package static func sharpSRepaired(_ value: String, mrz: String) -> String? {
        guard mrz.contains("SS"), !agrees(value, mrz: mrz) else { return nil }
        let characters = Array(value)
        var repaired: [String] = []
        for index in characters.indices where sharpSLookAlikes.contains(characters[index]) {
            let candidate = String(characters[..<index]) + "SS" + String(characters[(index + 1)...])
            if agrees(candidate, mrz: mrz), !repaired.contains(candidate) { repaired.append(candidate) }
        }
        return repaired.count == 1 ? repaired[0] : nil
    }

    /// `value` without its last one or two words of at most two letters each (a pattern's strokes
    /// beside the name read as letters: `NGUYEN J`), when what is left agrees with `mrz`, or does
    /// once a glyph read for `ß` is spelt `SS` (``sharpSRepaired(_:mrz:)``); nil otherwise. Only
    /// for an MRZ whose name field did not run to its end (``namesComplete(_:)``): a name cut there
    /// may go on in the print.
    package static func trailingMarksTrimmed(_ value: String, mrz: String) -> String? {
        guard !agrees(value, mrz: mrz) else { return nil }
        var words = value.split(separator: " ").map(String.init)
        for _ in 0..<2 {
            guard words.count > 1, let last = words.last, last.count <= 2 else { return nil }
            words.removeLast()
            let rest = words.joined(separator: " ")
            if agrees(rest, mrz: mrz) { return rest }
            if let repaired = sharpSRepaired(rest, mrz: mrz) { return repaired }
        }
        return nil
    }

    /// Whether the name field of `record`'s MRZ ends in a filler: its names were not cut to fit
    /// (ICAO 9303 truncates long names at the field's end).
    package static func namesComplete(_ record: MRZRecord) -> Bool {
        let lines = record.correctedLines.isEmpty ? record.rawLines : record.correctedLines
        let namesLine = record.format == .td1 ? lines.last : lines.first
        return namesLine?.last == "<"
    }
}

extension VizReading {
    /// The reading with its primary and secondary names checked against the MRZ's (``MRZRecord``'s,
    /// fillers as spaces; an empty name is not checked):
    /// - a name reported with a glyph read for `ß` where the MRZ has `SS`
    ///   (``VizMRZNames/sharpSRepaired(_:mrz:)``) is spelt with `SS` there;
    /// - with `namesComplete` (the MRZ's name field ends in a filler, ``VizMRZNames/namesComplete(_:)``),
    ///   a name reported with one or two trailing marks the MRZ does not have (`NGUYEN J`) loses
    ///   them (``VizMRZNames/trailingMarksTrimmed(_:mrz:)``);
    /// - a name not read takes the first of its candidates' reads (``nameReads``) that a glyph read
    ///   for `ß` makes agree with the MRZ, unless the recogniser weighed a plain letter above
    ///   `maximumStrokeDoubt` beside a stroked one it read (`L` beside `Ł`: the MRZ writes both `L`).
    ///   A read that agrees as it is stays declined (tuning family: taking those gave one name
    ///   exact and one wrong, `O'SULŁIVAN`).
    /// Names that disagree otherwise are left as read (the comparison with the MRZ lists them). A
    /// reading whose layout did not fit the document has no name reads and gains nothing.
    package func confirmingNames(
        primary: String, secondary: String, namesComplete: Bool = false,
        maximumStrokeDoubt: Double = VizReader.defaultMaximumNameAmbiguity
    ) -> VizReading {
        var out = self
        for (field, mrz) in [(VizField.primaryName, primary), (.secondaryName, secondary)] where !mrz.isEmpty {
            if let index = out.fields.firstIndex(where: { $0.field == field }) {
                let value = out.fields[index].value
                if let repaired = VizMRZNames.sharpSRepaired(value, mrz: mrz)
                    ?? (namesComplete ? VizMRZNames.trailingMarksTrimmed(value, mrz: mrz) : nil)
                {
                    out.fields[index].value = repaired
                }
                continue
            }
            guard out.notRead.contains(field) else { continue }
            for read in nameReads[field] ?? [] where read.strokeDoubt <= maximumStrokeDoubt {
                guard let value = VizMRZNames.sharpSRepaired(read.value, mrz: mrz) else { continue }
                out.fields.append(
                    .init(
                        field: field, value: value, rawText: read.rawText, date: nil, confidence: read.confidence,
                        box: read.box, candidate: read.candidate))
                out.notRead.removeAll { $0 == field }
                out.declined[field] = nil
                break
            }
        }
        out.fields.sort { $0.field < $1.field }
        return out
    }
}
