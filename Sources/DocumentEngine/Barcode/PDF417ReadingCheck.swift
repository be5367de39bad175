package import CaptureCore

/// A check of a symbol zxing-cpp decoded against the symbol's own row indicators, as
/// ``PDF417RowScanner`` reads them.
///
/// zxing-cpp 1.4 (the version Debian bookworm ships) lets a misread row indicator put a negative
/// codeword count into its error correction, which then indexes its tables outside their bounds
/// (zxing-cpp issue 517, fixed upstream in 2.0). Where the read lands in mapped memory the call goes
/// on with whatever it found there, and can come back "decoded" with bytes the symbol does not hold:
/// a test symbol of 14 rows, 6 columns and error-correction level 3 once came back as level 7 holding
/// 178 bytes of "A". Where the read faults, the shim's fault guard abandons the call
/// (``PDF417Decoder/Outcome/faulted(reason:)``).
///
/// The row indicators give the symbol's rows, columns and level; a decoded symbol is contradicted
/// when zxing-cpp reports another level, or more bytes than those rows and columns can hold. When
/// the indicators cannot be read, nothing is contradicted.
package enum PDF417ReadingCheck {
    /// Why `symbol` (corners in `frame` pixels, first side along its rows) cannot be the symbol
    /// seen there, or nil when nothing contradicts it.
    package static func contradiction(of symbol: PDF417Symbol, in frame: GrayImage) -> String? {
        guard let grid = indicators(near: symbol.corners, in: frame) else { return nil }
        return contradiction(
            bytes: symbol.bytes.count, level: symbol.errorCorrectionLevel, rows: grid.rows, columns: grid.columns,
            indicatedLevel: grid.errorCorrectionLevel)
    }

    /// The codewords (rows, columns and level from the row indicators) of the symbol whose corners
    /// zxing-cpp gave as `quad`, nil when they cannot be read or fill less than half the symbol. A misread symbol's corners can be off
    /// (one corner a quarter of the height away), and a cut-out along a wrong side crosses rows: the
    /// parallelograms on the upper side and either lateral side are tried after the quadrilateral.
    static func indicators(near quad: Quadrilateral2D, in frame: GrayImage) -> PDF417CodewordGrid? {
        let c = quad.corners
        let shapes = [
            quad,
            Quadrilateral2D(corners: [c[0], c[1], c[1] + (c[3] - c[0]), c[3]]),
            Quadrilateral2D(corners: [c[0], c[1], c[2], c[0] + (c[2] - c[1])]),
        ]
        for shape in shapes where shape.isConvex {
            // Grown by the quiet zone, as the looks at a located symbol are (``PDF417Reader``).
            let centre = shape.centroid
            guard let cut = PDF417Reader.upright(frame, quad: shape.mapped { centre + ($0 - centre) * 1.16 }) else {
                continue
            }
            // Indicators voted from a reading of less than half the symbol's positions are not
            // trusted: a blurred symbol read along a wrong side can outvote its true level.
            if let grid = PDF417RowScanner().scan(cut.image), 2 * grid.filled >= grid.rows * grid.columns {
                return grid
            }
        }
        return nil
    }

    /// Why a decoded symbol of `bytes` content bytes at error-correction `level` (nil: not
    /// reported) cannot be a symbol whose row indicators give `rows`, `columns` and
    /// `indicatedLevel`, or nil when it can.
    package static func contradiction(bytes: Int, level: Int?, rows: Int, columns: Int, indicatedLevel: Int) -> String?
    {
        if let level, level != indicatedLevel {
            return "decoded at error-correction level \(level) where the row indicators give \(indicatedLevel)"
        }
        let capacity = maximumBytes(
            dataCodewords: rows * columns - PDF417CodewordGrid.errorCorrectionCount(indicatedLevel) - 1)
        if bytes > capacity {
            return "decoded \(bytes) bytes where \(rows) rows of \(columns) columns hold at most \(capacity)"
        }
        return nil
    }

    /// The most content bytes `dataCodewords` codewords (the symbol length descriptor excluded) can
    /// hold: numeric compaction packs the most, 44 digits in 15 codewords.
    package static func maximumBytes(dataCodewords: Int) -> Int {
        max(0, (dataCodewords * 44 + 14) / 15)
    }
}
