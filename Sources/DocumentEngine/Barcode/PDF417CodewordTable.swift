import CaptureCore

/// The PDF417 codeword patterns: for each of the three clusters (rows 0, 1, 2 modulo 3), the
/// 17-module bar/space pattern of each codeword value 0...928, most significant bit first, 1 for a
/// bar module.
///
/// **Provenance:** the table is derived in this process, once, by our own means, not copied from
/// any source: symbols are drawn by zxing-cpp's writer (``PDF417Encoder``, Debian's
/// libzxing) from bytes whose codewords are computed here (``blockCodewords(_:rows:columns:level:)``:
/// the symbol length descriptor, byte compaction latch 924 and base-900 groups of six bytes, pad
/// codewords 900, and Reed–Solomon error correction from our own GF(929) generator,
/// ``PDF417ErrorCorrection``); every 17-module slot of the writer's module matrix (codewords and
/// row indicators, whose values ISO/IEC 15438 4.4.4.3 defines) is paired with the value that
/// belongs there. The derivation fails (``derivationError``) unless each (cluster, value) received
/// one pattern, each pattern one (cluster, value), and all 3 × 929 were seen.
enum PDF417CodewordTable {
    /// Why the derivation failed.
    enum DerivationError: Error, Equatable {
        /// The writer's matrix does not have the shape of a PDF417 symbol.
        case unexpectedMatrix(width: Int, height: Int)
        /// A (cluster, value) was drawn with two patterns, or a pattern stands for two of them.
        case inconsistent(cluster: Int, value: Int)
        /// Some (cluster, value) pairs were never drawn within the symbol budget.
        case incomplete(missing: Int)
        /// The writer refused the content.
        case writerFailed(String)
    }

    /// The derived table: `patterns[cluster][value]`, and the symbols drawn to fill it.
    struct Derivation: Sendable {
        var patterns: [[Int]]
        var symbols: Int
    }

    /// The start pattern (8 1 1 1 1 1 1 3: 17 modules) and stop pattern (7 1 1 3 1 1 1 2 1: 18).
    static let startPattern = bits(widths: [8, 1, 1, 1, 1, 1, 1, 3])
    static let stopPattern = bits(widths: [7, 1, 1, 3, 1, 1, 1, 2, 1])

    /// The bits of alternating bar/space widths, bar first.
    static func bits(widths: [Int]) -> Int {
        var value = 0
        for (k, width) in widths.enumerated() {
            for _ in 0..<width { value = (value << 1) | (k % 2 == 0 ? 1 : 0) }
        }
        return value
    }

    /// Symbols drawn at most before the derivation gives up.
    static let maximumSymbols = 120

    /// The derivation, made once per process on first use.
    static let derivation: Result<Derivation, DerivationError> = Result { () throws(DerivationError) in
        try derive(maximumSymbols: maximumSymbols)
    }

    /// `patterns[cluster][value]` (empty when the derivation failed).
    static var patterns: [[Int]] { (try? derivation.get())?.patterns ?? [] }

    /// Why the derivation failed, nil when it succeeded.
    static var derivationError: DerivationError? {
        if case let .failure(error) = derivation { return error }
        return nil
    }

    /// Pattern to (cluster 0...2, value), for reading (empty when the derivation failed).
    static let values: [Int: (cluster: Int, value: Int)] = {
        var table: [Int: (cluster: Int, value: Int)] = [:]
        for (cluster, row) in patterns.enumerated() {
            for (value, pattern) in row.enumerated() { table[pattern] = (cluster, value) }
        }
        return table
    }()

    /// Draws symbols of pseudo-random bytes (all 128...255, so that the writer uses byte
    /// compaction throughout) at error-correction level 8 until every (cluster, value) has been
    /// seen, at most `maximumSymbols`.
    static func derive(maximumSymbols: Int) throws(DerivationError) -> Derivation {
        let level = 8
        var table = [[Int]](repeating: [Int](repeating: -1, count: 929), count: 3)
        var owner: [Int: Int] = [:]  // pattern -> cluster * 1000 + value
        var missing = 3 * 929
        var state: UInt64 = 0x5044_4634_3137  // "PDF417"
        func record(_ cluster: Int, _ value: Int, _ pattern: Int) throws(DerivationError) {
            let key = cluster * 1000 + value
            if let known = owner[pattern], known != key { throw .inconsistent(cluster: cluster, value: value) }
            let current = table[cluster][value]
            if current >= 0 {
                guard current == pattern else { throw .inconsistent(cluster: cluster, value: value) }
                return
            }
            table[cluster][value] = pattern
            owner[pattern] = key
            missing -= 1
        }
        var symbols = 0
        while missing > 0, symbols < maximumSymbols {
            symbols += 1
            let bytes: [UInt8] = (0..<360).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(128 + (state >> 57))
            }
            let matrix: ModuleMatrix
            do {
                matrix = ModuleMatrix(try PDF417Encoder(margin: 0, errorCorrectionLevel: level).encode(bytes: bytes))
            } catch {
                throw .writerFailed("\(error)")
            }
            let columns = (matrix.width - 69) / 17
            guard columns >= 1, 17 * columns + 69 == matrix.width, let rowHeight = matrix.rowHeight,
                matrix.height % rowHeight == 0
            else { throw .unexpectedMatrix(width: matrix.width, height: matrix.height) }
            let rows = matrix.height / rowHeight
            guard (3...90).contains(rows), rows * columns <= 928 else {
                throw .unexpectedMatrix(width: matrix.width, height: matrix.height)
            }
            let block = blockCodewords(bytes, rows: rows, columns: columns, level: level)
            guard let block else { throw .unexpectedMatrix(width: matrix.width, height: matrix.height) }
            for row in 0..<rows {
                let y = row * rowHeight
                let cluster = row % 3
                guard matrix.pattern(x: 0, y: y, modules: 17) == startPattern,
                    matrix.pattern(x: 17 * (columns + 3), y: y, modules: 18) == stopPattern
                else { throw .unexpectedMatrix(width: matrix.width, height: matrix.height) }
                let (left, right) = PDF417CodewordGrid.rowIndicators(
                    row: row, rows: rows, columns: columns, errorCorrectionLevel: level)
                try record(cluster, left, matrix.pattern(x: 17, y: y, modules: 17))
                try record(cluster, right, matrix.pattern(x: 17 * (columns + 2), y: y, modules: 17))
                for column in 0..<columns {
                    try record(
                        cluster, block[row * columns + column], matrix.pattern(x: 17 * (column + 2), y: y, modules: 17))
                }
            }
        }
        guard missing == 0 else { throw .incomplete(missing: missing) }
        return Derivation(patterns: table, symbols: symbols)
    }

    /// The full block (data then error correction, `rows × columns` codewords) of `bytes` in byte
    /// compaction: the symbol length descriptor, 924 (whole six-byte groups) or 901, five base-900
    /// codewords per six bytes and one per byte left over, pad codewords 900, then the `2^(level+1)`
    /// error-correction codewords. Nil when the bytes do not fit.
    static func blockCodewords(_ bytes: [UInt8], rows: Int, columns: Int, level: Int) -> [Int]? {
        var body = [bytes.count % 6 == 0 ? 924 : 901]
        var i = 0
        while i + 6 <= bytes.count {
            var value = 0
            for b in bytes[i..<(i + 6)] { value = value * 256 + Int(b) }
            var digits: [Int] = []
            for _ in 0..<5 {
                digits.append(value % 900)
                value /= 900
            }
            body += digits.reversed()
            i += 6
        }
        body += bytes[i...].map { Int($0) }
        let k = 1 << (level + 1)
        let total = rows * columns - k
        guard body.count + 1 <= total else { return nil }
        let data = [total] + body + Array(repeating: 900, count: total - 1 - body.count)
        return data + PDF417ErrorCorrection.errorCorrectionCodewords(for: data, count: k)
    }
}

/// The writer's module matrix (one pixel per module across, each row drawn several pixels high).
private struct ModuleMatrix {
    let image: GrayImage
    var width: Int { image.width }
    var height: Int { image.height }

    init(_ image: GrayImage) { self.image = image }

    /// Pixel rows per symbol row: the length of the first run of identical pixel rows (two
    /// neighbouring symbol rows always differ, their row indicators being of other clusters).
    var rowHeight: Int? {
        guard width > 0, height > 0 else { return nil }
        let first = image.pixels[0..<width]
        var run = 1
        while run < height, image.pixels[(run * width)..<((run + 1) * width)].elementsEqual(first) { run += 1 }
        return run < height ? run : nil
    }

    /// The `modules` modules from (x, y) as bits, most significant first, 1 for a dark module.
    func pattern(x: Int, y: Int, modules: Int) -> Int {
        var bits = 0
        for k in 0..<modules { bits = (bits << 1) | (image[x + k, y] < 128 ? 1 : 0) }
        return bits
    }
}
