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
        let minimumInk = max(2, min(Int(Double(rect.width) * minimumRowInkShare), Int((0.25 * s).rounded())))
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
        return runs.compactMap { run -> Line? in
            guard run.end - run.start >= minimumHeight else { return nil }
            var x0 = rect.x + rect.width, x1 = rect.x
            for dy in run.start..<run.end {
                let row = (rect.y + dy) * image.width
                for x in rect.x..<(rect.x + rect.width) where image.pixels[row + x] < threshold {
                    x0 = min(x0, x)
                    x1 = max(x1, x)
                }
            }
            guard x1 > x0 else { return nil }
            return Line(rect: PixelRect(x: x0, y: rect.y + run.start, width: x1 - x0 + 1, height: run.end - run.start))
        }
    }
}
