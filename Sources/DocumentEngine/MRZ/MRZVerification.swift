/// When an MRZ reading counts as verified: every check digit agrees **and** every character that no
/// check digit covers (names, codes, nationality, sex, unchecked optional data) was read with a
/// confidence of at least ``minimumUncheckedConfidence``.
///
/// Check digits say nothing about the name or the nationality: on generated hard frames most MRZs
/// whose every check digit agreed but whose text was wrong were wrong there (a name's `E` read as
/// `F`, a nationality's `D` as `<`). The recogniser's own confidence is the only evidence left for
/// those characters, so a reading whose weakest unchecked character is below the threshold is
/// reported, but not as verified.
package enum MRZVerification {
    /// The lowest confidence an unchecked character may have in a verified reading. Decided on the
    /// tuning family (see the README's measurement notes).
    package static let minimumUncheckedConfidence: Float = 0.5

    /// The lowest confidence among the characters of `lines` that no check digit covers; nil when the
    /// lines are not a zone or `confidences` is not shaped like them.
    package static func weakestUncheckedConfidence(lines: [String], confidences: [[Float]]) -> Float? {
        guard let text = try? MRZText(validating: lines), let format = MRZParser.format(of: text),
            confidences.count == lines.count, zip(confidences, text.lines).allSatisfy({ $0.count == $1.count })
        else { return nil }
        let positions = MRZFieldLayout.of(format).uncheckedPositions(in: text)
        return positions.map { confidences[$0.line][$0.column] }.min() ?? 1
    }

    /// Whether `record` (parsed from `lines` as resolved) counts as verified given the confidence of
    /// each character of `lines`.
    package static func isVerified(_ record: MRZRecord, lines: [String], confidences: [[Float]]) -> Bool {
        guard record.allChecksPassed,
            let weakest = weakestUncheckedConfidence(lines: lines, confidences: confidences)
        else { return false }
        return weakest >= minimumUncheckedConfidence
    }
}
