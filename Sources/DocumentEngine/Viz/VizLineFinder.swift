package import CaptureCore

/// Finds the text lines inside one field cell of a rectified document: rows whose share of ink
/// pixels stands out form a line, and the line's left and right ends are its outermost ink columns.
///
/// Ink is what is darker than halfway between the cell's ground (its 60th percentile) and its
/// darkest print (0.4th percentile: a short value covers under 1 % of a wide cell); a cell whose two levels are closer than
/// ``minimumContrast`` holds no print. A row belongs to a line when its ink pixels reach
/// ``minimumRowInkShare`` of the cell's width or three strokes (0.25 mm), whichever is less; the
/// thin lines of security patterns make runs of rows too short to pass ``minimumHeightMillimetres``.
package struct VizLineFinder: Sendable {
    /// A line found, in pixels of the image searched.
    package struct Line: Sendable, Equatable {
        package var rect: PixelRect
    }

    /// Smallest difference between ground and print, in grey levels.
    package var minimumContrast = 40
    /// Smallest line height, in millimetres (captions are about 1.1 mm tall, values 1.9 mm).
    package var minimumHeightMillimetres = 0.6
    /// Share of a row's pixels that must be ink for the row to belong to a line.
    package var minimumRowInkShare = 0.012

    package init() {}

    /// The lines in `cell` of `image`, top to bottom.
    package func lines(in image: GrayImage, cell: PixelRect, pixelsPerMillimetre s: Double) -> [Line] {
        let rect = cell.clipped(width: image.width, height: image.height)
        guard rect.width > 4, rect.height > 4 else { return [] }
        let histogram = GrayLevelHistogram(image, rect: rect)
        let ground = histogram.percentile(0.6), ink = histogram.percentile(0.004)
        guard ground - ink >= minimumContrast else { return [] }
        let threshold = UInt8((ground + ink) / 2)

        var rowInk = [Int](repeating: 0, count: rect.height)
        for dy in 0..<rect.height {
            let row = (rect.y + dy) * image.width
            var count = 0
            for x in rect.x..<(rect.x + rect.width) where image.pixels[row + x] < threshold { count += 1 }
            rowInk[dy] = count
        }
        // A short value ("LEE") crosses few ink pixels per row: the share is capped at three strokes.
        // Where a security pattern puts ink in every row of the cell (the gaps between caption and
        // value included), a row must also hold markedly more than the cell's emptiest rows, or the
        // caption, the value and the lines around them run together into one tall "line".
        let floor = Self.patternFloor(rowInk)
        let minimumInk = max(
            2, min(Int(Double(rect.width) * minimumRowInkShare), Int((0.25 * s).rounded())),
            Int((patternFloorFactor * Double(floor)).rounded()) + 1)
        let joinGap = max(1, Int((0.15 * s).rounded()))
        var runs: [(start: Int, end: Int)] = []
        var start: Int?
        for dy in 0...rect.height {
            let isInk = dy < rect.height && rowInk[dy] >= minimumInk
            if isInk, start == nil { start = dy }
            if !isInk, let s0 = start {
                if let last = runs.last, s0 - last.end <= joinGap {
                    runs[runs.count - 1].end = dy
                } else {
                    runs.append((s0, dy))
                }
                start = nil
            }
        }
        let minimumHeight = Int((minimumHeightMillimetres * s).rounded())
        let reach = Int((horizontalReachMillimetres * s).rounded())
        let verticalReach = Int((verticalReachMillimetres * s).rounded())
        return runs.compactMap { run -> Line? in
            guard run.end - run.start >= minimumHeight else { return nil }
            var top = rect.y + run.start, bottom = rect.y + run.end
            // A line cut by the cell's top or bottom edge (print set a little off the design) is
            // followed beyond it while its rows still hold ink, within the vertical reach.
            let minimumEdgeInk = max(2, minimumInk / 2)
            if run.start == 0 {
                var y = top - 1
                while y >= max(0, rect.y - verticalReach),
                    inkCount(image, row: y, from: rect.x, to: rect.x + rect.width, below: threshold) >= minimumEdgeInk
                {
                    top = y
                    y -= 1
                }
            }
            if run.end == rect.height {
                var y = bottom
                while y < min(image.height, rect.y + rect.height + verticalReach),
                    inkCount(image, row: y, from: rect.x, to: rect.x + rect.width, below: threshold) >= minimumEdgeInk
                {
                    bottom = y + 1
                    y += 1
                }
            }
            guard
                let span = horizontalSpan(
                    image, rows: top..<bottom, cell: rect, reach: reach, threshold: threshold)
            else { return nil }
            return Line(rect: PixelRect(x: span.lowerBound, y: top, width: span.count, height: bottom - top))
        }
    }

    /// A row belongs to a line only when its ink exceeds this multiple of the cell's pattern floor
    /// (``patternFloor(_:)``).
    package var patternFloorFactor = 2.0
    /// Share of the cell's rows taken as free of print when the pattern floor is measured.
    static let patternFloorShare = 0.15

    /// The ink a cell's rows hold without print: the ``patternFloorShare`` quantile of its rows'
    /// ink counts (zero on a plain ground; a security pattern's strokes where one crosses the cell).
    static func patternFloor(_ rowInk: [Int]) -> Int {
        guard !rowInk.isEmpty else { return 0 }
        let sorted = rowInk.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * patternFloorShare))]
    }

    /// How far beyond the cell's left and right edges a line's print is followed, in millimetres:
    /// a value printed up to a little more than a millimetre off the design's cell is read whole.
    package var horizontalReachMillimetres = 1.5
    /// Share of the inkiest phrase's ink per column below which another phrase of the line is a
    /// security pattern's thin strokes, not print.
    package var patternPhraseDensityShare = 0.25
    /// How far beyond the cell's top and bottom a line cut by them is followed, in millimetres.
    package var verticalReachMillimetres = 0.8
    /// A gap between runs of ink columns wider than this share of the line's height separates two
    /// phrases (word spaces are about 0.4 of it): a neighbouring field's print is a phrase of its own.
    package var phraseGapShare = 0.7

    /// The columns of the line in `rows`: the runs of ink columns over the cell widened by `reach`,
    /// joined into phrases across gaps under ``phraseGapShare`` of the line's height; the phrases
    /// whose middle lies in the cell are the line's (a neighbour's print reaching into the widened
    /// band, or into the cell's edge, is left out). When no phrase is centred in the cell, the
    /// phrases' ink within the cell. Nil when there is none.
    func horizontalSpan(
        _ image: GrayImage, rows: Range<Int>, cell: PixelRect, reach: Int, threshold: UInt8
    ) -> Range<Int>? {
        let x0 = max(0, cell.x - reach), x1 = min(image.width, cell.x + cell.width + reach)
        guard x1 > x0, !rows.isEmpty else { return nil }
        // Each phrase with its ink pixels and ink columns (how much of the line's height its strokes fill).
        var phrases: [(range: Range<Int>, ink: Int, columns: Int)] = []
        let joinGap = max(2, Int(Double(rows.count) * phraseGapShare))
        var runStart: Int?
        var runInk = 0, runColumns = 0
        for x in x0...x1 {
            // A column is ink where two of its pixels are: a lone dark pixel is noise.
            var count = 0
            if x < x1 {
                for y in rows where image.pixels[y * image.width + x] < threshold { count += 1 }
            }
            let ink = count >= 2
            if ink {
                if runStart == nil { runStart = x }
                runInk += count
                runColumns += 1
            }
            if !ink, let start = runStart {
                if let last = phrases.last, start - last.range.upperBound <= joinGap {
                    phrases[phrases.count - 1] = (
                        last.range.lowerBound..<x, last.ink + runInk, last.columns + runColumns
                    )
                } else {
                    phrases.append((start..<x, runInk, runColumns))
                }
                runStart = nil
                runInk = 0
                runColumns = 0
            }
        }
        var inside = phrases.filter {
            let middle = ($0.range.lowerBound + $0.range.upperBound) / 2
            return middle >= cell.x && middle < cell.x + cell.width
        }
        // A security pattern beside the value makes phrases of thin strokes: a column of it holds a
        // few ink pixels where a glyph's columns fill much of the line. Phrases whose columns hold
        // less than ``patternPhraseDensityShare`` of the inkiest phrase's are left out.
        if inside.count > 1, let main = inside.max(by: { $0.ink < $1.ink }) {
            let density = { (phrase: (range: Range<Int>, ink: Int, columns: Int)) -> Double in
                Double(phrase.ink) / Double(max(1, phrase.columns))
            }
            let reference = density(main)
            inside = inside.filter { density($0) >= patternPhraseDensityShare * reference }
        }
        if let first = inside.first, let last = inside.last { return first.range.lowerBound..<last.range.upperBound }
        // No phrase centred in the cell (a caption run into its neighbour's): the ink inside the cell.
        let overlapping = phrases.map(\.range).filter { $0.upperBound > cell.x && $0.lowerBound < cell.x + cell.width }
        guard let first = overlapping.first, let last = overlapping.last else { return nil }
        return max(first.lowerBound, cell.x)..<min(last.upperBound, cell.x + cell.width)
    }

    private func inkCount(_ image: GrayImage, row y: Int, from x0: Int, to x1: Int, below threshold: UInt8) -> Int {
        var count = 0
        let row = y * image.width
        for x in max(0, x0)..<min(image.width, x1) where image.pixels[row + x] < threshold { count += 1 }
        return count
    }
}
