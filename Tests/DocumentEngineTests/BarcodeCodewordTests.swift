import CaptureCore
import Testing

@testable import DocumentEngine

/// PDF417 at the codeword level: the Reed–Solomon decoder with erasures, the row scanner that reads
/// codewords with the symbol's own geometry, and votes combined across frames. Symbols are built
/// here from codewords (byte compaction), drawn with ``PDF417CodewordGrid/image(of:scale:)``.
@Suite struct BarcodeCodewordTests {
    static let payload = Array("@\nANSI 636000080002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\n".utf8)
    static let rows = 14, columns = 6, level = 3

    /// The full block (data and error correction) of the test symbol.
    static func block() -> [Int] {
        PDF417CodewordTable.blockCodewords(payload, rows: rows, columns: columns, level: level)!
    }

    @Test func theDerivedTableIsConsistentAndComplete() throws {
        let derivation = try PDF417CodewordTable.derivation.get()
        #expect(derivation.patterns.count == 3 && derivation.patterns.allSatisfy { $0.count == 929 })
        // One (cluster, value) per pattern: 3 x 929 distinct patterns.
        #expect(PDF417CodewordTable.values.count == 3 * 929)
        // Each pattern has the standard's shape: 17 modules, bar first, four bars and four spaces
        // of 1...6 modules, and its cluster is (b1 - b2 + b3 - b4 + 9) mod 9 = 0, 3 or 6 (a
        // property the derivation did not use).
        var malformed = 0
        for (cluster, row) in derivation.patterns.enumerated() {
            for pattern in row {
                var widths: [Int] = []
                var previous = -1
                for k in stride(from: 16, through: 0, by: -1) {
                    let bit = (pattern >> k) & 1
                    if bit == previous { widths[widths.count - 1] += 1 } else { widths.append(1) }
                    previous = bit
                }
                let shaped =
                    pattern >> 16 == 1 && pattern & 1 == 0 && widths.count == 8
                    && widths.allSatisfy { (1...6).contains($0) }
                if !shaped || (widths[0] - widths[2] + widths[4] - widths[6] + 9) % 9 != 3 * cluster { malformed += 1 }
            }
        }
        #expect(malformed == 0)
        #expect(PDF417CodewordTable.derivationError == nil)
    }

    static func emptyGrid() -> PDF417CodewordGrid {
        PDF417CodewordGrid(rows: rows, columns: columns, errorCorrectionLevel: level)!
    }

    @Test func aSymbolDrawnFromCodewordsDecodesWithZXing() throws {
        let grid = Self.emptyGrid()
        let image = try #require(grid.image(of: Self.block(), scale: 2))
        let symbol = try PDF417Decoder(tryRotate: false, tryDownscale: false, binarizer: .fixed).decode(image)
        #expect(symbol.bytes == Self.payload)
        #expect(symbol.errorCorrectionLevel == Self.level)
    }

    @Test func twoErasuresCostAsMuchAsOneError() throws {
        let block = Self.block()  // 16 error-correction codewords
        // 16 erasures: corrected.
        var erased = block
        let erasures = Array(stride(from: 3, to: 67, by: 4))
        #expect(erasures.count == 16)
        for p in erasures { erased[p] = 0 }
        #expect(try PDF417ErrorCorrection.correct(&erased, erasures: erasures, count: 16) > 0)
        #expect(erased == block)
        // 8 errors at unknown places: corrected.
        var wrong = block
        for p in stride(from: 1, to: 65, by: 8) { wrong[p] = (wrong[p] + 17) % 929 }
        #expect(try PDF417ErrorCorrection.correct(&wrong, erasures: [], count: 16) == 8)
        #expect(wrong == block)
        // 6 errors and 4 erasures (12 + 4 = 16): corrected.
        var mixed = block
        for p in [0, 9, 20, 33, 41, 70] { mixed[p] = (mixed[p] + 401) % 929 }
        for p in [5, 6, 50, 51] { mixed[p] = 0 }
        try PDF417ErrorCorrection.correct(&mixed, erasures: [5, 6, 50, 51], count: 16)
        #expect(mixed == block)
        // 17 erasures, or 7 errors and 3 erasures (17): refused, the block left as it was.
        var tooMany = block
        let seventeen = Array(0..<17)
        for p in seventeen { tooMany[p] = 0 }
        let before = tooMany
        #expect(throws: PDF417ErrorCorrection.Failure.tooManyErrors) {
            try PDF417ErrorCorrection.correct(&tooMany, erasures: seventeen, count: 16)
        }
        #expect(tooMany == before)
        // With a reserve of two, 15 erasures are refused that 16 would otherwise allow.
        var reserved = block
        for p in erasures.prefix(15) { reserved[p] = 0 }
        #expect(throws: PDF417ErrorCorrection.Failure.tooManyErrors) {
            try PDF417ErrorCorrection.correct(&reserved, erasures: Array(erasures.prefix(15)), count: 16, reserve: 2)
        }
    }

    @Test func beyondItsCapacityTheDecoderNeverReturnsAnotherBlockAsCorrect() throws {
        let block = Self.block()
        var seed: UInt64 = 7
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        var refused = 0
        for _ in 0..<60 {
            var noisy = block
            var positions = Set<Int>()
            while positions.count < 12 { positions.insert(next() % block.count) }  // 24 > 16 (reserve 2)
            for p in positions { noisy[p] = (noisy[p] + 1 + next() % 928) % 929 }
            do {
                try PDF417ErrorCorrection.correct(&noisy, erasures: [], count: 16, reserve: 2)
                // Whatever it returns must be a valid block; it may be the original only by luck.
                #expect(PDF417ErrorCorrection.syndromes(noisy, count: 16).allSatisfy { $0 == 0 })
            } catch {
                refused += 1
            }
        }
        #expect(refused >= 55)
    }

    @Test func invalidBlocksAreATypedError() {
        var short = [1, 2, 3]
        #expect(throws: PDF417ErrorCorrection.Failure.invalidInput) {
            try PDF417ErrorCorrection.correct(&short, erasures: [], count: 4)
        }
        var block = Self.block()
        #expect(throws: PDF417ErrorCorrection.Failure.invalidInput) {
            try PDF417ErrorCorrection.correct(&block, erasures: [200], count: 16)
        }
    }

    /// The symbol drawn at `scale` px per module with the codeword columns in `hidden` (per row
    /// range) painted over light gray, as glare or a fold would.
    static func frame(
        hiding hidden: [(rows: Range<Int>, columns: Range<Int>)], scale: Int = 3, block: [Int] = block()
    ) -> GrayImage {
        let grid = emptyGrid()
        var image = grid.image(of: block, scale: scale)!
        let rowHeight = 3 * scale
        for (rows, columns) in hidden {
            for y in (2 * scale + rows.lowerBound * rowHeight)..<(2 * scale + rows.upperBound * rowHeight) {
                // Data column c starts after the quiet zone (2), start (17) and left indicator (17).
                for x in ((2 + 34 + 17 * columns.lowerBound) * scale)..<((2 + 34 + 17 * columns.upperBound) * scale) {
                    image.pixels[y * image.width + x] = 200
                }
            }
        }
        // A light margin around the symbol, as the reader's cut-out has.
        var framed = GrayImage(width: image.width + 40, height: image.height + 20, fill: 235)
        for y in 0..<image.height {
            for x in 0..<image.width {
                framed.pixels[(y + 10) * framed.width + x + 20] = image.pixels[y * image.width + x]
            }
        }
        return framed
    }

    @Test func theRowScannerReadsEveryCodewordOfACleanSymbol() throws {
        let grid = try #require(PDF417RowScanner().scan(Self.frame(hiding: [])))
        #expect(grid.rows == Self.rows && grid.columns == Self.columns && grid.errorCorrectionLevel == Self.level)
        #expect(grid.bestValues == Self.block().map { Optional($0) })
        #expect(grid.corrected() == Self.block())
    }

    @Test func unreadableCodewordsBecomeErasuresThatTheErrorCorrectionFills() throws {
        // 14 codewords hidden (rows 2-8 of columns 1-2 ): erasures, within 16 - 2 in reserve.
        let grid = try #require(PDF417RowScanner().scan(Self.frame(hiding: [(2..<9, 1..<3)])))
        let erased = grid.bestValues.filter { $0 == nil }.count
        #expect(erased == 14)
        #expect(grid.corrected() == Self.block())
    }

    @Test func hiddenCodewordsGetNoVoteWhereverTheScanlinesFall() throws {
        // Scanlines at a band's edge mix two rows of modules: where a codeword is hidden, its
        // neighbour across the edge, mixed with the grey that hides it, can read as a valid codeword
        // of the line's cluster. Sampled a fraction of a pixel lower, or at half height (the reader's
        // cut-outs), every hidden codeword stays an erasure and no position gets a wrong value.
        let expected = Self.block()
        var images: [(String, GrayImage)] = []
        for scale in 2...4 {
            let frame = Self.frame(hiding: Self.scattered(shift: 0), scale: scale)
            for eighth in 0..<8 {
                let offset = Double(eighth) / 8
                images.append(("scale \(scale) shifted \(offset)", Self.resampled(frame, step: 1, offset: offset)))
                images.append(("scale \(scale) half height +\(offset)", Self.resampled(frame, step: 2, offset: offset)))
            }
        }
        for (name, image) in images {
            let grid = try #require(PDF417RowScanner(rowStep: 1).scan(image), "\(name)")
            let best = grid.bestValues
            #expect(best.filter { $0 == nil }.count == 24, "\(name)")
            #expect(best.indices.allSatisfy { best[$0] == nil || best[$0] == expected[$0] }, "\(name)")
        }
    }

    /// `image` resampled across its rows: output row j is the input at row `step`·j + `offset`
    /// (linear between rows; a step of 2 averages two rows first, as a half-height cut-out does).
    static func resampled(_ image: GrayImage, step: Int, offset: Double) -> GrayImage {
        let height = (image.height - 2) / step
        var out = GrayImage(width: image.width, height: height, fill: 0)
        func value(_ x: Int, _ y: Double) -> Double {
            let y0 = min(image.height - 1, Int(y)), y1 = min(image.height - 1, y0 + 1), f = y - Double(Int(y))
            return (1 - f) * Double(image.pixels[y0 * image.width + x]) + f * Double(image.pixels[y1 * image.width + x])
        }
        for j in 0..<height {
            for x in 0..<image.width {
                let y = Double(step * j) + offset
                let v = step == 1 ? value(x, y) : (value(x, y) + value(x, y + 1)) / 2
                out.pixels[j * image.width + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return out
    }

    @Test func votesCombinedAcrossFramesReadASymbolNoSingleFrameCan() throws {
        // Each frame loses 24 codewords (more than 16 can restore), each in other places.
        let hidden: [[(rows: Range<Int>, columns: Range<Int>)]] = [
            [(0..<6, 0..<4)], [(6..<12, 2..<6)], [(3..<9, 0..<2), (0..<6, 4..<6)],
        ]
        var evidence: PDF417CodewordGrid?
        for (index, part) in hidden.enumerated() {
            let grid = try #require(PDF417RowScanner().scan(Self.frame(hiding: part)))
            #expect(grid.bestValues.filter { $0 == nil }.count == 24)
            #expect(grid.corrected() == nil, "frame \(index) alone")
            if var combined = evidence {
                let added = combined.combine(grid)
                #expect(added)
                evidence = combined
            } else {
                evidence = grid
            }
        }
        let combined = try #require(evidence)
        #expect(combined.corrected() == Self.block())
        // A grid of another shape is not combined.
        var other = try #require(PDF417CodewordGrid(rows: 13, columns: 6, errorCorrectionLevel: 3))
        let combinedOther = other.combine(combined)
        #expect(!combinedOther)
    }

    /// The symbol of ``frame(hiding:scale:)`` on a light page of 900 x 400 pixels, as a camera frame.
    static func page(hiding hidden: [(rows: Range<Int>, columns: Range<Int>)], block: [Int] = block()) -> GrayImage {
        let symbol = frame(hiding: hidden, block: block)
        var page = GrayImage(width: 900, height: 400, fill: 235)
        let x0 = (900 - symbol.width) / 2, y0 = (400 - symbol.height) / 2
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { page.pixels[(y + y0) * 900 + x + x0] = symbol.pixels[y * symbol.width + x] }
        }
        return page
    }

    /// 24 single codewords hidden, two per row in rows 0..<12, at columns `shift` and `shift + 3`
    /// (mod 6) moved along by one per row: scattered, as glare spots and print defects are.
    static func scattered(shift: Int) -> [(rows: Range<Int>, columns: Range<Int>)] {
        (0..<12).flatMap { r in
            [(r + shift) % 6, (r + shift + 3) % 6].map { c in (rows: r..<(r + 1), columns: c..<(c + 1)) }
        }
    }

    @Test func theReaderReturnsNoPayloadWhenTooManyCodewordsAreLost() throws {
        // 24 codewords hidden: more than the 16 error-correction codewords (less 2 in reserve) can
        // restore. zxing-cpp fails, the codeword look reads the rest and refuses: a typed failure.
        let page = Self.page(hiding: Self.scattered(shift: 0))
        var profile: PDF417ReadProfile? = PDF417ReadProfile()
        var evidence = PDF417CodewordEvidence()
        #expect(throws: BarcodeError.self) {
            try PDF417Reader().read(page, card: nil, profile: &profile, evidence: &evidence)
        }
        #expect(
            profile?.steps.contains { $0.name == "codewordGrid" && $0.outcome == "located" } == true,
            "\(profile?.steps.map { "\($0.name) \($0.outcome)" } ?? [])")
        let grid = try #require(evidence.combined)
        #expect(grid.bestValues.filter { $0 == nil }.count == 24)
        #expect(grid.corrected() == nil)
    }

    @Test func theReaderCombinesCodewordsAcrossVideoFrames() throws {
        // Two frames of one symbol, each losing 24 codewords in other places: neither reads alone
        // (typed failures), the second reads from the votes of both, exactly.
        let reader = PDF417Reader()
        let first = Self.page(hiding: Self.scattered(shift: 0)), second = Self.page(hiding: Self.scattered(shift: 1))
        var evidence = PDF417CodewordEvidence()
        var profile: PDF417ReadProfile?
        #expect(throws: BarcodeError.self) {
            try reader.read(first, card: nil, profile: &profile, evidence: &evidence)
        }
        let reading = try reader.read(second, card: nil, profile: &profile, evidence: &evidence)
        #expect(reading.look == .codewordGrid)
        #expect(reading.symbol.bytes == Self.payload)
        // The second frame without the first one's votes does not read.
        var fresh = PDF417CodewordEvidence()
        #expect(throws: BarcodeError.self) {
            try reader.read(second, card: nil, profile: &profile, evidence: &fresh)
        }
    }

    /// A second card of the same issuer: the test payload with another number and name, of the
    /// same length, so its symbol has the same shape and the same header codewords.
    static let otherPayload = Array("@\nANSI 636000080002DL00410278ZV03190008DLDAQT98761234\nDCSMILLER\n".utf8)

    @Test func votesOfAnotherCardStartTheEvidenceOverAndNeverReadAsTheFirstCard() throws {
        let first = Self.block()
        let second = try #require(
            PDF417CodewordTable.blockCodewords(
                Self.otherPayload, rows: Self.rows, columns: Self.columns, level: Self.level))
        // The two blocks share their header codewords (rows 0-4 hold only header bytes) and differ
        // in most of the rest.
        #expect(first[0..<30] == second[0..<30])
        #expect(zip(first, second).filter { $0 != $1 }.count > 25)
        // Two frames of the first card, both losing the header (rows 0-4 of columns 0-4: 25
        // codewords), then one of the second card losing rows 8-12 of the same columns.
        let header: [(rows: Range<Int>, columns: Range<Int>)] = [(0..<5, 0..<5)]
        let lower: [(rows: Range<Int>, columns: Range<Int>)] = [(8..<13, 0..<5)]
        let scanner = PDF417RowScanner()
        let a1 = try #require(scanner.scan(Self.frame(hiding: header)))
        let a2 = try #require(scanner.scan(Self.frame(hiding: header)))
        let b1 = try #require(scanner.scan(Self.frame(hiding: lower, block: second)))
        // Added up blindly, the second card's frame would fill the first card's header and the
        // votes would correct to the first card's block while the second card is shown.
        var blind = a1
        blind.combine(a2)
        #expect(blind.corrected() == nil)
        blind.combine(b1)
        #expect(blind.corrected() == first)
        // The evidence takes the second card's frame as another card: it starts over with it.
        var evidence = PDF417CodewordEvidence()
        #expect(evidence.add(a1) == .started)
        #expect(evidence.add(a2) == .joined)
        let agreement = try #require(evidence.combined).agreement(with: b1)
        #expect(agreement.correctionCompared >= PDF417CodewordEvidence.minimumCorrectionCompared)
        #expect(agreement.correctionAgreeing == 0)
        #expect(evidence.add(b1) == .replaced)
        #expect(evidence.frames.count == 1 && evidence.combined?.corrected() == nil)
        // Frames of one card agree everywhere both read, and join.
        let b2 = try #require(scanner.scan(Self.frame(hiding: header, block: second)))
        #expect(evidence.add(b2) == .joined)
        #expect(evidence.combined?.corrected() == second)
    }

    /// The test payload with the document number's last digit changed: another card whose symbol
    /// differs from the test symbol in one or two data codewords and nearly every error-correction one.
    static let neighbourPayload = Array("@\nANSI 636000080002DL00410278ZV03190008DLDAQT64235788\nDCSSAMPLE\n".utf8)

    @Test func theReaderNeverReadsTheFirstCardFromTheSecondCardsFrame() throws {
        // Through the reader, as a video would show them: two frames of the first card losing the
        // same 24 codewords, then one of the second card losing 24 others. No frame reads alone.
        // Added up blindly, the second card's frame fills the first card's gaps with the codewords
        // both share, and the votes correct to the first card's block while the second is shown;
        // the reader starts over instead, and the second card reads from its own two frames only.
        let first = Self.block()
        let second = try #require(
            PDF417CodewordTable.blockCodewords(
                Self.neighbourPayload, rows: Self.rows, columns: Self.columns, level: Self.level))
        #expect((1...2).contains(zip(first.prefix(68), second.prefix(68)).filter { $0 != $1 }.count))
        let (gaps, others) = (Self.scattered(shift: 0), Self.scattered(shift: 1))
        let scanner = PDF417RowScanner()
        var blind = try #require(scanner.scan(Self.frame(hiding: gaps, block: first)))
        blind.combine(try #require(scanner.scan(Self.frame(hiding: gaps, block: first))))
        blind.combine(try #require(scanner.scan(Self.frame(hiding: others, block: second))))
        #expect(blind.corrected() == first)

        let reader = PDF417Reader()
        var evidence = PDF417CodewordEvidence()
        var profile: PDF417ReadProfile?
        for page in [
            Self.page(hiding: gaps, block: first), Self.page(hiding: gaps, block: first),
            Self.page(hiding: others, block: second),
        ] {
            #expect(throws: BarcodeError.self) {
                try reader.read(page, card: nil, profile: &profile, evidence: &evidence)
            }
        }
        #expect(evidence.frames.count == 1)
        let reading = try reader.read(
            Self.page(hiding: gaps, block: second), card: nil, profile: &profile, evidence: &evidence)
        #expect(reading.look == .codewordGrid)
        #expect(reading.symbol.bytes == Self.neighbourPayload)
    }

    @Test func theEvidenceKeepsTheLastFramesOnly() throws {
        let grid = try #require(PDF417RowScanner().scan(Self.frame(hiding: [])))
        var evidence = PDF417CodewordEvidence()
        for _ in 0..<(PDF417CodewordEvidence.maximumFrames + 3) { evidence.add(grid) }
        #expect(evidence.frames.count == PDF417CodewordEvidence.maximumFrames)
        // The combined votes are those of the frames kept: each position's count is the kept
        // frames' count times one frame's.
        let single = grid.votes.map { $0.values.reduce(0, +) }
        let combined = try #require(evidence.combined).votes.map { $0.values.reduce(0, +) }
        #expect(combined == single.map { $0 * PDF417CodewordEvidence.maximumFrames })
        evidence.reset()
        #expect(evidence.isEmpty && evidence.combined == nil)
    }
}
