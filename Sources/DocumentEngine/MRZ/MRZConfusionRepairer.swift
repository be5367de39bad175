/// Repairs OCR confusions (`0/O`, `1/I`, `8/B`, `5/S`, `2/Z`) in the text of a machine-readable zone.
///
/// The rules, in the order they run:
///
/// 1. **Impossible characters in fields without a check digit.** A digit in the document code, a
///    country code or the name becomes the letter it is confused with (`0`→`O`, `1`→`I`, `8`→`B`,
///    `5`→`S`, `2`→`Z`). Sex and optional data are left as read: no confusion pair can make them
///    valid, and optional data may hold anything.
/// 2. **Impossible check characters.** A letter in a check-digit position becomes the digit it is
///    confused with (`O`→`0`, ...). A check digit is never changed otherwise: fields are repaired
///    into agreement with their check digit, not the other way round.
/// 3. **Fields covered by a check digit** (document number, dates, TD3 personal number) whose check
///    fails: a substitution set is a candidate when it makes the field's check digit agree. In a
///    numeric field (dates) every confusable letter must become its digit. In an alphanumeric field
///    (document number, personal number) a confusable character may flip either way, but only where
///    the flip gives it the kind (letter or digit) of each of its non-filler neighbours in the field
///    (an `O` between digits may become `0`; a `0` between digits, or at a letter/digit boundary,
///    stays). Sets are tried smallest first, with at most ``maximumSubstitutionsPerField`` changes
///    of which at most ``maximumFreeFlipsPerField`` are such optional flips; the candidates are the
///    agreeing sets of the smallest size that has any.
///
///    Why the neighbour rule: a mod-10 check digit is fooled by one in ten random changes, and in
///    TD1/TD2/TD3 the composite weighs the document number exactly as its own check does, so it
///    adds nothing there. Flipping any confusable character "repaired" about a quarter of numbers
///    misread in some other way (a 3 read as 8, say) into a wrong number that passes every check;
///    with the rule it is about 1 in 50 for letter-prefix-and-digits numbers, while about 4 in 5
///    genuine confusions are still repaired (seeded simulation over 20 000 numbers; the rest stay
///    failing, which lets the caller read another frame).
/// 4. **Acceptance.** Where the layout has a composite check digit, the candidates of all failing
///    fields are combined and a combination is accepted only if it is the single one that also
///    makes the composite agree; otherwise no step-3 substitution is applied. Visas have no
///    composite: a field's substitution is applied when it is the field's single candidate.
///
/// A field that no acceptable substitution repairs stays as read, and its check keeps failing.
enum MRZConfusionRepairer {
    /// At most this many characters of one field change in step 3.
    static let maximumSubstitutionsPerField = 3
    /// At most this many of them are optional flips in an alphanumeric field.
    static let maximumFreeFlipsPerField = 2
    /// Combining candidates across fields stops (and nothing is repaired) beyond this many combinations.
    static let maximumCombinations = 4096

    /// A set of substitutions within one field.
    private typealias Substitutions = [(position: MRZPosition, to: UInt8)]

    /// Repairs `text` in place and returns the changes, in line and column order.
    static func repair(_ text: inout MRZText, layout: MRZFieldLayout) -> [MRZRepair] {
        var repairs: [MRZRepair] = []
        func apply(_ position: MRZPosition, _ to: UInt8, _ reason: MRZRepair.Reason) {
            repairs.append(MRZRepair(
                line: position.line, column: position.column, from: Character(Unicode.Scalar(text[position])),
                to: Character(Unicode.Scalar(to)), reason: reason))
            text[position] = to
        }

        // 1. Digits in alphabetic fields without a check digit.
        for span in layout.alphabeticSpans {
            for position in span.positions where MRZText.isDigit(text[position]) {
                if let letter = MRZConfusion.letter(for: text[position]) {
                    apply(position, letter, .impossibleCharacter)
                }
            }
        }

        // 2. Letters in check-digit positions (the long document number's check is found by its
        //    fillers, which no repair touches).
        let fields = layout.checkedFields(in: text)
        let checkPositions = Set(layout.fixedCheckPositions + fields.compactMap(\.check))
        for position in checkPositions.sorted() where MRZText.isLetter(text[position]) {
            if let digit = MRZConfusion.digit(for: text[position]) {
                apply(position, digit, .impossibleCharacter)
            }
        }

        // 3. Candidate substitutions for every failing field.
        var options: [[Substitutions]] = []
        for field in fields where !field.agrees(in: text) {
            let candidates = self.candidates(for: field, in: text)
            if !candidates.isEmpty { options.append(candidates) }
        }
        guard !options.isEmpty else { return repairs.sorted { ($0.line, $0.column) < ($1.line, $1.column) } }

        // 4. Acceptance.
        var accepted: [Substitutions] = []
        if layout.compositeCheck == nil {
            accepted = options.filter { $0.count == 1 }.map { $0[0] }
        } else if let combination = singleCombinationAgreeingWithComposite(options, text: text, layout: layout) {
            accepted = [combination]
        }
        for substitutions in accepted {
            for (position, to) in substitutions {
                apply(position, to, .checkDigitAgreement)
            }
        }
        return repairs.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The agreeing substitution sets of the smallest size that has any, for a failing `field`.
    private static func candidates(for field: MRZCheckedField, in text: MRZText) -> [Substitutions] {
        var forced: Substitutions = []
        var optional: Substitutions = []
        for (index, position) in field.positions.enumerated() {
            let character = text[position]
            let partner = MRZConfusion.partner(of: character).flatMap { field.characterClass.allows($0) ? $0 : nil }
            if field.characterClass.allows(character) {
                if let partner, flipFitsNeighbours(partner, at: index, of: field, in: text) {
                    optional.append((position, partner))
                }
            } else {
                // An impossible character must change in every candidate; one without a partner
                // makes the field unrepairable.
                guard let partner else { return [] }
                forced.append((position, partner))
            }
        }
        guard forced.count <= maximumSubstitutionsPerField else { return [] }

        var scratch = text
        let maximumFlips = min(maximumFreeFlipsPerField, maximumSubstitutionsPerField - forced.count)
        for size in 0...maximumFlips where size <= optional.count {
            var found: [Substitutions] = []
            forEachCombination(of: optional.count, size: size) { indices in
                let substitutions = forced + indices.map { optional[$0] }
                guard !substitutions.isEmpty else { return }
                for (position, to) in substitutions { scratch[position] = to }
                if field.agrees(in: scratch) { found.append(substitutions) }
                for (position, _) in substitutions { scratch[position] = text[position] }
            }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// Whether `replacement` at `index` of `field` has the kind (letter or digit) of every
    /// non-filler neighbour of that character within the field.
    private static func flipFitsNeighbours(
        _ replacement: UInt8, at index: Int, of field: MRZCheckedField, in text: MRZText
    ) -> Bool {
        let isDigit = MRZText.isDigit(replacement)
        for neighbour in [index - 1, index + 1] where field.positions.indices.contains(neighbour) {
            let character = text[field.positions[neighbour]]
            if character != MRZText.filler && MRZText.isDigit(character) != isDigit { return false }
        }
        return true
    }

    /// The one combination (a candidate per failing field) that makes the composite agree, or nil
    /// when none or several do, or when there are too many to try.
    private static func singleCombinationAgreeingWithComposite(
        _ options: [[Substitutions]], text: MRZText, layout: MRZFieldLayout
    ) -> Substitutions? {
        var total = 1
        for fieldOptions in options {
            total *= fieldOptions.count
            if total > maximumCombinations { return nil }
        }
        var agreeing: Substitutions?
        var scratch = text
        for index in 0..<total {
            var remainder = index
            var combination: Substitutions = []
            for fieldOptions in options {
                combination += fieldOptions[remainder % fieldOptions.count]
                remainder /= fieldOptions.count
            }
            for (position, to) in combination { scratch[position] = to }
            let agrees = layout.compositeAgrees(in: scratch) == true
            for (position, _) in combination { scratch[position] = text[position] }
            if agrees {
                if agreeing != nil { return nil }
                agreeing = combination
            }
        }
        return agreeing
    }

    /// Calls `body` with every `size`-element subset of `0..<count`, in lexicographic order.
    private static func forEachCombination(of count: Int, size: Int, _ body: ([Int]) -> Void) {
        guard size <= count else { return }
        var indices = Array(0..<size)
        while true {
            body(indices)
            var i = size - 1
            while i >= 0 && indices[i] == count - size + i { i -= 1 }
            if i < 0 { return }
            indices[i] += 1
            for j in (i + 1)..<size { indices[j] = indices[j - 1] + 1 }
        }
    }
}
