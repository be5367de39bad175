/// Repairs OCR confusions (`0/O`, `1/I`, `8/B`, `5/S`, `2/Z`) in the text of a machine-readable zone.
///
/// The rules, in the order they run:
///
/// 1. **Impossible characters in fields without a check digit.** A digit in the document code, a
///    country code or the name becomes the letter it is confused with (`0`→`O`, `1`→`I`, `8`→`B`,
///    `5`→`S`, `2`→`Z`). Sex and optional data are left as read: no confusion pair can make a sex
///    valid, and optional data may hold anything.
/// 2. **Impossible check characters.** A letter in a check-digit position becomes the digit it is
///    confused with (`O`→`0`, ...). A check digit is never changed otherwise: fields are repaired
///    into agreement with their check digit, not the other way round.
/// 3. **Fields covered by a check digit** (document number, dates, TD3 personal number) whose check
///    fails. In a numeric field (dates) every confusable letter must become its digit (at most
///    ``maximumSubstitutionsPerField``), and that one substitution set is the candidate if it makes
///    the check agree. In an alphanumeric field (document number, personal number) each confusable
///    character is judged by its non-filler neighbours within the field:
///    - it *stands out* when flipping it gives it the kind (letter or digit) of all of them, as an
///      `O` between digits or a `0` between letters (or when it has no such neighbour);
///    - it *fits* when it already has the kind of all of them, as a `0` between digits: it is
///      never flipped;
///    - otherwise it sits at a letter/digit boundary.
///
///    Sets of flips over standing-out and boundary characters are tried smallest first (at most
///    ``maximumFlipsPerField``); among the sets of the smallest size that make the check agree, the
///    candidate is the only one, and only if it flips characters that stand out. Two agreeing sets,
///    or one that needs a boundary character, leave the field as read.
/// 4. **Acceptance.** Where the layout has a composite check digit, the candidates of all failing
///    fields are applied together only if the composite then agrees too; otherwise none is.
///    Visas have no composite: each field's candidate is applied.
///
/// A field that no acceptable substitution repairs stays as read, and its check keeps failing.
///
/// Why so strict with document numbers: a mod-10 check digit agrees with one random change in ten,
/// and TD1, TD2 and TD3 weigh the document number in the composite exactly as its own check does,
/// so the composite adds nothing there. Trying every confusable character "repaired" about 38% of
/// numbers misread in some other way (a 3 read as 8) into wrong numbers passing every check. With
/// the rules above, on seeded numbers of a letter or two then digits, or digits only, 65-85% of
/// single confusions are restored, none into a wrong number, and 1-2.4% of other single misreads
/// are repaired into a wrong number (numbers mixing letters and digits anywhere fare worse: 27%
/// restored, 2.5% and 9% wrong). `MRZPropertyTests` keeps these properties.
enum MRZConfusionRepairer {
    /// At most this many confusable letters of a numeric field are replaced.
    static let maximumSubstitutionsPerField = 1
    /// At most this many characters of an alphanumeric field are flipped.
    static let maximumFlipsPerField = 1

    /// A set of substitutions within one field.
    private typealias Substitutions = [(position: MRZPosition, to: UInt8)]

    /// How a confusable character of an alphanumeric field relates to its neighbours.
    private enum Standing {
        case standsOut, fits, boundary
    }

    /// Repairs `text` in place and returns the changes, in line and column order.
    static func repair(_ text: inout MRZText, layout: MRZFieldLayout) -> [MRZRepair] {
        var repairs: [MRZRepair] = []
        func apply(_ position: MRZPosition, _ to: UInt8, _ reason: MRZRepair.Reason) {
            repairs.append(
                MRZRepair(
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

        // 3. The candidate of every failing field.
        let candidates = fields.filter { !$0.agrees(in: text) }.compactMap { candidate(for: $0, in: text) }

        // 4. Acceptance.
        if layout.compositeCheck != nil {
            var scratch = text
            for (position, to) in candidates.joined() { scratch[position] = to }
            guard layout.compositeAgrees(in: scratch) == true else { return sorted(repairs) }
        }
        for (position, to) in candidates.joined() {
            apply(position, to, .checkDigitAgreement)
        }
        return sorted(repairs)
    }

    /// The one acceptable substitution set that makes a failing `field`'s check agree, if any.
    private static func candidate(for field: MRZCheckedField, in text: MRZText) -> Substitutions? {
        var forced: Substitutions = []
        var flips: [(position: MRZPosition, to: UInt8, standing: Standing)] = []
        for (index, position) in field.positions.enumerated() {
            let character = text[position]
            let partner = MRZConfusion.partner(of: character).flatMap { field.characterClass.allows($0) ? $0 : nil }
            if !field.characterClass.allows(character) {
                // An impossible character must change in every candidate; one without a partner
                // makes the field unrepairable.
                guard let partner else { return nil }
                forced.append((position, partner))
            } else if let partner {
                let standing = standing(of: index, flippedTo: partner, in: field, text: text)
                if standing != .fits { flips.append((position, partner, standing)) }
            }
        }
        guard forced.count <= maximumSubstitutionsPerField else { return nil }

        var scratch = text
        for size in 0...min(maximumFlipsPerField, flips.count) {
            var found: [[Int]] = []
            forEachCombination(of: flips.count, size: size) { indices in
                let substitutions = forced + indices.map { (flips[$0].position, flips[$0].to) }
                guard !substitutions.isEmpty else { return }
                for (position, to) in substitutions { scratch[position] = to }
                if field.agrees(in: scratch) { found.append(indices) }
                for (position, _) in substitutions { scratch[position] = text[position] }
            }
            guard let first = found.first else { continue }
            guard found.count == 1, first.allSatisfy({ flips[$0].standing == .standsOut }) else { return nil }
            return forced + first.map { (flips[$0].position, flips[$0].to) }
        }
        return nil
    }

    /// How the character at `index` of `field` relates to its non-filler neighbours in the field.
    private static func standing(
        of index: Int, flippedTo replacement: UInt8, in field: MRZCheckedField, text: MRZText
    ) -> Standing {
        let flipIsDigit = MRZText.isDigit(replacement)
        var flipMatches = true
        var currentMatches = true
        for neighbour in [index - 1, index + 1] where field.positions.indices.contains(neighbour) {
            let character = text[field.positions[neighbour]]
            guard character != MRZText.filler else { continue }
            if MRZText.isDigit(character) == flipIsDigit { currentMatches = false } else { flipMatches = false }
        }
        if flipMatches { return .standsOut }
        return currentMatches ? .fits : .boundary
    }

    private static func sorted(_ repairs: [MRZRepair]) -> [MRZRepair] {
        repairs.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
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
