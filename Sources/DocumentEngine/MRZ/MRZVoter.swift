/// Combines MRZ readings of several camera frames into one verified record.
///
/// Each frame's OCR gives lines and a confidence per character; ``add(lines:confidences:)`` keeps
/// the most recent ``capacity`` readings. The decision rule of ``result(minimumAgreeing:today:)``:
///
/// 1. **Format.** Only readings of the majority format take part (the format most readings have;
///    a tie goes to the format with the larger summed confidence, then to the latest reading's).
/// 2. **Per-character vote.** At every line and column, each reading votes for its character with
///    its confidence for it (clamped to 0...1; NaN counts 0; a reading added without confidences
///    weighs 1 everywhere). The character with the largest summed confidence wins; a tie goes to
///    the character more readings chose, then to the one read most recently.
/// 3. **Parse and repair** the voted lines with ``MRZParser/parse(_:today:)``; every check the
///    layout defines must pass.
/// 4. **Support.** Every reading of the format is repaired on its own; the voted record is returned
///    only if, at **every** character position, at least `minimumAgreeing` of those repaired
///    readings hold the same character as the repaired voted lines. A reading therefore supports
///    the characters it read right even when it misread others, so three readings with different
///    single errors support a result with `minimumAgreeing: 2` but not with `3`.
///
/// ```swift
/// var voter = MRZVoter()
/// for frame in frames {
///     voter.add(lines: frame.lines, confidences: frame.confidences)
///     if let record = voter.result(minimumAgreeing: 2, today: today) { return record }
/// }
/// ```
package struct MRZVoter: Sendable {
    /// How many readings a voter keeps unless told otherwise.
    package static let defaultCapacity = 30

    /// One stored reading.
    private struct Reading: Sendable {
        let format: MRZFormat
        let text: MRZText
        /// After ``MRZConfusionRepairer``, compared with the voted record.
        let repaired: MRZText
        /// One weight per character, clamped to 0...1.
        let weights: [[Float]]
    }

    /// The most readings kept; adding more drops the oldest.
    package let capacity: Int
    private var readings: [Reading] = []

    /// A voter keeping the latest `capacity` readings (at least 1).
    package init(capacity: Int = MRZVoter.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The readings held (of every format).
    package var count: Int { readings.count }

    /// Forgets every reading (for example when a new document enters the frame).
    package mutating func reset() {
        readings.removeAll()
    }

    /// Adds one frame's reading.
    ///
    /// `confidences` holds one value per character of `lines` (same line count and lengths), or is
    /// empty to weigh every character 1. A reading whose lines form no MRZ layout (see
    /// ``MRZParser/format(of:)``) or whose confidences do not match its lines is not kept.
    ///
    /// - Returns: whether the reading was kept.
    @discardableResult
    package mutating func add(lines: [String], confidences: [[Float]]) -> Bool {
        guard let text = try? MRZText(validating: lines), let format = MRZParser.format(of: text) else { return false }
        let weights: [[Float]]
        if confidences.isEmpty {
            weights = text.lines.map { [Float](repeating: 1, count: $0.count) }
        } else {
            guard confidences.count == text.lines.count,
                zip(confidences, text.lines).allSatisfy({ $0.count == $1.count })
            else { return false }
            weights = confidences.map { line in line.map { $0.isNaN ? 0 : min(max($0, 0), 1) } }
        }
        var repaired = text
        _ = MRZConfusionRepairer.repair(&repaired, layout: MRZFieldLayout.of(format))
        readings.append(Reading(format: format, text: text, repaired: repaired, weights: weights))
        if readings.count > capacity { readings.removeFirst(readings.count - capacity) }
        return true
    }

    /// The per-character vote over the readings of the majority format (steps 1 and 2 of the rule),
    /// before any repair; nil without readings.
    package func votedLines() -> [String]? {
        vote()?.1.strings
    }

    /// Per character of the voted lines, the mean confidence of the readings that read that character
    /// (0...1). How many readings agree is the vote's business (``result(minimumAgreeing:today:)``);
    /// this says how sure those that agree were.
    package func votedConfidences() -> [[Float]]? {
        guard let (format, voted) = vote() else { return nil }
        let participants = readings.filter { $0.format == format }
        guard !participants.isEmpty else { return nil }
        return voted.lines.enumerated().map { line, characters in
            characters.enumerated().map { column, character in
                var sum: Float = 0, count = 0
                for reading in participants where reading.text.lines[line][column] == character {
                    sum += reading.weights[line][column]
                    count += 1
                }
                return count == 0 ? 0 : sum / Float(count)
            }
        }
    }

    /// The record once the readings support it (see the rule above), nil until then.
    ///
    /// - Parameters:
    ///   - minimumAgreeing: how many repaired readings must hold each voted character (at least 1).
    ///   - today: the date centuries are resolved against (see ``MRZParser/parse(_:today:)``).
    package func result(minimumAgreeing: Int, today: MRZDate) -> MRZRecord? {
        guard let (format, voted) = vote() else { return nil }
        let participants = readings.filter { $0.format == format }
        let required = max(1, minimumAgreeing)
        guard participants.count >= required,
            let record = try? MRZParser.parse(voted.strings, today: today),
            let confidences = votedConfidences(),
            MRZVerification.isVerified(record, lines: voted.strings, confidences: confidences)
        else { return nil }

        let repairedVote = record.correctedLines.map { Array($0.utf8) }
        for (line, characters) in repairedVote.enumerated() {
            for (column, character) in characters.enumerated() {
                let support = participants.count(where: { $0.repaired.lines[line][column] == character })
                if support < required { return nil }
            }
        }
        return record
    }

    /// Steps 1 and 2: the majority format and its voted text.
    /// The voted lines parsed whether or not their checks agree, once at least `minimumReadings`
    /// readings of the majority format are held (for sessions that accept unverified results).
    package func unverifiedResult(minimumReadings: Int, today: MRZDate) -> MRZRecord? {
        guard let (format, voted) = vote(), readings.count(where: { $0.format == format }) >= max(1, minimumReadings)
        else { return nil }
        return try? MRZParser.parse(voted.strings, today: today)
    }

    private func vote() -> (MRZFormat, MRZText)? {
        guard let format = majorityFormat() else { return nil }
        let participants = readings.filter { $0.format == format }
        var lines: [[UInt8]] = []
        for line in 0..<format.lineCount {
            var voted: [UInt8] = []
            for column in 0..<format.lineLength {
                voted.append(winner(line: line, column: column, among: participants))
            }
            lines.append(voted)
        }
        return (format, MRZText(lines: lines))
    }

    private func majorityFormat() -> MRZFormat? {
        guard let latest = readings.last else { return nil }
        var tally: [MRZFormat: (count: Int, confidence: Float)] = [:]
        for reading in readings {
            let confidence = reading.weights.reduce(0) { $0 + $1.reduce(0, +) }
            tally[reading.format, default: (0, 0)].count += 1
            tally[reading.format, default: (0, 0)].confidence += confidence
        }
        let best = tally.max { lhs, rhs in
            (lhs.value.count, lhs.value.confidence, lhs.key == latest.format ? 1 : 0)
                < (rhs.value.count, rhs.value.confidence, rhs.key == latest.format ? 1 : 0)
        }
        return best?.key
    }

    /// The character with the largest summed confidence, then the most votes, then the latest.
    private func winner(line: Int, column: Int, among participants: [Reading]) -> UInt8 {
        var candidates: [(character: UInt8, weight: Float, votes: Int, latest: Int)] = []
        for (order, reading) in participants.enumerated() {
            let character = reading.text.lines[line][column]
            let weight = reading.weights[line][column]
            if let index = candidates.firstIndex(where: { $0.character == character }) {
                candidates[index].weight += weight
                candidates[index].votes += 1
                candidates[index].latest = order
            } else {
                candidates.append((character, weight, 1, order))
            }
        }
        let best = candidates.max { ($0.weight, $0.votes, $0.latest) < ($1.weight, $1.votes, $1.latest) }
        return best?.character ?? MRZText.filler
    }
}
