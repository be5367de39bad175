import Foundation

/// Chooses the most probable MRZ text that the layout allows: every character of its field's class
/// (digits in dates, letters in names and codes), a document code starting as the layout requires
/// (`P`, `V`, or `A`, `C`, `I`), issuing state and nationality on the list of codes, and every check
/// digit agreeing, including the composite.
///
/// Each cell brings its most probable characters from the recogniser; a reading's cost is the sum
/// of `-log p` over its characters. Per field with a check digit, **one** cell the recogniser was
/// unsure of (its top candidate below ``unsureProbability``; among the four most uncertain, only
/// alternatives with p ≥ 2%) may take another of its candidates, and the cheapest such changes
/// that satisfy the check are kept; then the cheapest choice across fields that satisfies the
/// composite wins. A field that no single unsure change satisfies keeps its most probable
/// characters, and its check then fails honestly: a mod-10 check digit agrees with one random change
/// in ten, so changing two characters, or a character the recogniser was sure of, to make it agree
/// would verify a guess. Nothing is invented: every character chosen was
/// among the recogniser's own candidates for its cell, or is the standard OCR-B confusion partner
/// of the top candidate when no candidate fits the field's class.
package enum MRZReadingResolver {
    /// Alternatives less probable than this are not considered.
    package static let minimumAlternativeProbability: Float = 0.02
    /// A cell whose top candidate is at least this probable is one the recogniser was sure of: its
    /// character is never changed to make a check digit agree.
    package static let unsureProbability: Float = 0.9
    /// At most this many cells of a field are changed to make its check digit agree.
    package static let maximumChangesPerField = 1

    /// The resolved lines, or nil when the lines do not have a layout's shape.
    package static func resolve(_ candidates: [[[MRZCandidate]]]) -> [String]? {
        let top = candidates.map { String($0.map { $0.first?.character ?? "<" }) }
        guard let format = MRZParser.format(of: top) else { return nil }
        let layout = MRZFieldLayout.of(format)
        var classes = candidates.map { $0.map { _ in MRZCharacterClass.alphanumeric } }
        func set(_ span: MRZSpan?, _ c: MRZCharacterClass) {
            guard let span else { return }
            for column in span.columns { classes[span.line][column] = c }
        }
        func set(_ p: MRZPosition?, _ c: MRZCharacterClass) {
            guard let p else { return }
            classes[p.line][p.column] = c
        }
        set(layout.documentCode, .alphabetic)
        set(layout.issuingCountry, .alphabetic)
        set(layout.name, .alphabetic)
        set(layout.nationality, .alphabetic)
        set(layout.dateOfBirth, .numeric)
        set(layout.dateOfExpiry, .numeric)
        set(layout.sex, .alphabetic)
        for p in [
            layout.documentNumberCheck, layout.dateOfBirthCheck, layout.dateOfExpiryCheck,
            layout.personalNumberCheck, layout.compositeCheck,
        ] {
            set(p, .numeric)
        }
        // Options per cell, cheapest first.
        var options: [[[Option]]] = candidates.enumerated().map { line, cells in
            cells.enumerated().map { column, cell in Self.options(cell, class: classes[line][column]) }
        }
        // The document code's first letter is one the layout allows, when a candidate is.
        let start = layout.documentCode.positions[0]
        let fitting = options[start.line][start.column].filter {
            format.documentCodeFirstLetters.contains($0.character)
        }
        if !fitting.isEmpty { options[start.line][start.column] = fitting }
        var chosen = options.map { $0.map { $0[0].character } }

        // Issuing state and nationality: codes that exist.
        for span in [layout.issuingCountry, layout.nationality] {
            resolveCode(span, options: options, chosen: &chosen)
        }

        // Fields with their own check digit.
        var fields: [(positions: [MRZPosition], check: MRZPosition)] = [
            (layout.dateOfBirth.positions, layout.dateOfBirthCheck),
            (layout.dateOfExpiry.positions, layout.dateOfExpiryCheck),
        ]
        // A number longer than nine characters (check position '<') is left to the parser.
        if chosen[layout.documentNumberCheck.line][layout.documentNumberCheck.column] != "<" {
            fields.append((layout.documentNumber.positions, layout.documentNumberCheck))
        }
        if let span = layout.optionalData1, let check = layout.personalNumberCheck {
            fields.append((span.positions, check))
        }
        var fieldChoices: [[Assignment]] = []
        for field in fields {
            let unsure = Set(
                (field.positions + [field.check]).filter { p in
                    (candidates[p.line][p.column].first?.probability ?? 0) < unsureProbability
                })
            fieldChoices.append(
                assignments(
                    for: field.positions + [field.check], check: field.check,
                    options: options, chosen: chosen, changeable: unsure))
        }
        // The composite: the cheapest combination of field choices that satisfies it.
        var best: (cost: Double, picks: [Int])?
        var bestIgnoringComposite: (cost: Double, picks: [Int])?
        var picks = [Int](repeating: 0, count: fieldChoices.count)
        func explore(_ i: Int, _ cost: Double) {
            if i == fieldChoices.count {
                var trial = chosen
                for (f, choice) in picks.enumerated() { fieldChoices[f][choice].apply(to: &trial) }
                if bestIgnoringComposite == nil || cost < bestIgnoringComposite!.cost {
                    bestIgnoringComposite = (cost, picks)
                }
                guard compositeAgrees(trial, layout: layout) else { return }
                if best == nil || cost < best!.cost { best = (cost, picks) }
                return
            }
            for (k, a) in fieldChoices[i].enumerated() {
                picks[i] = k
                explore(i + 1, cost + a.cost)
            }
        }
        explore(0, 0)
        if let winner = best ?? bestIgnoringComposite {
            for (f, choice) in winner.picks.enumerated() { fieldChoices[f][choice].apply(to: &chosen) }
        }
        return chosen.map { String($0) }
    }

    // MARK: - Pieces

    struct Option {
        var character: Character
        var cost: Double
    }

    /// One way of filling a field's cells, and its extra cost over the cheapest characters.
    struct Assignment {
        var characters: [(MRZPosition, Character)]
        var cost: Double

        func apply(to lines: inout [[Character]]) {
            for (p, c) in characters { lines[p.line][p.column] = c }
        }
    }

    /// The cell's candidates allowed by its class, cheapest first; at least one.
    static func options(_ cell: [MRZCandidate], class c: MRZCharacterClass) -> [Option] {
        var out = cell.enumerated().filter { index, candidate in
            c.allows(candidate.character) && (index == 0 || candidate.probability >= minimumAlternativeProbability)
        }.map { Option(character: $0.element.character, cost: -log(Double(max($0.element.probability, 1e-6)))) }
        if out.isEmpty, let first = cell.first {
            // No candidate fits: the OCR-B confusion partner of the top one, if it fits.
            if let partner = MRZConfusion.partner(of: first.character), c.allows(partner) {
                out = [Option(character: partner, cost: -log(0.01))]
            } else {
                out = [Option(character: first.character, cost: -log(Double(max(first.probability, 1e-6))))]
            }
        }
        return out.sorted { $0.cost < $1.cost }
    }

    /// Up to six cheapest fillings of `positions` whose check digit (at `check`) agrees, each changing
    /// at most ``maximumChangesPerField`` of the `changeable` cells from their cheapest option; the
    /// cheapest filling alone when none does.
    static func assignments(
        for positions: [MRZPosition], check: MRZPosition, options: [[[Option]]],
        chosen: [[Character]], changeable: Set<MRZPosition>
    ) -> [Assignment] {
        // The most uncertain cells: smallest cost gap between the first and second option.
        let uncertain = positions.filter { options[$0.line][$0.column].count > 1 && changeable.contains($0) }
            .sorted { gap(options[$0.line][$0.column]) < gap(options[$1.line][$1.column]) }
            .prefix(4)
        var results: [Assignment] = []
        var current = chosen
        func base(_ p: MRZPosition) -> Double { options[p.line][p.column][0].cost }
        func explore(_ i: Int, _ extra: Double, _ changes: [(MRZPosition, Character)], _ changed: Int) {
            if i == uncertain.count {
                let data = positions.filter { $0 != check }.map { current[$0.line][$0.column] }
                let digit = current[check.line][check.column]
                if MRZCheckDigit.character(for: String(data)) == digit {
                    results.append(Assignment(characters: changes, cost: extra))
                }
                return
            }
            let p = uncertain[uncertain.index(uncertain.startIndex, offsetBy: i)]
            for (k, option) in options[p.line][p.column].enumerated() {
                if k > 0, changed >= maximumChangesPerField { break }
                let saved = current[p.line][p.column]
                current[p.line][p.column] = option.character
                explore(
                    i + 1, extra + option.cost - base(p), changes + [(p, option.character)], changed + (k > 0 ? 1 : 0))
                current[p.line][p.column] = saved
            }
        }
        explore(0, 0, [], 0)
        results.sort { $0.cost < $1.cost }
        return results.isEmpty ? [Assignment(characters: [], cost: 0)] : Array(results.prefix(6))
    }

    static func gap(_ options: [Option]) -> Double { options.count > 1 ? options[1].cost - options[0].cost : .infinity }

    /// Replaces a code that is not a code by the cheapest combination of alternatives that is one.
    static func resolveCode(_ span: MRZSpan, options: [[[Option]]], chosen: inout [[Character]]) {
        let current = String(span.columns.map { chosen[span.line][$0] })
        guard !MRZCountryCodes.all.contains(current) else { return }
        var best: (String, Double)?
        func explore(_ i: Int, _ prefix: String, _ cost: Double) {
            let columns = Array(span.columns)
            if i == columns.count {
                if MRZCountryCodes.all.contains(prefix), best == nil || cost < best!.1 { best = (prefix, cost) }
                return
            }
            for option in options[span.line][columns[i]] {
                explore(i + 1, prefix + String(option.character), cost + option.cost)
            }
        }
        explore(0, "", 0)
        if let (code, _) = best {
            for (i, column) in span.columns.enumerated() { chosen[span.line][column] = Array(code)[i] }
        }
    }

    static func compositeAgrees(_ lines: [[Character]], layout: MRZFieldLayout) -> Bool {
        guard let check = layout.compositeCheck else { return true }
        let data = layout.compositeSpans.flatMap { span in span.columns.map { lines[span.line][$0] } }
        return MRZCheckDigit.character(for: String(data)) == lines[check.line][check.column]
    }
}

extension MRZCharacterClass {
    /// Whether the class admits `character` (an MRZ alphabet character).
    func allows(_ character: Character) -> Bool {
        guard let byte = character.asciiValue else { return false }
        return allows(byte)
    }
}

extension MRZConfusion {
    /// The OCR-B confusion partner of `character` (0/O, 1/I, 8/B, 5/S, 2/Z), if any.
    static func partner(of character: Character) -> Character? {
        guard let byte = character.asciiValue, let partner = partner(of: byte) else { return nil }
        return Character(Unicode.Scalar(partner))
    }
}
