package import CaptureCore
package import DocumentEngine
package import Foundation

/// Crops of real MRZ lines with their text: printed documents, scanned or photographed, whose glyphs
/// come from many printers and digitisations of OCR-B, not only from Debian's font. `scripts/mrz_real_lines.py`
/// fetches, vets (specimens only) and splits them into a folder of PNGs and an `index.jsonl` of
/// `{file, text, split}`.
///
/// A crop is tight around one line's ink, often enlarged and binarised. To look like what the scanner
/// cuts from a camera frame, each use scales it to a source resolution, prints it in ink and paper
/// tones, degrades it as ``MRZLineRenderer`` degrades renders (lighting, glare, blur, noise, JPEG) and
/// rectifies it into a band at the engine's scale, where the engine's own line finder cuts its cells.
package struct MRZRealLines: Sendable {
    package struct Line: Sendable {
        package var image: GrayImage
        package var text: String

        package init(image: GrayImage, text: String) {
            self.image = image
            self.text = text
        }
    }

    package var lines: [Line]

    package init(lines: [Line]) {
        self.lines = lines
    }

    /// What could not be used.
    package enum LoadError: Error, Sendable, CustomStringConvertible {
        case missingIndex(String)
        case malformedIndex(line: Int)
        case unreadableImage(String)

        package var description: String {
            switch self {
            case .missingIndex(let path):
                "No index.jsonl in \(path): write the set with scripts/mrz_real_lines.py --out \(path)."
            case .malformedIndex(let line): "index.jsonl line \(line) is not a {file, text, split} record."
            case .unreadableImage(let file): "The line image \(file) does not decode."
            }
        }
    }

    /// The lines of `split` (`train` or `validation`) in `folder`, in the index's order.
    package static func load(folder: URL, split: String) throws(LoadError) -> MRZRealLines {
        let indexURL = folder.appendingPathComponent("index.jsonl")
        guard let data = try? Data(contentsOf: indexURL) else { throw .missingIndex(folder.path) }
        struct Record: Decodable {
            var file: String
            var text: String
            var split: String
        }
        var lines: [Line] = []
        for (number, row) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let record = try? JSONDecoder().decode(Record.self, from: Data(row)) else {
                throw .malformedIndex(line: number + 1)
            }
            guard record.split == split else { continue }
            let url = folder.appendingPathComponent(record.file)
            guard let image = try? ImageCodec.decode(contentsOf: url).grayscale() else {
                throw .unreadableImage(record.file)
            }
            lines.append(Line(image: image, text: record.text))
        }
        return MRZRealLines(lines: lines)
    }

    /// The band of `line` as the engine would rectify it, degraded by `strength` (0 clean, 1 hard)
    /// with `renderer`'s generator.
    static func band(of line: Line, strength: Double, renderer: inout MRZLineRenderer) -> GrayImage? {
        let crop = line.image
        let count = Double(line.text.count)
        guard crop.width >= line.text.count, crop.height >= 4, count > 1 else { return nil }
        // A tight crop spans (n - 1) pitches and one glyph (about 0.55 of a pitch).
        let sourcePitch = Double(crop.width) / (count - 0.45)
        // Strength 0 is the crop as printed: no random scale, tones or degradation.
        let clean = strength < 0.05
        let s = clean ? 8.0 : renderer.rng.logUniform(2.8, 10)
        let factor = s * DocumentLayout.mrzPitch / sourcePitch
        // The crops were stretched to a common height: give the glyphs OCR-B's proportions again
        // (cap height 2.3 mm at a 2.54 mm pitch) from the height of the crop's ink.
        let inkHeight = Double(Self.inkHeight(of: crop))
        let verticalFactor = inkHeight > 0 ? s * DocumentLayout.mrzCapHeight / inkHeight : factor
        let width = max(4, Int((Double(crop.width) * factor).rounded()))
        let height = max(4, Int((Double(crop.height) * verticalFactor).rounded()))
        let scaled = crop.resized(width: width, height: height)
        let paper = clean ? 235 : renderer.rng.int(185, 252)
        let ink = clean ? 30 : renderer.rng.int(0, 75)
        let marginX = Int((3 * s).rounded()), marginY = Int((2.5 * s).rounded())
        var source = GrayImage(width: width + 2 * marginX, height: height + 2 * marginY, fill: UInt8(paper))
        for y in 0..<height {
            for x in 0..<width {
                let v = Int(scaled.pixels[y * width + x])
                source.pixels[(y + marginY) * source.width + x + marginX] = UInt8(ink + (paper - ink) * v / 255)
            }
        }
        if !clean { renderer.degrade(&source, strength: strength, pixelsPerMillimetre: s) }
        return renderer.rectify(source, sourceScale: s, strength: strength)
    }

    /// The height of the band of rows that hold a glyph's ink: rows with at least a fifth of the inkiest
    /// row's dark pixels (a filler's strokes and a letter's serifs do not widen it).
    static func inkHeight(of crop: GrayImage) -> Int {
        var counts = [Int](repeating: 0, count: crop.height)
        for y in 0..<crop.height {
            for x in 0..<crop.width where crop.pixels[y * crop.width + x] < 128 { counts[y] += 1 }
        }
        guard let most = counts.max(), most > 0 else { return 0 }
        let rows = counts.indices.filter { counts[$0] * 5 >= most }
        guard let first = rows.first, let last = rows.last else { return 0 }
        return last - first + 1
    }

    /// The text line of `band` fitted to `length` cells: the longest of the lines the engine's line
    /// finder `found` there, trimmed or extended by up to 3 cells as the zone reader does; nil when
    /// none is that close.
    static func fittedLine(in band: GrayImage, length: Int, found: [MRZTextLine]) -> MRZTextLine? {
        guard let line = found.max(by: { $0.cellCount < $1.cellCount }), abs(line.cellCount - length) <= 3
        else { return nil }
        return MRZZoneReader.fit(line, to: length, in: band, alignedTo: [line])
    }
}

extension MRZTrainingSet {
    /// Patches from `variants` degraded bands of each real line, strengths spread over 0...1.
    static func fromRealLines(_ real: MRZRealLines, variants: Int, seed: UInt64, jitter: Bool) -> MRZTrainingSet {
        var renderer = MRZLineRenderer(rng: SplitMix64(seed: seed ^ 0x5EA1_11E5))
        var set = MRZTrainingSet()
        if jitter { set.jitter = SplitMix64(seed: seed ^ 0x7E11_0A5E) }
        for (i, line) in real.lines.enumerated() {
            for v in 0..<variants {
                let strength = variants == 1 ? 0.5 : Double((i + v * 7) % variants) / Double(variants - 1)
                set.blocks += 1
                guard let band = MRZRealLines.band(of: line, strength: strength, renderer: &renderer),
                    let fitted = MRZRealLines.fittedLine(
                        in: band, length: line.text.count, found: MRZZoneReader.lineFinder.lines(in: band))
                else {
                    set.rejectedBlocks += 1
                    continue
                }
                set.append(band, line: fitted, text: line.text)
            }
        }
        return set
    }
}

/// The recogniser on real lines: each line's band cut and read as the engine reads a zone's line.
package struct MRZRealLineEvaluation: Sendable {
    /// What one strength measured.
    package struct Score: Sendable {
        package var strength: Double
        package var lines = 0
        /// Lines the line finder cut into the right number of cells.
        package var cut = 0
        package var exactLines = 0
        /// Lines read exactly once O and 0 are taken as one character (the zone reader's resolver tells
        /// them apart by the field's character class wherever the layout fixes it).
        package var exactUpToZeroLines = 0
        package var characters = 0
        package var rightCharacters = 0
        /// Characters read wrong with a confidence of 0.9 or more (what verification cannot catch).
        package var confidentlyWrong = 0
        /// Characters read wrong, as "truth>read", with their counts.
        package var confusions: [String: Int] = [:]

        package var exactShare: Double { lines == 0 ? 0 : Double(exactLines) / Double(lines) }
        package var characterAccuracy: Double { characters == 0 ? 0 : Double(rightCharacters) / Double(characters) }
    }

    /// Scores `classifier` on `real` at each of `strengths` (the same bands for the same seed).
    /// `failure` receives each line not read exactly: its strength, its band, the cell counts of the lines the
    /// finder saw in it, the truth and what was read (nil when it was not cut).
    package static func score(
        _ classifier: MRZCharacterClassifier, on real: MRZRealLines, strengths: [Double], seed: UInt64,
        failure: (Double, GrayImage, [Int], String, String?) -> Void = { _, _, _, _, _ in }
    ) -> [Score] {
        let reader = MRZZoneReader(classifier: classifier)
        return strengths.enumerated().map { index, strength in
            var renderer = MRZLineRenderer(rng: SplitMix64(seed: seed &+ UInt64(index) &* 1_000_003))
            var score = Score(strength: strength)
            for line in real.lines {
                score.lines += 1
                guard let band = MRZRealLines.band(of: line, strength: strength, renderer: &renderer) else { continue }
                let found = MRZZoneReader.lineFinder.lines(in: band)
                guard let fitted = MRZRealLines.fittedLine(in: band, length: line.text.count, found: found) else {
                    failure(strength, band, found.map(\.cellCount), line.text, nil)
                    continue
                }
                score.cut += 1
                let reading = reader.recognise(band: band, lines: [fitted])
                let read = Array(reading.lines[0]), truth = Array(line.text)
                score.characters += truth.count
                for k in truth.indices {
                    if read[k] == truth[k] {
                        score.rightCharacters += 1
                    } else {
                        score.confusions["\(truth[k])>\(read[k])", default: 0] += 1
                        if reading.confidences[0][k] >= 0.9 { score.confidentlyWrong += 1 }
                    }
                }
                if read == truth {
                    score.exactLines += 1
                } else {
                    failure(strength, band, [fitted.cellCount], line.text, reading.lines[0])
                }
                let zeroAsO: (Character) -> Character = { $0 == "0" ? "O" : $0 }
                if read.map(zeroAsO) == truth.map(zeroAsO) { score.exactUpToZeroLines += 1 }
            }
            return score
        }
    }
}
