package import CaptureCore

/// Where a reduced copy of a frame shows thin ink: the pixels of components 2–4 pixels thick,
/// summed per square cell. An MRZ printed too small for that copy (a pitch of 5–7 frame pixels at a
/// reduction of 2) shows there as a streak of such cells; the print of a document that fills the
/// frame does not (its strokes are thicker, and its specks of thin ink stand alone). The windows
/// around the strongest streaks are where a search on the frame's own pixels looks for tiny print,
/// so that a frame without any does not pay for a search of its whole area.
///
/// The constants were decided on the tuning family at 1920x1080 (`capkit eval --family tuning
/// --tiers stress --verbose` and `capkit bench --kinds td1Front`): the streaks of tiny MRZs gathered
/// 66–597 thin-ink pixels, the specks of card fronts 26–111, mostly in one cell.
package struct MRZThinInkMap: Sendable, Equatable {
    /// Side of a cell, in pixels of the reduced copy.
    package static let cellSize = 16
    /// Thickness range, in pixels of the reduced copy, of the components that count.
    package static let thickness = 2...4
    /// Smallest score (thin-ink pixels) of the cell a window is grown from.
    package static let minimumSeedScore = 20
    /// Share of its seed's score a cell needs to join the seed's streak.
    package static let joiningShare = 0.4
    /// Smallest score of a streak (its cells' scores summed) that makes a window.
    package static let minimumStreakScore = 100
    /// Most cells a streak spans either way from its seed (a TD3 line at a pitch of 7 frame pixels
    /// spans 10 cells of 32 frame pixels).
    package static let maximumSpan = 12
    /// Cells of margin around a streak's cells: a streak is often only part of its zone.
    package static let margin = 4
    /// Most windows per frame.
    package static let maximumWindows = 2

    /// The reduction factor of the copy and the region of the frame it is a copy of.
    package var factor: Int
    package var region: PixelRect
    /// Cells per row and per column of the copy, and each cell's score, row by row.
    package var columns: Int
    package var rows: Int
    package var scores: [Int]

    /// The map of `components`, labelled on a copy of `region` reduced `factor` times, of size
    /// `width` by `height`.
    package init(
        components: [ConnectedComponent], width: Int, height: Int, factor: Int, region: PixelRect
    ) {
        self.factor = max(1, factor)
        self.region = region
        columns = max(1, (width + Self.cellSize - 1) / Self.cellSize)
        rows = max(1, (height + Self.cellSize - 1) / Self.cellSize)
        scores = [Int](repeating: 0, count: columns * rows)
        for c in components {
            let thin = min(c.width, c.height), long = max(c.width, c.height)
            // Thin, not a long line, and not a sparse curve.
            guard Self.thickness.contains(thin), long <= 40 * thin, 4 * c.area >= c.width * c.height else { continue }
            let x = min(columns - 1, max(0, (c.minX + c.maxX) / 2 / Self.cellSize))
            let y = min(rows - 1, max(0, (c.minY + c.maxY) / 2 / Self.cellSize))
            scores[y * columns + x] += c.area
        }
    }

    /// Windows of the frame, in frame pixels, strongest seed first: each grown from a cell of at
    /// least ``minimumSeedScore`` that no earlier streak holds, over its 8-connected neighbours
    /// holding ``joiningShare`` of its score (at most ``maximumSpan`` cells either way); a streak
    /// of at least ``minimumStreakScore`` makes a window with ``margin`` cells around it.
    package func windows() -> [PixelRect] {
        var windows: [PixelRect] = []
        var taken = [Bool](repeating: false, count: scores.count)
        let seeds = scores.indices.filter { scores[$0] >= Self.minimumSeedScore }.sorted {
            (scores[$0], $1) > (scores[$1], $0)
        }
        for seed in seeds where !taken[seed] {
            if windows.count >= Self.maximumWindows { break }
            let sx = seed % columns, sy = seed / columns
            let threshold = max(1, Int((Double(scores[seed]) * Self.joiningShare).rounded(.up)))
            var x0 = sx, x1 = sx, y0 = sy, y1 = sy, total = 0
            var stack = [seed]
            taken[seed] = true
            while let i = stack.popLast() {
                let x = i % columns, y = i / columns
                (x0, x1, y0, y1) = (min(x0, x), max(x1, x), min(y0, y), max(y1, y))
                total += scores[i]
                for ny in max(0, y - 1)...min(rows - 1, y + 1) where abs(ny - sy) <= Self.maximumSpan {
                    for nx in max(0, x - 1)...min(columns - 1, x + 1) where abs(nx - sx) <= Self.maximumSpan {
                        let j = ny * columns + nx
                        if !taken[j], scores[j] >= threshold {
                            taken[j] = true
                            stack.append(j)
                        }
                    }
                }
            }
            guard total >= Self.minimumStreakScore else { continue }
            let cx0 = max(0, x0 - Self.margin), cy0 = max(0, y0 - Self.margin)
            let cx1 = min(columns, x1 + 1 + Self.margin), cy1 = min(rows, y1 + 1 + Self.margin)
            // Seeds inside a window do not make another.
            for y in cy0..<cy1 { for x in cx0..<cx1 { taken[y * columns + x] = true } }
            let step = Self.cellSize * factor
            let window = PixelRect(
                x: region.x + cx0 * step, y: region.y + cy0 * step, width: (cx1 - cx0) * step,
                height: (cy1 - cy0) * step)
            windows.append(window.clipped(width: region.x + region.width, height: region.y + region.height))
        }
        return windows
    }
}
