package import CaptureCore

/// Reads the machine-readable zone in a rectified band of a document: finds the MRZ lines among
/// the text lines, fixes their cell counts to a valid layout (30, 36 or 44 characters) and
/// recognises every cell.
package struct MRZZoneReader: Sendable {
    /// The scale the band is rectified to (the recogniser's patches are normalised, so this only
    /// sets the resolution the line finder works at).
    package static let bandPixelsPerMillimetre = 8.0
    /// MRZ layouts as (line count, line length).
    package static let layouts: [(lines: Int, length: Int)] = [(3, 30), (2, 36), (2, 44)]

    /// What was read.
    package struct Reading: Sendable, Equatable {
        /// The recognised lines, top to bottom.
        package var lines: [String]
        /// The probability of each recognised character.
        package var confidences: [[Float]]
        /// The most likely characters of each cell, best first (the first is the one in `lines`).
        package var candidates: [[[MRZCandidate]]]
        /// The line geometry in band pixels (for character boxes).
        package var textLines: [MRZTextLine]

        /// The lowest character confidence.
        package var minimumConfidence: Float { confidences.joined().min() ?? 0 }
        /// The mean character confidence.
        package var meanConfidence: Float {
            let all = confidences.joined()
            return all.isEmpty ? 0 : all.reduce(0, +) / Float(all.count)
        }
    }

    package let classifier: MRZCharacterClassifier

    package init(classifier: MRZCharacterClassifier) {
        self.classifier = classifier
    }

    /// The line finder for a band at ``bandPixelsPerMillimetre``.
    package static var lineFinder: MRZTextLineFinder {
        MRZTextLineFinder(
            expectedPitch: DocumentLayout.mrzPitch * bandPixelsPerMillimetre,
            expectedCapHeight: DocumentLayout.mrzCapHeight * bandPixelsPerMillimetre)
    }

    /// The MRZ in `band`, or nil when no group of lines forms one.
    package func read(band: GrayImage) -> Reading? {
        guard let lines = Self.mrzLines(in: band) else { return nil }
        return recognise(band: band, lines: lines)
    }

    /// Recognises every cell of `lines`.
    package func recognise(band: GrayImage, lines: [MRZTextLine]) -> Reading {
        var text: [String] = [], confidences: [[Float]] = [], candidates: [[[MRZCandidate]]] = []
        for line in lines {
            var patches: [Float] = []
            patches.reserveCapacity(line.cellCount * classifier.inputCount)
            for k in 0..<line.cellCount { patches += MRZCellSampler.sample(band, line: line, cell: k) }
            let cells = classifier.candidates(batch: patches)
            text.append(String(cells.map { $0[0].character }))
            confidences.append(cells.map { $0[0].probability })
            candidates.append(cells)
        }
        return Reading(lines: text, confidences: confidences, candidates: candidates, textLines: lines)
    }

    /// Cells past the end of a 36-character fit that ``continuesPastEnd(band:lines:)`` looks at.
    static let continuationCells = 2
    /// Smallest probability of a filler read past a 36-character fit's end, and smallest contrast of
    /// its cell against the median cell of its line, for the zone to count as going on. Decided on
    /// the tuning family (every line at 1280x720, hard and stress at 1920x1080): the cells past the
    /// end of the 36-character zones read '<' with at most 0.49 and, where not blank, reached 0.36
    /// of their line's contrast only when they read as something else; the MRV-A zones cut at 36
    /// cells read '<' with 0.9994 and above at 0.93 of it.
    static let continuationConfidence: Float = 0.6
    static let continuationContrast = 0.4

    /// Whether the two lines of a 36-character fit (TD2, MRV-B) go on past their last cell with
    /// fillers on both lines: the zone is then a 44-character one (MRV-A) whose blurred fillers the
    /// zone search did not see, and the 36-character reading, whose check digits agree because the
    /// two layouts check the same fields, is not the document's text. ICAO 9303 leaves blank paper
    /// after a zone's last character.
    package func continuesPastEnd(band: GrayImage, lines: [MRZTextLine]) -> Bool {
        guard lines.count == 2, lines.allSatisfy({ $0.cellCount == 36 }) else { return false }
        for line in lines {
            let longer = line.extended(before: 0, after: Self.continuationCells)
            let own = (0..<line.cellCount).map { Self.contrast(band, line, $0) }.sorted()
            let typical = own[own.count / 2]
            var patches: [Float] = []
            for k in line.cellCount..<longer.cellCount {
                // The cell's centre well inside the band (its far edge may be cut by a pixel or two).
                let centre = longer.cellCentre(k), inset = 0.25 * longer.pitch
                guard centre.x >= inset, centre.y >= 0, centre.x + inset <= Double(band.width),
                    centre.y <= Double(band.height),
                    Self.contrast(band, longer, k) >= Self.continuationContrast * typical
                else { return false }
                patches += MRZCellSampler.sample(band, line: longer, cell: k)
            }
            let cells = classifier.candidates(batch: patches, count: 1)
            guard cells.allSatisfy({ $0[0].character == "<" && $0[0].probability >= Self.continuationConfidence })
            else { return false }
        }
        return true
    }

    /// The lines of the MRZ in `band`: the lowest group of 2 or 3 consecutive, evenly spaced text
    /// lines whose lengths fit one layout, each trimmed or extended to exactly that length.
    package static func mrzLines(in band: GrayImage) -> [MRZTextLine]? {
        let found = lineFinder.lines(in: band).filter { $0.cellCount >= 26 }
        guard found.count >= 2 else { return nil }
        var best: (score: Double, lines: [MRZTextLine])?
        for layout in layouts {
            guard found.count >= layout.lines else { continue }
            // Groups of consecutive lines, lowest first.
            for end in stride(from: found.count, through: layout.lines, by: -1) {
                let group = Array(found[(end - layout.lines)..<end])
                guard isEvenlySpaced(group) else { continue }
                let misfit = group.map { abs($0.cellCount - layout.length) }.reduce(0, +)
                guard group.allSatisfy({ abs($0.cellCount - layout.length) <= 6 }) else { continue }
                // Lower groups and exact lengths win; lines must also start at about the same x.
                let startSpread =
                    (group.map { $0.cellCentre(0).x }.max() ?? 0) - (group.map { $0.cellCentre(0).x }.min() ?? 0)
                guard startSpread <= 2.5 * group[0].pitch + 3 * Double(misfit) * group[0].pitch else { continue }
                let score = Double(end) * 10 - Double(misfit) * 3 + Double(layout.length) / 100
                if best == nil || score > best!.score {
                    let fitted = group.map { fit($0, to: layout.length, in: band, alignedTo: group) }
                    // Fitted lines that do not start and end together are not one MRZ's lines: a line
                    // cut by glare and fitted from its other end reads shifted by whole cells, and its
                    // check digits may still agree (a TD3 read as a 36-character visa).
                    guard isAligned(fitted) else { continue }
                    best = (score, fitted)
                }
                break
            }
        }
        return best?.lines
    }

    /// Largest distance, in pitches, between the first (or the last) cells' centres of the lines of one
    /// fitted group. ICAO 9303 prints every line of a zone from the same left margin with the same
    /// number of characters, so the cells of a right fit line up, up to what the band's affine
    /// rectification leaves of perspective; a fit shifted by whole cells is off by a pitch or more.
    /// Decided on the tuning family's hard, placement and stress lines (100 frames each, 1280x720):
    /// fits read exactly spread up to 0.77 pitch, shifted ones 1.15 and more.
    static let maximumEndSpread = 1.0

    /// Whether the fitted `lines` start and end within ``maximumEndSpread`` pitches of each other.
    static func isAligned(_ lines: [MRZTextLine]) -> Bool {
        guard let pitch = lines.map(\.pitch).min(), pitch > 0 else { return false }
        func spread(_ xs: [Double]) -> Double { (xs.max() ?? 0) - (xs.min() ?? 0) }
        return spread(lines.map { $0.cellCentre(0).x }) <= maximumEndSpread * pitch
            && spread(lines.map { $0.cellCentre($0.cellCount - 1).x }) <= maximumEndSpread * pitch
    }

    /// Whether the lines' centres are 1.3 to 2.8 cap heights apart and equally so.
    static func isEvenlySpaced(_ lines: [MRZTextLine]) -> Bool {
        let gaps = zip(lines, lines.dropFirst()).map { $1.centreY - $0.centreY }
        let h = lines.map(\.capHeight).sorted()[lines.count / 2]
        guard gaps.allSatisfy({ $0 >= 1.3 * h && $0 <= 2.8 * h }) else { return false }
        guard let lo = gaps.min(), let hi = gaps.max() else { return false }
        return hi - lo <= 0.35 * h
    }

    /// Trims or extends `line` to `length` cells, choosing the cells with ink: lines of one MRZ
    /// start at the same x, so the group's common start decides when ink is ambiguous.
    package static func fit(
        _ line: MRZTextLine, to length: Int, in band: GrayImage, alignedTo group: [MRZTextLine]
    ) -> MRZTextLine {
        var line = line
        let starts = group.map { $0.cellCentre(0).x }.sorted()
        let commonStart = starts[starts.count / 2]
        while line.cellCount > length {
            // Drop the end cell with less ink, or the one that sticks out of the common start.
            let firstOff =
                abs(line.cellCentre(0).x - commonStart) > 0.5 * line.pitch && line.cellCentre(0).x < commonStart
            let dropFirst = firstOff || contrast(band, line, 0) < contrast(band, line, line.cellCount - 1)
            line = dropFirst ? line.extended(before: -1, after: 0) : line.extended(before: 0, after: -1)
        }
        while line.cellCount < length {
            let before = line.extended(before: 1, after: 0), after = line.extended(before: 0, after: 1)
            let startsLate = line.cellCentre(0).x > commonStart + 0.5 * line.pitch
            let addFirst = startsLate || contrast(band, before, 0) > contrast(band, after, after.cellCount - 1)
            line = addFirst ? before : after
        }
        return line
    }

    /// Ink contrast (max − min) inside cell `k`.
    static func contrast(_ band: GrayImage, _ line: MRZTextLine, _ k: Int) -> Double {
        let box = line.cellBox(k, heightFactor: 1.0).boundingRect.clipped(width: band.width, height: band.height)
        guard !box.isEmpty else { return 0 }
        var lo = 255, hi = 0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let v = Int(band[x, y])
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        return Double(hi - lo)
    }
}
