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
    ///
    /// `cutOut` is the image zxing-cpp decoded the symbol from when that image is a cut-out of
    /// one symbol, upright by the reader's own geometry (a fitted outline, a found region), with
    /// the scanline spacing that suits its vertical scale and the symbol's orientation in it when
    /// zxing-cpp's corners tell it (``PDF417Reader/isUpright(_:width:)``; nil: both are read): the
    /// indicators are read there first, with no resampling, then (when that reading is not
    /// trusted) at zxing-cpp's corners alone.
    /// Without a cut-out (the rectified card, the whole frame) they are read at zxing-cpp's
    /// corners, then on the parallelograms of their sides (``indicators(near:in:parallelograms:)``):
    /// zxing-cpp 1.4 often reports corners off the symbol (a side inside the rows, or the first
    /// side across them). On the tuning family's licence backs (`capkit eval-barcode --family
    /// tuning --count 40 --video-count 20`, 160 checks of a cut-out) the cut-out's own reading was
    /// trusted 68 times; of the 92 others, the corners gave trusted indicators 12 times, at least
    /// 10 of them on the corners' own shape, and none contradicted the symbol.
    package static func contradiction(
        of symbol: PDF417Symbol, in frame: GrayImage, cutOut: (image: GrayImage, rowStep: Int, upright: Bool?)? = nil
    ) -> String? {
        verdict(of: symbol, in: frame, cutOut: cutOut).contradiction
    }

    /// Where the indicators a check judged by came from.
    enum IndicatorSource: String {
        /// The look's own cut-out.
        case cutOut = "cut-out"
        /// The symbol cut out again at zxing-cpp's corners (or its parallelograms).
        case corners
        /// Nowhere: no trusted indicators, so nothing contradicts the symbol.
        case none
    }

    /// ``contradiction(of:in:cutOut:)``, with where its indicators came from (for the reader's
    /// profile, `capkit eval-barcode --timings`).
    static func verdict(
        of symbol: PDF417Symbol, in frame: GrayImage, cutOut: (image: GrayImage, rowStep: Int, upright: Bool?)? = nil
    ) -> (contradiction: String?, source: IndicatorSource) {
        let found: (grid: PDF417CodewordGrid, source: IndicatorSource)?
        if let cutOut,
            let grid = trusted(PDF417RowScanner(rowStep: cutOut.rowStep).scan(cutOut.image, upright: cutOut.upright))
        {
            found = (grid, .cutOut)
        } else {
            found = indicators(near: symbol.corners, in: frame, parallelograms: cutOut == nil).map { ($0, .corners) }
        }
        guard let (grid, source) = found else { return (nil, .none) }
        let why = contradiction(
            bytes: symbol.bytes.count, level: symbol.errorCorrectionLevel, rows: grid.rows, columns: grid.columns,
            indicatedLevel: grid.errorCorrectionLevel)
        return (why, source)
    }

    /// `grid` when it read at least half the symbol's positions, else nil: indicators voted from
    /// a reading of less than half the symbol's positions are not trusted (a blurred symbol read
    /// along a wrong side can outvote its true level).
    static func trusted(_ grid: PDF417CodewordGrid?) -> PDF417CodewordGrid? {
        guard let grid, 2 * grid.filled >= grid.rows * grid.columns else { return nil }
        return grid
    }

    /// The codewords (rows, columns and level from the row indicators) of the symbol whose corners
    /// zxing-cpp gave as `quad`, nil when they cannot be read or fill less than half the symbol
    /// (``trusted(_:)``). A misread symbol's corners can be off (one corner a quarter of the height
    /// away), and a cut-out along a wrong side crosses rows: the parallelograms on the upper side
    /// and either lateral side are tried after the quadrilateral, unless `parallelograms` is false.
    ///
    /// Each shape is cut out as the reader's looks cut a symbol, enlarged half as much across the
    /// rows (``PDF417Reader/rowScale``) and read on every pixel row, and upright only: its first side
    /// runs from zxing-cpp's upper-left corner to its upper-right one, so the symbol cannot lie
    /// turned by 180° in it.
    static func indicators(
        near quad: Quadrilateral2D, in frame: GrayImage, parallelograms: Bool = true
    ) -> PDF417CodewordGrid? {
        let c = quad.corners
        let shapes =
            parallelograms
            ? [
                quad,
                Quadrilateral2D(corners: [c[0], c[1], c[1] + (c[3] - c[0]), c[3]]),
                Quadrilateral2D(corners: [c[0], c[1], c[2], c[0] + (c[2] - c[1])]),
            ] : [quad]
        for shape in shapes where shape.isConvex {
            // Grown by the quiet zone, as the looks at a located symbol are (``PDF417Reader``).
            let centre = shape.centroid
            guard
                let cut = PDF417Reader.upright(
                    frame, quad: shape.mapped { centre + ($0 - centre) * 1.16 }, rowScale: PDF417Reader.rowScale)
            else {
                continue
            }
            if let grid = trusted(PDF417RowScanner(rowStep: 1).scan(cut.image, upright: true)) { return grid }
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
