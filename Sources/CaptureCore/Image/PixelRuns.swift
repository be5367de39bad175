/// The set pixels of a binary mask as horizontal runs, row after row (run-length encoding): what
/// ``ConnectedComponents`` labels, without a `width * height` mask in between.
package struct PixelRuns: Sendable, Equatable {
    /// Dimensions of the mask.
    package let width: Int
    package let height: Int
    /// The runs of row `y` are at indices `rowStarts[y] ..< rowStarts[y + 1]` (one entry per
    /// finished row plus a leading 0).
    package private(set) var rowStarts: [Int32]
    /// First column and one past the last column of each run, left to right within a row.
    package private(set) var starts: [Int32]
    package private(set) var ends: [Int32]

    /// No runs and no finished rows yet; rows are added with ``append(start:end:)`` and
    /// ``finishRow()``.
    package init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && width <= Int(Int32.max), "mask dimensions out of range")
        self.width = width
        self.height = height
        rowStarts = [0]
        rowStarts.reserveCapacity(height + 1)
        starts = []
        ends = []
    }

    /// The runs of `mask` (`width * height`, row-major, `true` = set).
    package init(mask: [Bool], width: Int, height: Int) {
        precondition(mask.count == width * height)
        self.init(width: width, height: height)
        mask.withUnsafeBufferPointer { m in
            for y in 0..<height {
                let row = y * width
                var x = 0
                while x < width {
                    guard m[row + x] else {
                        x += 1
                        continue
                    }
                    let start = x
                    repeat { x += 1 } while x < width && m[row + x]
                    append(start: start, end: x)
                }
                finishRow()
            }
        }
    }

    /// Number of runs.
    package var count: Int { starts.count }

    /// Number of finished rows.
    package var finishedRows: Int { rowStarts.count - 1 }

    /// Adds the run of columns `start ..< end` to the current row (runs must come left to right and
    /// not touch: `start` is beyond the previous run's end).
    package mutating func append(start: Int, end: Int) {
        starts.append(Int32(truncatingIfNeeded: start))
        ends.append(Int32(truncatingIfNeeded: end))
    }

    /// Ends the current row.
    package mutating func finishRow() {
        precondition(rowStarts.count <= height, "more rows than the mask has")
        rowStarts.append(Int32(truncatingIfNeeded: starts.count))
    }

    /// The mask the runs describe (rows not finished are empty).
    package func mask() -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for y in 0..<finishedRows {
            for i in Int(rowStarts[y])..<Int(rowStarts[y + 1]) {
                for x in Int(starts[i])..<Int(ends[i]) { mask[y * width + x] = true }
            }
        }
        return mask
    }
}
