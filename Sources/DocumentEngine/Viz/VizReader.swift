package import CaptureCore
import Foundation

/// Reads the printed fields of a located document side: rectifies it, finds the text lines in each
/// field cell of its ``VizLayout``, takes the value's line(s) (the tallest print in the cell; the
/// caption above is smaller), reads them with a ``VizTextRecognizer``, strips a caption read on the
/// same line, and checks each value for its field's kind. Each field is read through
/// ``candidates`` in order (its kind's characters first), until one passes.
///
/// A value that fails its checks (a date that does not parse, a name with digits, a confidence
/// under ``minimumConfidence`` that no second preparation confirms) is listed in
/// ``VizReading/notRead``: the reader never reports a value it could not check. When fewer than
/// half of the layout's dates, sex and number pass, the layout does not fit the document and no
/// field is reported. Reading costs one recogniser call per field line when the first candidate
/// passes, so callers read once per side (BlinkID: on the frame that accepts the side), not per
/// frame.
package struct VizReader: Sendable {
    /// The OCR engine.
    package let recognizer: any VizTextRecognizer
    /// Scale the document is rectified to before reading (a 2.6 mm value is then ~23 px tall).
    package var pixelsPerMillimetre: Double = 12
    /// Lowest recogniser confidence accepted for a value read once.
    package var minimumConfidence: Double = 0.6
    /// Lowest confidence accepted for a value two candidates read alike (the higher of the two;
    /// tuning family: correct numbers read at 0.35–0.55 by every preparation).
    package var minimumAgreedConfidence: Double = 0.3
    /// The margin kept above a value line, as a share of its height (at least the third kept below),
    /// short of the line above it in the cell: accents reach about 0.3 of a capital above it (tuning
    /// family: 1/3 cut the accents of É, Ó, Ü; chosen with `capkit eval-viz --margin-above`).
    package var valueMarginAbove = 0.5
    /// Horizontal scale of each line image before it is read: the recogniser's network sees a line
    /// at a fixed height, so its cost grows with the line's width over its height, and a line
    /// narrowed by this factor is read in that share of the time.
    package var horizontalScale = 1.0
    /// Whether fields printed side by side on one line (``sharedLineGroups(_:candidates:)``) are
    /// read with one recogniser call for their first candidate, the words split among them by their
    /// boxes (``VizRecognizedText/words``). Off by default: on the tuning family it made 1.5 fewer
    /// calls a side but no less Tesseract time (the shared image spans the gaps and inline captions
    /// between the values, and the network's cost follows the width), and it raised wrong values
    /// in three of eight cells (`capkit eval-viz --shared-lines retry`).
    package var sharesLines = false
    /// Whether a field whose share of a shared line fails its checks is read again alone with the
    /// same candidate before the next one (the line's other print and wider character set may be
    /// what failed it).
    package var retriesSharedLineAlone = true
    /// Whether the retries that never yield on the tuning family are left out
    /// (``isProductive(_:cell:)``).
    package var prunesRetries = true
    /// Highest confidence the recogniser may give another letter than the one it read at any place
    /// of a name (``VizRecognizedSymbol/alternatives``, ``ambiguity(_:)``) for the name to count as
    /// read: above it the read fails and the next candidate is tried. A letter the network hesitated
    /// over (`WEIß` read `WEIR` with B weighed at 0.65, `FITZWILLIAM` read with `Ł` under a pattern
    /// stroke and L weighed at 0.65) is a wrong value more often than not. Chosen on the tuning
    /// family (`capkit eval-viz --name-ambiguity`); an engine that gives no alternatives is never
    /// stopped.
    package var maximumNameAmbiguity = VizReader.defaultMaximumNameAmbiguity
    /// The default of ``maximumNameAmbiguity``, also the stroke doubt a name repaired from the MRZ may
    /// carry (``VizReading/confirmingNames(primary:secondary:namesComplete:maximumStrokeDoubt:)``).
    package static let defaultMaximumNameAmbiguity = 0.5
    /// Whether a name's words are re-spaced where the print shows a word gap the recogniser read
    /// through (``spacedByInkGaps(_:in:lineHeight:gapShare:)``).
    package var spacesNamesByInkGaps = true
    /// Blank columns, as a share of the value line's height, from which a gap inside a name is a word
    /// gap (chosen on the tuning family, `capkit eval-viz --name-gap`).
    package var nameWordGapShare = 0.5
    /// Whether a name's last words of at most two letters read far beyond its end are dropped
    /// (``withoutDistantMarks(_:lineHeight:)``).
    package var dropsDistantNameMarks = true
    /// The line finder.
    package var lineFinder = VizLineFinder()
    /// The ways each field is read, in order: the first whose value passes the field's checks is
    /// kept (chosen on the tuning family, `capkit eval-viz`).
    package var candidates: [VizReadingCandidate] = VizReader.defaultCandidates

    /// The default ``candidates``: the line as rectified, held to the field's characters; then
    /// contrast stretched; then unrestricted (a character the set lacks); last, for dates and sex
    /// (``inkCutKinds``), held to the field's characters again with only the darkest print kept
    /// (``VizReadingCandidate/Preparation/inkCut(_:)`` at ``inkCutShare``: light thin print under a
    /// dense pattern of fine lines, where Tesseract read nothing at all from the line as rectified).
    package static let defaultCandidates: [VizReadingCandidate] = [
        .init(.asRectified, restrictsCharacters: true), .init(.stretched, restrictsCharacters: true),
        .init(.asRectified, restrictsCharacters: false), .init(.inkCut(inkCutShare), restrictsCharacters: true),
    ]
    /// Share of the way from a line's print to its ground above which the last default candidate
    /// takes a level for ground (chosen on the tuning family, `capkit eval-viz --candidates
    /// raw:r,stretched:r,raw:u,inkcutSHARE:r`).
    package static let inkCutShare = 0.45
    /// The kinds of field read with the ink cut: dates and sex. On names it cut accents and hyphens
    /// away (`NÉMETH` read `NEMETH`, `MIN-JUN` read `MIN`) and on document numbers it read an `I` as
    /// `1`: wrong values where the field had not been read (tuning family, 5 of 33 values it gave).
    static let inkCutKinds: [VizField.Kind] = [.date, .sex]

    package init(recognizer: any VizTextRecognizer) {
        self.recognizer = recognizer
    }

    /// Reads `layout` on the document whose corners in `frame` are `quad` (upper-left first, clockwise).
    package func read(
        frame: GrayImage, quad: Quadrilateral2D, layout: VizLayout, today: MRZDate
    ) throws(VizRecognitionError) -> VizReading? {
        guard let document = rectified(frame, quad: quad, as: layout.documentLayout) else { return nil }
        return try read(document: document, pixelsPerMillimetre: pixelsPerMillimetre, layout: layout, today: today)
    }

    /// The document whose corners in `frame` are `quad`, rectified at ``pixelsPerMillimetre`` to the
    /// size of `kind`; nil when the quad cannot be warped.
    private func rectified(_ frame: GrayImage, quad: Quadrilateral2D, as kind: DocumentLayout.Kind) -> GrayImage? {
        let size = DocumentLayout.of(kind)
        let s = pixelsPerMillimetre
        return PerspectiveWarp.rectify(
            frame, quad: quad, width: Int((size.width * s).rounded()), height: Int((size.height * s).rounded()))
    }

    /// Reads the side whose corners in `frame` are `quad` with the one of `layouts` (designs of the
    /// same document size, such as the ICAO TD1 front and the AAMVA licence front) that fits it:
    /// the side is rectified once, the layouts are tried in the order of ``captionEvidence(_:layouts:pixelsPerMillimetre:)``
    /// (captions on lines of their own, or inline before the value), and the first whose fields fit
    /// the document is returned. Nil when the side cannot be rectified or no layout fits.
    package func read(
        frame: GrayImage, quad: Quadrilateral2D, layouts: [VizLayout], today: MRZDate
    ) throws(VizRecognitionError) -> VizReading? {
        guard let first = layouts.first, let document = rectified(frame, quad: quad, as: first.documentLayout)
        else { return nil }
        return try read(document: document, pixelsPerMillimetre: pixelsPerMillimetre, layouts: layouts, today: today)
    }

    /// Reads a document already rectified at `s` pixels per millimetre with the one of `layouts` that
    /// fits it (``read(frame:quad:layouts:today:)``); layouts of another size than the first's are
    /// left out.
    package func read(
        document: GrayImage, pixelsPerMillimetre s: Double, layouts: [VizLayout], today: MRZDate
    ) throws(VizRecognitionError) -> VizReading? {
        guard let first = layouts.first else { return nil }
        for layout in captionEvidence(document, layouts: layouts, pixelsPerMillimetre: s)
        where layout.documentLayout == first.documentLayout {
            let reading = try read(document: document, pixelsPerMillimetre: s, layout: layout, today: today)
            if !reading.fields.isEmpty { return reading }
        }
        return nil
    }

    /// `layouts` ordered by how well their caption placement matches `document`: where captions
    /// sit on lines of their own above the values (ICAO), about every other text line in the value
    /// column is a caption, markedly shorter than the values; where they sit inline before the value
    /// (AAMVA `4d DLN`), caption and value make one line and short lines are rare. The lines are
    /// found once in the bounding box of the first layout's cells, without OCR. Layouts whose
    /// placement matches come first, in their given order.
    package func captionEvidence(
        _ document: GrayImage, layouts: [VizLayout], pixelsPerMillimetre s: Double
    ) -> [VizLayout] {
        guard layouts.count > 1, let cells = layouts.first?.fields, !cells.isEmpty else { return layouts }
        let x0 = cells.map(\.zone.x).min() ?? 0, y0 = cells.map(\.zone.y).min() ?? 0
        let x1 = cells.map { $0.zone.x + $0.zone.width }.max() ?? 0
        let y1 = cells.map { $0.zone.y + $0.zone.height }.max() ?? 0
        let region = PixelRect(
            x: Int((x0 * s).rounded()), y: Int((y0 * s).rounded()), width: Int(((x1 - x0) * s).rounded()),
            height: Int(((y1 - y0) * s).rounded()))
        let heights = lineFinder.lines(in: document, cell: region, pixelsPerMillimetre: s).map(\.rect.height).sorted()
        guard heights.count >= 4 else { return layouts }
        let reference = Double(heights[heights.count * 3 / 4])
        let short = heights.filter { Double($0) < Self.captionHeightRatio * reference }.count
        let captionsAbove = Double(short) >= Self.captionLineShare * Double(heights.count)
        let matching = layouts.filter { (($0.captionPlacement ?? .above) == .above) == captionsAbove }
        return matching + layouts.filter { (($0.captionPlacement ?? .above) == .above) != captionsAbove }
    }

    /// A line shorter than this share of the value lines' height (their 75th percentile) is a
    /// caption: captions are printed at 1.5 mm, values at 2.6 mm (ratio about 0.58).
    static let captionHeightRatio = 0.75
    /// Share of short lines from which captions are judged to sit on lines of their own (ICAO
    /// layouts: about one line in two).
    static let captionLineShare = 0.25

    /// Reads `layout` on a document already rectified at `s` pixels per millimetre.
    package func read(
        document: GrayImage, pixelsPerMillimetre s: Double, layout: VizLayout, today: MRZDate
    ) throws(VizRecognitionError) -> VizReading {
        var values: [VizReading.FieldValue] = []
        var notRead: [VizField] = []
        var declined: [VizField: String] = [:]
        var nameReads: [VizField: [VizReading.NameRead]] = [:]
        let dates = VizDateParser(order: layout.dateOrder)
        // The structured fields (dates, sex, number) are read first: they tell whether the layout fits
        // the document, and reading stops as soon as too many of them failed for it to fit.
        let structured = layout.fields.filter { $0.field.kind != .name && $0.field.kind != .text }.map(\.field)
        var structuredFailed = 0
        let ordered =
            layout.fields.filter { structured.contains($0.field) }
            + layout.fields.filter { !structured.contains($0.field) }
        // The layout must fit the document: where fewer than half of its structured fields pass their
        // checks, the cells do not sit on this design's fields, and its free-text cells would hold
        // whatever is printed there. Nothing is reported then.
        var withoutLine: Set<VizField> = []
        func doesNotFit() -> VizReading {
            for value in values { declined[value.field] = "'\(value.rawText)' (the layout does not fit this document)" }
            // The fields not reached are marked so, apart from those whose cell showed no line.
            for cell in layout.fields where declined[cell.field] == nil && !withoutLine.contains(cell.field) {
                declined[cell.field] = "not tried (the layout does not fit this document)"
            }
            return VizReading(
                layoutID: layout.id, fields: [], notRead: layout.fields.map(\.field).sorted(), declined: declined)
        }
        // Fields printed side by side on one line (AAMVA `4b EXP` and `4a ISS`) are read with one
        // recogniser call for their first candidate, split by the words' positions.
        let groups = sharesLines ? Self.sharedLineGroups(layout, candidates: candidates) : []
        var sharedReads: [VizField: (text: String, confidence: Double)] = [:]
        var groupsRead: Set<Int> = []
        for cell in ordered {
            let found = lineFinder.lines(in: document, cell: Self.pixelRect(cell.zone, s), pixelsPerMillimetre: s)
            let lines = valueLines(found, maximum: cell.maximumLines)
            guard !lines.isEmpty else {
                notRead.append(cell.field)
                withoutLine.insert(cell.field)
                if structured.contains(cell.field) {
                    structuredFailed += 1
                    if (structured.count - structuredFailed) * 2 < structured.count { return doesNotFit() }
                }
                continue
            }
            if let group = groups.firstIndex(where: { $0.contains(cell.field) }), !groupsRead.contains(group) {
                groupsRead.insert(group)
                let members = groups[group].compactMap { layout.zone(of: $0) }
                for (field, read) in try readSharedLine(
                    document, pixelsPerMillimetre: s, cells: members, layout: layout)
                {
                    sharedReads[field] = read
                }
            }
            let inline = layout.captionPlacement == .inline
            let crops = lines.map { line -> GrayImage in
                let crop = lineCrop(document, line: line.rect, found: found, inline: inline, pixelsPerMillimetre: s)
                var image = document.cropped(to: crop.rect)
                // A lone glyph (a sex, a class) is given ground-coloured space half its height on each
                // side: with the narrow margin of a word the recogniser often returns nothing for it.
                if crop.right - crop.start < 2 * line.rect.height {
                    image = Self.padded(image, by: line.rect.height / 2)
                }
                return horizontallyScaled(image)
            }
            let characters = Self.characters(for: cell)
            let united = lines.map(\.rect).reduce(lines[0].rect) { a, b in
                let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
                return PixelRect(
                    x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0,
                    height: max(a.y + a.height, b.y + b.height) - y0)
            }
            let box = VizLayout.Zone(
                x: Double(united.x) / s, y: Double(united.y) / s, width: Double(united.width) / s,
                height: Double(united.height) / s)
            var chosen: (value: String, date: VizDate?, raw: String, confidence: Double, candidate: Int)?
            var attempts: [String] = []
            var agreeing: [String: Double] = [:]
            var reads: [String] = []
            // The candidates in order; a field whose first candidate was read on a shared line takes
            // that read first, then (``retriesSharedLineAlone``) its own line with the same candidate.
            var plan = candidates.indices.filter { prunesRetries ? isProductive($0, cell: cell) : true }.map {
                (index: $0, shared: false)
            }
            if let first = plan.first, sharedReads[cell.field] != nil {
                plan = [(first.index, true)] + (retriesSharedLineAlone ? plan : Array(plan.dropFirst()))
            }
            for (index, shared) in plan {
                let variant = candidates[index]
                var texts: [String] = []
                var symbols: [VizRecognizedSymbol] = []
                var confidence = 1.0
                if shared, let read = sharedReads[cell.field] {
                    texts = [read.text]
                    confidence = read.confidence
                } else {
                    for (crop, line) in zip(crops, lines) {
                        let image = variant.preparation.prepared(crop)
                        let read = try recognizer.readLine(
                            image, languages: layout.languages,
                            characters: variant.restrictsCharacters ? characters : nil)
                        var text = read.text
                        var words = read.words
                        // A name without the marks read far beyond its end (``withoutDistantMarks``).
                        if cell.field.kind == .name, dropsDistantNameMarks,
                            let kept = Self.withoutDistantMarks(
                                words, lineHeight: Double(line.rect.height) * horizontalScale)
                        {
                            words = kept
                            text = kept.map(\.text).joined(separator: " ")
                        }
                        // A name's words as the print spaces them (``spacedByInkGaps``).
                        if cell.field.kind == .name, spacesNamesByInkGaps, image.height == crop.height,
                            horizontalScale == 1,
                            let spaced = Self.spacedByInkGaps(
                                words, in: image, lineHeight: line.rect.height, gapShare: nameWordGapShare)
                        {
                            text = spaced
                        }
                        texts.append(text)
                        symbols += words.flatMap(\.symbols)
                        confidence = min(confidence, read.confidence)
                    }
                }
                let raw = texts.joined(separator: "\n")
                reads.append(raw)
                attempts.append("'\(raw)' (confidence \(Int(confidence * 100)) %)")
                let stripped = texts.map {
                    // A name's first word is never taken for a misread caption (`LIN` for `1 LN`).
                    Self.strippingCaption($0, words: cell.captionWords, tolerant: inline && cell.field.kind != .name)
                }
                var checked = Self.checkedValue(stripped, field: cell.field, dates: dates, today: today)
                // After an inline caption OCR misread beyond stripping (`4 42185 02/11/2009` for
                // `4a ISS 02/11/2009`), a date is the last words of the line that parse whole.
                if checked == nil, inline, cell.field.kind == .date, stripped.count == 1 {
                    checked = Self.trailingDate(stripped[0], field: cell.field, dates: dates, today: today)
                }
                // An unrestricted read that differs from an earlier restricted one only by characters
                // the field cannot hold (`JI-W00` for `JI-WOO`, `S92495488-`) is that read again: the
                // whitelist forced the same letters at a low confidence, and the free read agrees.
                if !variant.restrictsCharacters, let characters, !agreeing.isEmpty {
                    let folded = stripped.map { Self.foldedInto(characters, $0, field: cell.field) }
                    if let refolded = Self.checkedValue(folded, field: cell.field, dates: dates, today: today),
                        agreeing[refolded.1?.isoString ?? refolded.0] != nil
                    {
                        checked = refolded
                    }
                }
                // A code read with two characters on one glyph (the symbols' boxes overlap within
                // one glyph's width) where the line shows its glyphs apart and one fewer than the
                // characters read is not taken: both characters cannot be printed there. (Fewer
                // glyphs still are touching ones, where the boxes say little: tuning, a blurred
                // `ST3011` read right with every box overlapping.)
                if let value = checked?.0, cell.field.kind == .code, lines.count == 1, crops.count == 1,
                    horizontalScale == 1, Self.hasDoubledGlyph(symbols)
                {
                    let crop = lineCrop(
                        document, line: lines[0].rect, found: found, inline: inline, pixelsPerMillimetre: s)
                    let glyphs = Self.glyphWidths(in: document, line: lines[0].rect, from: crop.start)?.count ?? 0
                    if glyphs == value.count - 1 {
                        attempts[attempts.count - 1] += " (two characters read on one glyph)"
                        checked = nil
                    }
                }
                // Every name a candidate reads is kept for the check against the MRZ
                // (``VizReading/confirmingNames(primary:secondary:namesComplete:maximumStrokeDoubt:)``),
                // with the doubt the MRZ cannot lift: a plain letter weighed beside a stroked one.
                if let checked, cell.field.kind == .name {
                    nameReads[cell.field, default: []].append(
                        .init(
                            value: checked.0, rawText: raw, confidence: confidence,
                            strokeDoubt: Self.strokeDoubt(symbols), box: box, candidate: index))
                }
                // A name where the recogniser weighed another character close to the one it read is
                // not taken (the next candidate may read it without the doubt).
                if checked != nil, cell.field.kind == .name {
                    let doubt = Self.ambiguity(symbols)
                    if doubt > maximumNameAmbiguity {
                        attempts[attempts.count - 1] += " (another character weighed at \(Int(doubt * 100)) %)"
                        checked = nil
                    }
                }
                guard let checked else { continue }
                // Confident enough, or the same value read through two preparations with at least
                // the agreed minimum: two independent samplings that agree are evidence a single
                // confidence is not.
                let key = checked.1?.isoString ?? checked.0
                let best = max(confidence, agreeing[key] ?? -1)
                if confidence >= minimumConfidence || (agreeing[key] != nil && best >= minimumAgreedConfidence) {
                    var (value, date) = checked
                    // A date line held to plain capitals cannot show its month name's accents: the
                    // layout's languages spell it as printed (`AOUT` → `AOÛT`).
                    if var read = date, variant.restrictsCharacters, characters?.allSatisfy(\.isASCII) == true {
                        value = VizDateParser.restoringMonthAccents(value, languages: layout.languages)
                        read.originalString = value
                        date = read
                    }
                    chosen = (value, date, raw, best, index)
                    break
                }
                // A shared line's read is not a sampling of its own: the field's own read of the same
                // candidate would "agree" with it through the same print (tuning: `TIWP43H4` read
                // on both at most 0.36, printed `IWP43H4`).
                if !shared { agreeing[key] = max(confidence, agreeing[key] ?? 0) }
            }
            guard let chosen else {
                notRead.append(cell.field)
                declined[cell.field] = attempts.joined(separator: ", then ")
                // A date read in part (a digit lost, a month name misread) is that field not read: the
                // cell holds a date, so the layout still fits the document.
                let partlyRead = cell.field.kind == .date && reads.contains(where: Self.looksLikeDate)
                if structured.contains(cell.field), !partlyRead {
                    structuredFailed += 1
                    if (structured.count - structuredFailed) * 2 < structured.count { return doesNotFit() }
                }
                continue
            }
            var value = chosen.value
            // A document number mixes letters and digits: OCR reads a letter O as 0 and an I as 1
            // with full confidence; the glyphs' widths tell them apart (``lettersByGlyphWidth``).
            if cell.field.kind == .code, lines.count == 1, value.contains(where: { $0 == "0" || $0 == "1" }) {
                let crop = lineCrop(document, line: lines[0].rect, found: found, inline: inline, pixelsPerMillimetre: s)
                value = Self.lettersByGlyphWidth(value, in: document, line: lines[0].rect, from: crop.start)
            }
            values.append(
                .init(
                    field: cell.field, value: value, rawText: chosen.raw, date: chosen.date,
                    confidence: chosen.confidence, box: box, candidate: chosen.candidate))
        }
        values.sort { $0.field < $1.field }
        return VizReading(
            layoutID: layout.id, fields: values, notRead: notRead.sorted(), declined: declined, nameReads: nameReads)
    }

    /// `words` (a name's line as read) without its last words when they stand more than
    /// ``distantMarkGap`` line heights beyond the word before and hold at most two letters each: the
    /// strokes of a pattern, or a neighbouring cell's print, beside the name read as a letter
    /// (tuning family: `SILVA A` and `MÜNCHEN M` with the mark 4–23 heights away, `NGUYEN J` 10–14;
    /// the words of a name stand under one height apart). The first word is always kept. Nil when
    /// no word is dropped.
    static func withoutDistantMarks(_ words: [VizRecognizedWord], lineHeight: Double) -> [VizRecognizedWord]? {
        guard words.count > 1, lineHeight > 0 else { return nil }
        var kept = words
        while kept.count > 1, let last = kept.last, last.text.filter(\.isLetter).count <= 2 {
            let before = kept[kept.count - 2].box
            let gap = Double(last.box.x - (before.x + before.width))
            guard gap > distantMarkGap * lineHeight else { break }
            kept.removeLast()
        }
        return kept.count < words.count ? kept : nil
    }

    /// Gap, in line heights, from which a short last word of a name is a mark beside it
    /// (``withoutDistantMarks(_:lineHeight:)``).
    static let distantMarkGap = 3.0

    /// The text of `words` (read on `image`, a name's line; their symbols' boxes in its pixels) with
    /// a space wherever the print has a word gap the recogniser read through: between two symbols of
    /// one word whose centres enclose a run of blank columns at least `gapShare` of `lineHeight`
    /// wide (`VANDER` for `VAN DER`), and in place of a hyphen whose centre stands in such a run (a
    /// pattern stroke or nothing read as `-`: `VAN-DER`); a space only where both parts hold two
    /// letters or more. Letters of a word are less than a fifth of the height apart, words about
    /// half of it; a hyphen printed is ink in its run and breaks it.
    /// Columns are blank without a pixel darker than halfway between the image's print (its 5th
    /// percentile) and ground (its 80th). Nil when nothing changes or a word has no symbol boxes.
    static func spacedByInkGaps(
        _ words: [VizRecognizedWord], in image: GrayImage, lineHeight: Int, gapShare: Double
    ) -> String? {
        guard !words.isEmpty, words.allSatisfy({ !$0.symbols.isEmpty }), image.width > 0, image.height > 0 else {
            return nil
        }
        let histogram = GrayLevelHistogram(image)
        let threshold = UInt8(clamping: (histogram.percentile(0.05) + histogram.percentile(0.8)) / 2)
        guard histogram.percentile(0.8) - histogram.percentile(0.05) >= 16 else { return nil }
        var blank = [Bool](repeating: true, count: image.width)
        for y in 0..<image.height {
            let row = y * image.width
            for x in 0..<image.width where image.pixels[row + x] < threshold { blank[x] = false }
        }
        // The runs of blank columns wide enough to be a word gap.
        let minimum = max(2, Int((gapShare * Double(lineHeight)).rounded()))
        var gaps: [Range<Int>] = []
        var start: Int?
        for x in 0...image.width {
            if x < image.width, blank[x] {
                if start == nil { start = x }
            } else if let first = start {
                if x - first >= minimum { gaps.append(first..<x) }
                start = nil
            }
        }
        guard !gaps.isEmpty else { return nil }
        func centre(_ box: PixelRect) -> Int { box.x + box.width / 2 }
        var changed = false
        var out: [String] = []
        for word in words {
            var text = ""
            for (index, symbol) in word.symbols.enumerated() {
                if symbol.text == "-" || symbol.text == "‐", gaps.contains(where: { $0.contains(centre(symbol.box)) }) {
                    text += " "
                    changed = true
                    continue
                }
                // A space between two parts of two letters or more each: a lone letter apart
                // (`M AHMOUD`) is more often a wide glyph's own gap or a stroke than an initial.
                if index >= 2, word.symbols.count - index >= 2 {
                    let left = centre(word.symbols[index - 1].box), right = centre(symbol.box)
                    let lettersBefore = text.split(separator: " ").last.map { $0.filter(\.isLetter).count } ?? 0
                    if word.symbols[index - 1].text != "-", lettersBefore >= 2,
                        gaps.contains(where: { $0.lowerBound > left && $0.upperBound <= right })
                    {
                        text += " "
                        changed = true
                    }
                }
                text += symbol.text
            }
            out.append(text)
        }
        guard changed else { return nil }
        return collapseSpaces(out.joined(separator: " "))
    }

    /// The highest confidence the recogniser gave another letter than the one it read, at any place
    /// of `symbols`; 0 when it gave no alternatives. Another letter is one of another base
    /// (``baseLetter(_:)``: `B` weighed beside `R`, `-` beside `J`), or the plain letter beside a
    /// letter with a stroke through it (`L` beside `Ł`: a pattern stroke across an `L` reads as the
    /// stroke of `Ł`). Case and accents alone are not doubt: `Ä` weighed beside `Ã`, `Ó` beside `O`
    /// (the network weighs an accent it cannot see; the first read keeps the print's).
    static func ambiguity(_ symbols: [VizRecognizedSymbol]) -> Double {
        var highest = 0.0
        for symbol in symbols {
            let read = symbol.text.uppercased()
            let readBase = baseLetter(read)
            for alternative in symbol.alternatives {
                let other = alternative.text.uppercased()
                guard other != read else { continue }
                let otherBase = baseLetter(other)
                guard otherBase != readBase || (strokedLetters.contains(read) && other == otherBase) else { continue }
                highest = max(highest, alternative.confidence)
            }
        }
        return highest
    }

    /// The highest confidence the recogniser gave the plain letter beside a stroked letter it read
    /// (`L` beside `Ł`, `O` beside `Ø`), at any place of `symbols`: the part of ``ambiguity(_:)`` a
    /// comparison with the MRZ does not lift, since the MRZ writes `Ł` and `L` alike (and `Đ`, `Ħ`).
    static func strokeDoubt(_ symbols: [VizRecognizedSymbol]) -> Double {
        var highest = 0.0
        for symbol in symbols {
            let read = symbol.text.uppercased()
            guard strokedLetters.contains(read) else { continue }
            let plain = baseLetter(read)
            for alternative in symbol.alternatives where alternative.text.uppercased() == plain {
                highest = max(highest, alternative.confidence)
            }
        }
        return highest
    }

    /// Capitals whose diacritic is a stroke through the letter, which a pattern line across the plain
    /// letter imitates.
    static let strokedLetters: Set<String> = ["Ł", "Ø", "Đ", "Ħ", "Ŧ"]

    /// `name` (upper case) with each `Ł` or `Ø` that its word's spelling rules out read as the plain
    /// letter: a security pattern's line across an `L` or `O` reads as the stroke, at full
    /// confidence (tuning family: `BJÖRKŁUND`, `FITZWIŁLIAM`, `SEVILŁA`, the plain letter weighed at
    /// 0). A stroked letter is kept only in a word an orthography that writes it could spell: not
    /// beside its own plain or stroked letter (`ŁL`, `LŁ`, `ØO`), and with no other accented letter
    /// than those orthographies use (``strokedLetterCompanions``: `Ö` is not Polish, so
    /// `BJÖRKŁUND` is `BJÖRKLUND`; `MICHAŁ`, `WAŁĘSA`, `SØRENSEN`, `ØSTERGÅRD` stay as read).
    static func plainStrokedLetters(_ name: String) -> String {
        var letters = Array(name)
        // The words: runs of letters (a hyphen, an apostrophe or a space ends one: `WAŁĘSA-MÜLLER`).
        var words: [Range<Int>] = []
        var start: Int?
        for index in 0...letters.count {
            if index < letters.count, letters[index].isLetter {
                if start == nil { start = index }
            } else if let first = start {
                words.append(first..<index)
                start = nil
            }
        }
        for word in words {
            for index in word {
                let letter = letters[index]
                guard let companions = strokedLetterCompanions[letter], let plain = baseLetter(String(letter)).first
                else { continue }
                let neighbours = [index - 1, index + 1].filter { word.contains($0) }.map { letters[$0] }
                let doubled = neighbours.contains { $0 == plain || $0 == letter }
                let foreign = word.contains { other in
                    let c = letters[other]
                    return c != letter && !c.isASCII && !companions.contains(c)
                }
                if doubled || foreign { letters[index] = plain }
            }
        }
        return String(letters)
    }

    /// For each stroked capital ``plainStrokedLetters(_:)`` checks, the other accented capitals the
    /// orthographies that write it use: for `Ł` Polish, Kashubian, Upper and Lower Sorbian and the
    /// Belarusian Latin alphabet; for `Ø` Danish, Norwegian and Faroese.
    static let strokedLetterCompanions: [Character: Set<Character>] = [
        "Ł": Set("ĄĆĘŃÓŚŹŻÃÉËÒÔÙČĚŘŠŽŔŬ"),
        "Ø": Set("ÆÅÉÓÁÍÚÝÐ"),
    ]

    /// `text` (an upper-case letter) without its diacritics: accents and cedillas dropped, a stroked
    /// letter its plain one (`Ł` → `L`, `Ø` → `O`, `Đ` and `Ð` → `D`); other letters (`ß`, `Þ`, `Æ`)
    /// as they are.
    static func baseLetter(_ text: String) -> String {
        let stroked: [String: String] = ["Ł": "L", "Ø": "O", "Đ": "D", "Ð": "D", "Ħ": "H", "Ŧ": "T", "İ": "I"]
        if let plain = stroked[text] { return plain }
        return String(
            String.UnicodeScalarView(
                text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                    $0.properties.canonicalCombiningClass == .notReordered
                }))
    }

    /// Whether candidate `index` is worth a recogniser call for `cell` after the earlier ones failed.
    /// Not when it reads the line exactly as an earlier candidate did (same preparation, and the same
    /// characters: a free-text field has none to restrict to, so its unrestricted read is its first
    /// read again, deterministic, and accepting it as "agreeing" with itself gave only wrong values
    /// on the tuning family: 0 exact, 9 wrong on 320 sides); nor any retry of a value of several
    /// lines (the address: stretched and unrestricted retries gave 0 exact and 3 wrong values, at
    /// two Latin lines a call).
    func isProductive(_ index: Int, cell: VizLayout.FieldZone) -> Bool {
        guard index > 0, candidates.indices.contains(index) else { return true }
        if cell.maximumLines > 1 { return false }
        if case .inkCut = candidates[index].preparation, !Self.inkCutKinds.contains(cell.field.kind) { return false }
        let characters = Self.characters(for: cell)
        func reads(_ candidate: VizReadingCandidate) -> (VizReadingCandidate.Preparation, String?) {
            (candidate.preparation, candidate.restrictsCharacters ? characters : nil)
        }
        let own = reads(candidates[index])
        return !candidates[..<index].contains { reads($0) == own }
    }

    /// `zone` (millimetres) in the pixels of a document rectified at `s` pixels per millimetre.
    static func pixelRect(_ zone: VizLayout.Zone, _ s: Double) -> PixelRect {
        PixelRect(
            x: Int((zone.x * s).rounded()), y: Int((zone.y * s).rounded()), width: Int((zone.width * s).rounded()),
            height: Int((zone.height * s).rounded()))
    }

    /// The image read for a value line: its crop on the document with margins, where its value
    /// starts (after an inline caption) and where its print ends, in document pixels.
    struct LineCrop {
        /// The crop, clipped to the document.
        var rect: PixelRect
        /// The column where the value starts.
        var start: Int
        /// The column after the line's last ink.
        var right: Int
    }

    /// The crop of the value `line` of a cell whose lines are `found`: margins around it (more above,
    /// for accents, short of the line above), starting at the value after an inline caption.
    func lineCrop(
        _ document: GrayImage, line: PixelRect, found: [VizLineFinder.Line], inline: Bool,
        pixelsPerMillimetre s: Double
    ) -> LineCrop {
        let padY = max(2, line.height / 3), padX = max(3, Int(0.8 * s))
        // Accents stand above the capitals, where a line's rows hold too little ink to be found;
        // the margin stops short of the line above (the caption).
        let above = found.filter { $0.rect.y + $0.rect.height <= line.y }.map { $0.rect.y + $0.rect.height }.max()
        let room = above.map { line.y - $0 - 1 } ?? Int.max
        let padAbove = max(1, min(max(padY, Int(Double(line.height) * valueMarginAbove)), room))
        // An inline caption is smaller than the value: the value starts at the first tall glyph.
        let start = inline ? Self.inlineValueStart(document, line: line) ?? line.x : line.x
        let right = line.x + line.width
        // After an inline caption the margin is kept narrow: the caption's last letter is close.
        let leftPad = start == line.x ? padX : 2
        let rect = PixelRect(
            x: start - leftPad, y: line.y - padAbove, width: right - start + leftPad + padX,
            height: line.height + padAbove + padY
        )
        .clipped(width: document.width, height: document.height)
        return LineCrop(rect: rect, start: start, right: right)
    }

    /// `image` narrowed by ``horizontalScale``.
    func horizontallyScaled(_ image: GrayImage) -> GrayImage {
        guard horizontalScale != 1, image.width > 1 else { return image }
        return image.resized(
            width: max(1, Int((Double(image.width) * horizontalScale).rounded())), height: image.height)
    }

    /// The fields of `layout` printed side by side on one line that can share one recogniser call:
    /// runs of neighbouring cells on one row (same top and height) whose values take one line and
    /// are held to plain ASCII characters by the first of `candidates` (dates, numbers, sex, licence
    /// codes: one model reads them all), left to right. A cell of another kind between two breaks
    /// the run. Runs of one cell are left out.
    static func sharedLineGroups(_ layout: VizLayout, candidates: [VizReadingCandidate]) -> [[VizField]] {
        guard candidates.first?.restrictsCharacters == true else { return [] }
        func eligible(_ cell: VizLayout.FieldZone) -> Bool {
            guard cell.maximumLines == 1, let characters = characters(for: cell) else { return false }
            return !characters.isEmpty && characters.allSatisfy(\.isASCII)
        }
        func sameRow(_ a: VizLayout.FieldZone, _ b: VizLayout.FieldZone) -> Bool {
            abs(a.zone.y - b.zone.y) < 0.3 && abs(a.zone.height - b.zone.height) < 0.3
        }
        var groups: [[VizField]] = []
        var seen: Set<VizField> = []
        for cell in layout.fields where !seen.contains(cell.field) {
            let row = layout.fields.filter { sameRow($0, cell) }.sorted { $0.zone.x < $1.zone.x }
            for member in row { seen.insert(member.field) }
            var run: [VizField] = []
            for member in row + [nil] {
                if let member, eligible(member) {
                    run.append(member.field)
                    continue
                }
                if run.count > 1 { groups.append(run) }
                run = []
            }
        }
        return groups
    }

    /// Reads the value lines of `cells` (one ``sharedLineGroups(_:candidates:)`` run) with one
    /// recogniser call of the first candidate, on one image spanning them, held to all their
    /// characters, and gives each field the words whose centre lies on its value (from where it
    /// starts to its last ink; words between, such as the next field's inline caption, belong to
    /// none) and their mean confidence. Empty when a cell has no line, the lines do not stand on one
    /// baseline, or the recogniser gives no word boxes: each field is then read on its own.
    func readSharedLine(
        _ document: GrayImage, pixelsPerMillimetre s: Double, cells: [VizLayout.FieldZone], layout: VizLayout
    ) throws(VizRecognitionError) -> [VizField: (text: String, confidence: Double)] {
        guard cells.count > 1, let candidate = candidates.first else { return [:] }
        var members: [(field: VizField, line: PixelRect, crop: LineCrop)] = []
        for cell in cells {
            let found = lineFinder.lines(in: document, cell: Self.pixelRect(cell.zone, s), pixelsPerMillimetre: s)
            guard let line = valueLines(found, maximum: 1).first?.rect else { return [:] }
            let crop = lineCrop(
                document, line: line, found: found, inline: layout.captionPlacement == .inline, pixelsPerMillimetre: s)
            members.append((cell.field, line, crop))
        }
        // One baseline: every two lines overlap over at least half the lower one's height.
        for a in members {
            for b in members {
                let overlap = min(a.line.y + a.line.height, b.line.y + b.line.height) - max(a.line.y, b.line.y)
                guard Double(overlap) >= 0.5 * Double(min(a.line.height, b.line.height)) else { return [:] }
            }
        }
        members.sort { $0.crop.start < $1.crop.start }
        let x0 = members.map(\.crop.rect.x).min() ?? 0, y0 = members.map(\.crop.rect.y).min() ?? 0
        let x1 = members.map { $0.crop.rect.x + $0.crop.rect.width }.max() ?? 0
        let y1 = members.map { $0.crop.rect.y + $0.crop.rect.height }.max() ?? 0
        let union = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        var characters = Set<Character>()
        for cell in cells { characters.formUnion(Self.characters(for: cell) ?? "") }
        characters.insert(" ")
        let image = horizontallyScaled(document.cropped(to: union))
        let read = try recognizer.readLine(
            candidate.preparation.prepared(image), languages: layout.languages,
            characters: candidate.restrictsCharacters ? String(characters.sorted()) : nil)
        guard !read.words.isEmpty || read.text.isEmpty else { return [:] }
        let scale = Double(image.width) / Double(max(1, union.width))
        let tolerance = max(2.0, 0.3 * s)
        var words: [VizField: [VizRecognizedWord]] = [:]
        for word in read.words {
            let centre = Double(union.x) + (Double(word.box.x) + Double(word.box.width) / 2) / scale
            guard let owner = members.last(where: { Double($0.crop.start) - tolerance <= centre }),
                centre <= Double(owner.crop.right) + tolerance
            else { continue }
            words[owner.field, default: []].append(word)
        }
        var reads: [VizField: (text: String, confidence: Double)] = [:]
        for member in members {
            let own = words[member.field] ?? []
            let confidence = own.isEmpty ? 0 : own.map(\.confidence).reduce(0, +) / Double(own.count)
            reads[member.field] = (own.map(\.text).joined(separator: " "), confidence)
        }
        return reads
    }

    /// `image` widened by `margin` columns on the left and the right, filled with its ground (its
    /// 80th percentile grey level).
    static func padded(_ image: GrayImage, by margin: Int) -> GrayImage {
        guard margin > 0, image.width > 0, image.height > 0 else { return image }
        let ground = UInt8(clamping: GrayLevelHistogram(image).percentile(0.8))
        var out = GrayImage(width: image.width + 2 * margin, height: image.height, fill: ground)
        for y in 0..<image.height {
            let source = y * image.width, target = y * out.width + margin
            for x in 0..<image.width { out.pixels[target + x] = image.pixels[source + x] }
        }
        return out
    }

    /// Whether `text` has the shape of a date even though it does not parse: two runs of digits
    /// holding at least four digits (`12.0 .1974`, `08/1/1974`), or a month name and a run of digits.
    static func looksLikeDate(_ text: String) -> Bool {
        let runs = text.uppercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let digitRuns = runs.filter { $0.allSatisfy(\.isNumber) }
        if digitRuns.count >= 2, digitRuns.reduce(0, { $0 + $1.count }) >= 4 { return true }
        return !digitRuns.isEmpty && runs.contains { VizDateParser.monthNumber(String($0)) != nil }
    }

    /// The value's lines: the tallest line; for multi-line fields, the first `maximum` lines of at
    /// least 70 % of its height, top down (a caption above the value is smaller and is left out; the
    /// tallest line of an address may be its second).
    func valueLines(_ lines: [VizLineFinder.Line], maximum: Int) -> [VizLineFinder.Line] {
        guard let tallest = lines.max(by: { $0.rect.height < $1.rect.height }) else { return [] }
        guard maximum > 1 else { return [tallest] }
        let minimum = Int(Double(tallest.rect.height) * 0.7)
        return Array(lines.filter { $0.rect.height >= minimum }.prefix(maximum))
    }

    /// The characters `cell`'s value line may hold: its kind's and, upper case, those of its
    /// captions (a caption read on the value's line is stripped afterwards, accents ignored); nil
    /// for free text. Where the kind's characters are plain ASCII (dates, numbers, sex, licence
    /// codes) the captions' letters are added without their accents, so that the line stays ASCII
    /// and the recogniser may read it with a plain model (``VizTextRecognizer``).
    static func characters(for cell: VizLayout.FieldZone) -> String? {
        guard let kind = cell.field.characters else { return nil }
        let plain = kind.allSatisfy(\.isASCII)
        var set = Set(kind)
        for word in cell.captionWords {
            let upper = word.uppercased()
            let letters = plain ? upper.folding(options: [.diacriticInsensitive], locale: nil) : upper
            for character in letters where !character.isWhitespace && (!plain || character.isASCII) {
                set.insert(character)
            }
        }
        return String(set.sorted())
    }

    /// Where the value starts on a line that begins with a smaller inline caption (`4d DLN`): the left
    /// edge of the first glyph at least ``inlineValueHeightShare`` as tall as the line's tallest
    /// (the value's capitals are 2.6 mm type, the caption's 1.5 mm). Glyphs are runs of columns with
    /// ink, searched from a little above the line (the apex of a lone `A` may have too little ink for
    /// the line finder). Nil when the line holds no ink.
    static func inlineValueStart(_ image: GrayImage, line: PixelRect) -> Int? {
        let grow = max(1, line.height * 3 / 10)
        let rect = PixelRect(x: line.x, y: line.y - grow, width: line.width, height: line.height + grow)
            .clipped(width: image.width, height: image.height)
        guard rect.width > 0, rect.height > 2 else { return nil }
        let histogram = GrayLevelHistogram(image, rect: rect)
        let threshold = UInt8((histogram.percentile(0.05) + histogram.percentile(0.8)) / 2)
        var glyphs: [(x: Int, end: Int, top: Int, bottom: Int)] = []
        var open = false
        for x in rect.x..<(rect.x + rect.width) {
            var top = Int.max, bottom = Int.min
            for y in rect.y..<(rect.y + rect.height) where image.pixels[y * image.width + x] < threshold {
                top = min(top, y)
                bottom = max(bottom, y)
            }
            guard top <= bottom else {
                open = false
                continue
            }
            if open, let last = glyphs.last {
                glyphs[glyphs.count - 1] = (last.x, x + 1, min(last.top, top), max(last.bottom, bottom))
            } else {
                glyphs.append((x, x + 1, top, bottom))
                open = true
            }
        }
        // A glyph's height is its body's: an accent standing apart above a capital (`Á`) is left
        // out, so that the capitals of a small value stay above the share of the tallest.
        let heights = glyphs.map { glyph in
            var y = glyph.bottom
            while y >= glyph.top,
                (glyph.x..<glyph.end).contains(where: { image.pixels[y * image.width + $0] < threshold })
            {
                y -= 1
            }
            return glyph.bottom - y
        }
        guard let tallest = heights.max() else { return nil }
        return glyphs.indices.first { Double(heights[$0]) >= Self.inlineValueHeightShare * Double(tallest) }
            .map { glyphs[$0].x }
    }

    /// Share of the tallest glyph's height from which a glyph of an inline line belongs to the value
    /// (captions are up to 0.7 of a capital's height, tuning family widened; the tallest may be a
    /// `J` or an accented capital whose accent touches it, a quarter taller than the capitals:
    /// capitals are then 0.78 of it).
    static let inlineValueHeightShare = 0.76

    /// `text` without a caption word (or field number) read at its start, case and accents ignored.
    /// `tolerant` (captions printed inline, on the value's line: `12 RESTR NONE`) also strips a first
    /// word that is a caption word, a field number or the two run together as OCR misreads them: the
    /// look-alikes `1 I L J |`, `0 O D Q`, `5 S`, `8 B`, `2 Z` taken as one, and for a caption word
    /// of four letters or more one letter added, lost or changed (`RESR`, `CLAS`).
    static func strippingCaption(_ text: String, words: [String], tolerant: Bool = false) -> String {
        var rest = text.trimmingCharacters(in: .whitespaces)
        let separators = CharacterSet(charactersIn: " :/.").union(.whitespaces)
        var stripped = true
        while stripped {
            stripped = false
            for word in words where !word.isEmpty {
                guard let range = rest.range(of: word, options: [.anchored, .caseInsensitive, .diacriticInsensitive])
                else { continue }
                // A whole word only: the caption "Nom" must not eat the start of "NOMURA".
                if range.upperBound < rest.endIndex, rest[range.upperBound].isLetter || rest[range.upperBound].isNumber
                {
                    continue
                }
                rest = String(rest[range.upperBound...]).trimmingCharacters(in: separators)
                stripped = true
            }
        }
        guard tolerant else { return rest }
        let single = words.filter { !$0.contains(" ") && !$0.isEmpty }.map(Self.lookAlikeFolded)
        var forms = Set(single)
        for a in single { for b in single where a != b { forms.insert(a + b) } }
        while let space = rest.firstIndex(of: " ") {
            let first = lookAlikeFolded(String(rest[..<space]))
            let matches = forms.contains(first) || forms.contains { $0.count >= 4 && editDistance($0, first) <= 1 }
            guard matches else { break }
            rest = String(rest[space...]).trimmingCharacters(in: separators)
        }
        return rest
    }

    /// `code` (a document number read on `line` of `image`, its value starting at column `start`)
    /// with each `0` whose glyph is markedly wider than the code's other digits read as the letter
    /// `O`, and each `1` whose glyph is a bare stem, markedly narrower than them, as the letter `I`.
    /// Digits share one advance and similar widths in the faces documents print numbers in, while
    /// `O` is about a quarter wider than `0` and `I` a third as wide as `1`. Only that direction is
    /// corrected (OCR reads the letters as digits; a monospaced face draws `O` as wide as `0`, and
    /// is then left as read). The glyphs are the runs of ink columns of the line from `start`; when
    /// their count differs from the code's length (touching glyphs, a pattern across them), or no
    /// digit from 2 to 9 gives the reference width, `code` is returned as read.
    static func lettersByGlyphWidth(_ code: String, in image: GrayImage, line: PixelRect, from start: Int) -> String {
        guard let widths = glyphWidths(in: image, line: line, from: start) else { return code }
        let characters = Array(code)
        guard widths.count == characters.count else { return code }
        let reference = characters.indices.filter { ("2"..."9").contains(characters[$0]) }.map { widths[$0] }.sorted()
        guard !reference.isEmpty else { return code }
        let median = Double(reference[reference.count / 2])
        var out = characters
        for index in characters.indices {
            let ratio = Double(widths[index]) / median
            if characters[index] == "0", ratio >= Self.letterOWidthRatio { out[index] = "O" }
            if characters[index] == "1", ratio <= Self.letterIWidthRatio { out[index] = "I" }
        }
        return String(out)
    }

    /// The widths of the runs of ink columns of `line` on `image` from column `start` (the glyphs of
    /// a code whose glyphs stand apart), left to right; nil when the line is empty. A column holds
    /// ink with a pixel darker than halfway between the line's print (its 5th percentile) and
    /// ground (its 80th).
    static func glyphWidths(in image: GrayImage, line: PixelRect, from start: Int) -> [Int]? {
        let rect = PixelRect(x: start, y: line.y, width: line.x + line.width - start, height: line.height)
            .clipped(width: image.width, height: image.height)
        guard rect.width > 0, rect.height > 2 else { return nil }
        let histogram = GrayLevelHistogram(image, rect: rect)
        let threshold = UInt8((histogram.percentile(0.05) + histogram.percentile(0.8)) / 2)
        var widths: [Int] = []
        var run = 0
        for x in rect.x..<(rect.x + rect.width) {
            var ink = 0
            for y in rect.y..<(rect.y + rect.height) where image.pixels[y * image.width + x] < threshold { ink += 1 }
            if ink > 0 {
                run += 1
            } else if run > 0 {
                widths.append(run)
                run = 0
            }
        }
        if run > 0 { widths.append(run) }
        return widths
    }

    /// Whether the recogniser read two characters in the place of one glyph of a code: two
    /// neighbouring symbols whose boxes (``VizRecognizedSymbol/box``) overlap and together span at
    /// most ``doubledGlyphSpan`` of the median width of the code's symbols, neither of them wider
    /// than 1.5 of it (Tesseract sometimes gives a symbol a box reaching back over its neighbour:
    /// that box is wide, and the median stays a glyph's width). Tuning family: `963U76G64449` for
    /// `963U76G4449` (`G` and `6` on one glyph), `CNO0831` for `CN0831`, `S8079869I1` for
    /// `S8079869I`, each read alike by two preparations.
    static func hasDoubledGlyph(_ symbols: [VizRecognizedSymbol]) -> Bool {
        guard symbols.count >= 3 else { return false }
        let widths = symbols.map(\.box.width).sorted()
        let median = Double(widths[widths.count / 2])
        guard median > 0 else { return false }
        for (a, b) in zip(symbols, symbols.dropFirst()) {
            let overlap = a.box.x + a.box.width - b.box.x
            let span = max(a.box.x + a.box.width, b.box.x + b.box.width) - min(a.box.x, b.box.x)
            if overlap > 0, Double(span) <= doubledGlyphSpan * median,
                Double(max(a.box.width, b.box.width)) <= 1.5 * median
            {
                return true
            }
        }
        return false
    }

    /// The span, over a code's median symbol width, up to which two overlapping symbols stand on one
    /// glyph (``hasDoubledGlyph(_:)``): 1.07–1.22 for the doubled reads of the tuning family, about 2
    /// for two glyphs side by side.
    static let doubledGlyphSpan = 1.3

    /// Width over the code's median digit (2–9) from which a glyph read `0` is the letter `O` (about
    /// 1.3 in the faces printed; a bold serif `0` of 13 px among 11 px digits, 1.18, is a digit).
    static let letterOWidthRatio = 1.24
    /// Width over the code's median digit (2–9) up to which a glyph read `1` is the letter `I`.
    static let letterIWidthRatio = 0.35

    /// `text` upper case without accents, with the characters OCR confuses on small print taken as one.
    static func lookAlikeFolded(_ text: String) -> String {
        let plain = text.uppercased().folding(options: [.diacriticInsensitive], locale: nil)
        return String(
            plain.compactMap { c -> Character? in
                switch c {
                case "I", "L", "J", "|", "!": return "1"
                case "O", "D", "Q": return "0"
                case "S": return "5"
                case "B": return "8"
                case "Z": return "2"
                case ":", ".", "#": return nil
                default: return c
                }
            })
    }

    /// Levenshtein distance between two short strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The value cleaned and checked for `field`'s kind, or nil when it fails.
    static func checkedValue(
        _ lines: [String], field: VizField, dates: VizDateParser, today: MRZDate
    ) -> (String, VizDate?)? {
        let trimSet = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ".,:;|_—–\"“”‘`"))
        let cleaned = lines.map { collapseSpaces($0).trimmingCharacters(in: trimSet) }.filter { !$0.isEmpty }
        guard !cleaned.isEmpty else { return nil }
        let text = cleaned.joined(separator: field.kind == .text && cleaned.count > 1 ? ", " : " ")
        switch field.kind {
        case .name:
            // OCR sets a space beside a hyphen (`HERNÁNDEZ- FERNÁNDEZ`); names print none there.
            let upper = text.uppercased().replacingOccurrences(of: "‐", with: "-").replacingOccurrences(
                of: "–", with: "-"
            )
            .replacingOccurrences(of: " - ", with: "-")
            .replacingOccurrences(of: "- ", with: "-").replacingOccurrences(of: " -", with: "-")
            let allowed = upper.allSatisfy { $0.isLetter || $0 == " " || $0 == "-" || $0 == "'" || $0 == "’" }
            guard allowed, upper.filter(\.isLetter).count >= 1 else { return nil }
            return (plainStrokedLetters(upper), nil)
        case .code:
            let code = text.uppercased().filter { !$0.isWhitespace }
            guard (5...15).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            return (code, nil)
        case .sex:
            let letters = Set(text.uppercased().filter(\.isLetter))
            guard letters.count == 1, let letter = letters.first, "MFX".contains(letter),
                text.filter(\.isLetter).count <= 2
            else { return nil }
            return (String(letter), nil)
        case .date:
            // A birth is in the past; issue and expiry dates of a document in use lie within decades of today.
            let century: VizDateParser.Century =
                field == .dateOfBirth ? .past(currentYear: today.year) : .near(currentYear: today.year)
            guard let date = dates.parse(text, century: century) else { return nil }
            return (text, date)
        case .text:
            guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
            if field.isLicenceCode {
                // A licence code is a short run of capitals and digits (`C`, `CM`, `NONE`, `A1`).
                let code = text.uppercased()
                guard code.count <= 12, code.allSatisfy({ VizField.licenceCodeCharacters.contains($0) }) else {
                    return nil
                }
                return (code, nil)
            }
            return (text, nil)
        }
    }

    /// The date formed by the last words of `text` (split at spaces, longest first) for a date
    /// `field`, or nil when no such tail parses.
    static func trailingDate(
        _ text: String, field: VizField, dates: VizDateParser, today: MRZDate
    ) -> (String, VizDate?)? {
        let words = text.split(separator: " ")
        guard words.count > 1 else { return nil }
        for start in 1..<words.count {
            let tail = words[start...].joined(separator: " ")
            if let value = checkedValue([tail], field: field, dates: dates, today: today) { return value }
        }
        return nil
    }

    /// `text` as a read held to `characters` would give it for `field`: upper case; in a name, the
    /// digits OCR reads for letters as those letters (`0` → `O`, `1` → `I`, `5` → `S`, `8` → `B`, `2` →
    /// `Z`, `6` → `G`); characters outside the set dropped from its ends (`S92495488-`).
    static func foldedInto(_ characters: String, _ text: String, field: VizField) -> String {
        let allowed = Set(characters).union([" "])
        var out = text.uppercased()
        if field.kind == .name {
            let letters: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"]
            out = String(out.map { letters[$0] ?? $0 })
        }
        while let first = out.first, !allowed.contains(first) { out.removeFirst() }
        while let last = out.last, !allowed.contains(last) { out.removeLast() }
        return out
    }

    /// `text` with every run of white space one space, trimmed.
    package static func collapseSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
