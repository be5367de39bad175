package import CaptureCore

/// The codewords of one PDF417 symbol as read from images: per position (row, data column) the
/// values seen and how often. Readings of the same symbol, from several scanlines, binarisations
/// or **frames of a video**, are combined by adding their votes (``combine(_:)``); a position with
/// no vote or a tie is an **erasure** for the error correction (``corrected(reserve:)``).
package struct PDF417CodewordGrid: Sendable, Equatable {
    /// Rows (3...90), data columns (1...30) and error-correction level (0...8) of the symbol, as
    /// its row indicators give them.
    package let rows: Int
    package let columns: Int
    package let errorCorrectionLevel: Int
    /// Votes per position, row by row: value → count.
    package private(set) var votes: [[Int: Int]]

    package init?(rows: Int, columns: Int, errorCorrectionLevel: Int) {
        guard (3...90).contains(rows), (1...30).contains(columns), (0...8).contains(errorCorrectionLevel),
            rows * columns > Self.errorCorrectionCount(errorCorrectionLevel), rows * columns <= 928
        else { return nil }
        self.rows = rows
        self.columns = columns
        self.errorCorrectionLevel = errorCorrectionLevel
        votes = Array(repeating: [:], count: rows * columns)
    }

    /// Error-correction codewords of a level: 2^(level + 1).
    package static func errorCorrectionCount(_ level: Int) -> Int { 1 << (level + 1) }

    /// Whether `other` describes a symbol of the same size and level.
    package func hasSameShape(as other: PDF417CodewordGrid) -> Bool {
        rows == other.rows && columns == other.columns && errorCorrectionLevel == other.errorCorrectionLevel
    }

    /// Adds `weight` votes for `value` at (row, column).
    package mutating func vote(row: Int, column: Int, value: Int, weight: Int = 1) {
        guard (0..<rows).contains(row), (0..<columns).contains(column), (0..<929).contains(value), weight > 0 else {
            return
        }
        votes[row * columns + column][value, default: 0] += weight
    }

    /// Adds the votes of `other` (a reading of the same symbol); false (and nothing added) when
    /// its shape differs.
    @discardableResult
    package mutating func combine(_ other: PDF417CodewordGrid) -> Bool {
        guard hasSameShape(as: other) else { return false }
        for (i, cell) in other.votes.enumerated() {
            for (value, count) in cell { votes[i][value, default: 0] += count }
        }
        return true
    }

    /// How far two readings agree: positions where both have a best value, and how many of them
    /// hold the same one.
    package struct Agreement: Sendable, Equatable {
        /// Over every position.
        package var agreeing = 0, compared = 0
        /// Over the error-correction codewords only (the last 2^(level + 1) positions): they depend
        /// on every data codeword, so two cards whose payloads share a header and padding still
        /// differ in nearly all of them, where two frames of one card agree.
        package var correctionAgreeing = 0, correctionCompared = 0
    }

    /// How far `other` (a reading of a symbol of the same shape) agrees with these votes
    /// (``bestValues``); nothing compared when the shapes differ.
    package func agreement(with other: PDF417CodewordGrid) -> Agreement {
        var result = Agreement()
        guard hasSameShape(as: other) else { return result }
        let correctionStart = rows * columns - Self.errorCorrectionCount(errorCorrectionLevel)
        for (i, (mine, theirs)) in zip(bestValues, other.bestValues).enumerated() {
            guard let mine, let theirs else { continue }
            result.compared += 1
            if mine == theirs { result.agreeing += 1 }
            if i >= correctionStart {
                result.correctionCompared += 1
                if mine == theirs { result.correctionAgreeing += 1 }
            }
        }
        return result
    }

    /// Positions whose best value (``bestValues``) is not the one `codewords` (a full block of
    /// this shape) hold there; positions without a best value do not count.
    package func disagreements(with codewords: [Int]) -> Int {
        guard codewords.count == rows * columns else { return rows * columns }
        return zip(bestValues, codewords).filter { best, value in best.map { $0 != value } ?? false }.count
    }

    /// Positions with at least one vote.
    package var filled: Int { votes.filter { !$0.isEmpty }.count }

    /// The most voted value per position (nil: no vote or a tie), in reading order.
    package var bestValues: [Int?] {
        votes.map { cell in
            guard let top = cell.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })
            else { return nil }
            return cell.contains { $0.key != top.key && $0.value == top.value } ? nil : top.key
        }
    }

    /// The error-corrected codewords (data, then error correction), or nil when the block does
    /// not correct within its error-correction codewords less `reserve`, or when the corrected
    /// symbol length descriptor (the first codeword) disagrees with the symbol's size.
    package func corrected(reserve: Int = 2) -> [Int]? {
        let best = bestValues
        var codewords = best.map { $0 ?? 0 }
        let erasures = best.indices.filter { best[$0] == nil }
        let k = Self.errorCorrectionCount(errorCorrectionLevel)
        do {
            try PDF417ErrorCorrection.correct(&codewords, erasures: erasures, count: k, reserve: min(reserve, k / 4))
        } catch {
            return nil
        }
        guard codewords[0] == rows * columns - k else { return nil }
        return codewords
    }

    /// A clean image of the symbol holding `codewords` (data then error correction, `rows ×
    /// columns` of them): `scale` pixels per module, rows three modules high, a quiet zone of
    /// two modules. zxing-cpp reads it without effort; it is how a corrected reading is turned
    /// back into bytes by the same high-level decoder as every other reading.
    package func image(of codewords: [Int], scale: Int = 2) -> GrayImage? {
        let patterns = PDF417CodewordTable.patterns
        guard codewords.count == rows * columns, codewords.allSatisfy({ (0..<929).contains($0) }), scale >= 1,
            patterns.count == 3
        else { return nil }
        let modules = 17 * (columns + 3) + 18 + 4
        let rowHeight = 3 * scale
        let width = modules * scale, height = rows * rowHeight + 4 * scale
        var pixels = [UInt8](repeating: 255, count: width * height)
        func put(_ pattern: Int, bits: Int, at module: inout Int, row: Int) {
            for b in 0..<bits where (pattern >> (bits - 1 - b)) & 1 == 1 {
                let x0 = (module + b) * scale
                for y in (2 * scale + row * rowHeight)..<(2 * scale + (row + 1) * rowHeight) {
                    for x in x0..<(x0 + scale) { pixels[y * width + x] = 0 }
                }
            }
            module += bits
        }
        for row in 0..<rows {
            let cluster = row % 3
            let (left, right) = Self.rowIndicators(
                row: row, rows: rows, columns: columns, errorCorrectionLevel: errorCorrectionLevel)
            var module = 2
            put(PDF417CodewordTable.startPattern, bits: 17, at: &module, row: row)
            put(patterns[cluster][left], bits: 17, at: &module, row: row)
            for column in 0..<columns {
                put(patterns[cluster][codewords[row * columns + column]], bits: 17, at: &module, row: row)
            }
            put(patterns[cluster][right], bits: 17, at: &module, row: row)
            put(PDF417CodewordTable.stopPattern, bits: 18, at: &module, row: row)
        }
        return try? GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The left and right row-indicator values of `row` (ISO/IEC 15438, 4.4.4.3).
    package static func rowIndicators(row: Int, rows: Int, columns: Int, errorCorrectionLevel: Int) -> (Int, Int) {
        let base = 30 * (row / 3)
        let rowsPart = (rows - 1) / 3, levelPart = errorCorrectionLevel * 3 + (rows - 1) % 3, columnsPart = columns - 1
        switch row % 3 {
        case 0: return (base + rowsPart, base + columnsPart)
        case 1: return (base + levelPart, base + rowsPart)
        default: return (base + columnsPart, base + levelPart)
        }
    }
}
