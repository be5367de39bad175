/// When an MRZ reading counts as verified. The conditions, all on the text as reported (after the
/// resolver's choices and the parser's repairs):
///
/// 1. every check digit agrees;
/// 2. every character that no check digit covers (names, codes, nationality, sex, unchecked
///    optional data) was read with a confidence of at least ``minimumUncheckedConfidence``;
/// 3. the date of birth and the date of expiry are dates (`YYMMDD` with a month and day that exist):
///    a check digit that agrees over a date field holding a letter or a 31st of February proves only
///    that the recogniser's error and the check happen to match;
/// 4. for one frame's reading, whose candidates are known: no field covered by a check digit is
///    **ambiguous**, that is, no other choice among the recogniser's own candidates for its unsure
///    characters (those under ``MRZReadingResolver/unsureProbability``) agrees with its check digit
///    (and with the composite, where there is one) as well while being at least ``ambiguityRatio``
///    as probable as the reading.
///
/// A character's confidence is the recogniser's probability for the character **reported**, not for
/// the one it ranked first: a name's `1` replaced by the letter it is confused with (`I`), or a
/// letter the resolver took from further down the candidates, counts with that letter's own
/// probability, and with 0 when the recogniser did not propose it at all (a confusion partner or a
/// parser repair).
///
/// Why: check digits say nothing about the name or the nationality (on generated hard frames most
/// MRZs whose every check digit agreed but whose text was wrong were wrong there: a name's `E` read as
/// `F`, a nationality's `D` as `<`); and a mod-10 check digit agrees with one random change in ten, or
/// with any single change worth a multiple of ten (`<` and `K`, `8` and `I`), so when the recogniser
/// hesitated between characters that the check digit cannot tell apart, the check proves nothing. On
/// the tuning family's placement line (frames tilted 40–50°) three readings had been reported verified
/// that way: `V3FJ3662` for `V3843662` (`F` at 0.46 and `J` at 0.61, the truth among their
/// candidates), `<3753L88` for `K3753L88`, and a name's `F` read as `1` and repaired to `I`. On its
/// stress line (glare across the MRZ), a TD3 was reported verified with an expiry that is no date.
package enum MRZVerification {
    /// The lowest confidence an unchecked character may have in a verified reading. Decided on the
    /// tuning family (see the README's measurement notes).
    package static let minimumUncheckedConfidence: Float = 0.5
    /// At most this many unsure characters of one checked field are tried with their alternatives.
    static let maximumUnsureCharactersTried = 5
    /// Another choice that agrees makes a field ambiguous when it is at least this probable relative
    /// to the reading (the product of its changed characters' probability ratios). Decided on the
    /// tuning family: over its hard, phone-like and placement lines (100 frames each), the three
    /// readings verified but wrong had an agreeing alternative at 0.20, 0.55 and 0.66 of their
    /// probability, and the eight right ones that had one at 0.0001–0.13 and, once, 0.20; 0.15 stays
    /// under every wrong one at the cost of that one right reading.
    static let ambiguityRatio = 0.15

    /// The confidence of each character of `lines` (the text as reported): the recogniser's
    /// probability for that character among `candidates` of its cell, 0 when it is not among them.
    /// Nil when the shapes differ.
    package static func confidences(of lines: [String], candidates: [[[MRZCandidate]]]) -> [[Float]]? {
        guard lines.count == candidates.count else { return nil }
        var out: [[Float]] = []
        for (line, cells) in zip(lines, candidates) {
            let characters = Array(line)
            guard characters.count == cells.count else { return nil }
            out.append(
                zip(characters, cells).map { character, cell in
                    cell.first { $0.character == character }?.probability ?? 0
                })
        }
        return out
    }

    /// The lowest confidence among the characters of `lines` that no check digit covers; nil when the
    /// lines are not a zone or `confidences` is not shaped like them.
    package static func weakestUncheckedConfidence(lines: [String], confidences: [[Float]]) -> Float? {
        guard let (text, layout) = zone(lines, confidences) else { return nil }
        let positions = layout.uncheckedPositions(in: text)
        return positions.map { confidences[$0.line][$0.column] }.min() ?? 1
    }

    /// Whether `record` counts as verified by conditions 1 to 3. `lines` is the text it was parsed
    /// from and `confidences` one value per character of `lines`; the record is judged on its
    /// corrected lines, where a character the parser's repairs changed counts with confidence 0.
    package static func isVerified(_ record: MRZRecord, lines: [String], confidences: [[Float]]) -> Bool {
        guard record.allChecksPassed, record.dateOfBirth != nil, record.dateOfExpiry != nil,
            let reported = reportedConfidences(record, lines: lines, confidences: confidences),
            let weakest = weakestUncheckedConfidence(lines: record.correctedLines, confidences: reported)
        else { return false }
        return weakest >= minimumUncheckedConfidence
    }

    /// Whether `record`, parsed from the resolved text of one frame's `reading`, counts as verified:
    /// conditions 1 to 4, with the recogniser's probability for each character of that text.
    package static func isVerified(_ record: MRZRecord, reading: MRZZoneReader.Reading) -> Bool {
        guard let confidences = confidences(of: record.rawLines, candidates: reading.candidates),
            isVerified(record, lines: record.rawLines, confidences: confidences),
            let text = try? MRZText(validating: record.correctedLines)
        else { return false }
        return ambiguousField(in: text, format: record.format, candidates: reading.candidates) == nil
    }

    /// The first field covered by a check digit for which another choice among the candidates of its
    /// unsure characters agrees with the check digit (and the composite) as well as `text` does and is
    /// at least ``ambiguityRatio`` as probable.
    static func ambiguousField(in text: MRZText, format: MRZFormat, candidates: [[[MRZCandidate]]]) -> MRZCheckedField?
    {
        let layout = MRZFieldLayout.of(format)
        guard candidates.count == text.lines.count,
            zip(candidates, text.lines).allSatisfy({ $0.count == $1.count })
        else { return nil }
        for field in layout.checkedFields(in: text) {
            guard let check = field.check else { continue }
            // The unsure characters and their alternatives the field's class allows.
            var unsure: [(position: MRZPosition, alternatives: [(UInt8, Double)])] = []
            for position in field.positions + [check] {
                let cell = candidates[position.line][position.column]
                let reported = text[position]
                let probability = cell.first { $0.character.asciiValue == reported }?.probability ?? 0
                guard probability < MRZReadingResolver.unsureProbability else { continue }
                let allowed: MRZCharacterClass = position == check ? .numeric : field.characterClass
                let alternatives = cell.filter { $0.probability >= MRZReadingResolver.minimumAlternativeProbability }
                    .compactMap { c in
                        c.character.asciiValue.map { ($0, Double(c.probability) / Double(max(probability, 1e-3))) }
                    }
                    .filter { $0.0 != reported && allowed.allows($0.0) }
                if !alternatives.isEmpty { unsure.append((position, alternatives)) }
            }
            guard !unsure.isEmpty else { continue }
            unsure = Array(unsure.prefix(maximumUnsureCharactersTried))
            // The most probable other choice that agrees, as a ratio of probabilities to the reading's.
            // A branch is cut only when even its best remaining factors (an alternative may be more
            // probable than a character the resolver chose) cannot beat the best found.
            var bound = [Double](repeating: 1, count: unsure.count + 1)
            for i in stride(from: unsure.count - 1, through: 0, by: -1) {
                bound[i] = bound[i + 1] * max(1, unsure[i].alternatives.map(\.1).max() ?? 1)
            }
            var trial = text
            var best = 0.0
            func explore(_ i: Int, _ ratio: Double, _ changed: Bool) {
                guard ratio * bound[i] > best else { return }
                if i == unsure.count {
                    if changed, field.agrees(in: trial), layout.compositeAgrees(in: trial) ?? true { best = ratio }
                    return
                }
                let position = unsure[i].position
                explore(i + 1, ratio, changed)
                let saved = trial[position]
                for (alternative, factor) in unsure[i].alternatives {
                    trial[position] = alternative
                    explore(i + 1, ratio * factor, true)
                }
                trial[position] = saved
            }
            explore(0, 1, false)
            if best >= ambiguityRatio { return field }
        }
        return nil
    }

    /// `confidences` (for `lines`) carried to the record's corrected lines, 0 where a repair changed
    /// the character; nil when the shapes differ.
    private static func reportedConfidences(_ record: MRZRecord, lines: [String], confidences: [[Float]]) -> [[Float]]?
    {
        let corrected = record.correctedLines
        guard corrected.count == lines.count, confidences.count == lines.count else { return nil }
        var reported: [[Float]] = []
        for ((correctedLine, line), values) in zip(zip(corrected, lines), confidences) {
            let a = Array(correctedLine), b = Array(line)
            guard a.count == b.count, values.count == b.count else { return nil }
            reported.append(values.indices.map { a[$0] == b[$0] ? values[$0] : 0 })
        }
        return reported
    }

    private static func zone(_ lines: [String], _ confidences: [[Float]]) -> (MRZText, MRZFieldLayout)? {
        guard let text = try? MRZText(validating: lines), let format = MRZParser.format(of: text),
            confidences.count == lines.count, zip(confidences, text.lines).allSatisfy({ $0.count == $1.count })
        else { return nil }
        return (text, MRZFieldLayout.of(format))
    }
}
