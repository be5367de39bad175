package import CaptureCore

/// One line of fixed-pitch MRZ text found in a rectified band: where each character cell is.
///
/// Cells are equally spaced on the document, so in an image they follow a perspective map of a
/// line: cell `k`'s centre is at `x(k) = (x0 + b·k) / (1 + c·k)` (`c` absorbs what rectification
/// left of perspective foreshortening; `c = 0` is plain equal spacing), and `y(x) = yIntercept +
/// slope·x`.
package struct MRZTextLine: Sendable, Equatable {
    /// Centre x of cell 0.
    package var x0: Double
    /// Numerator slope `b` and perspective term `c` of the cell positions.
    package var b: Double
    package var c: Double
    /// Centre y of the line at x = 0, and its slope.
    package var yIntercept: Double
    package var slope: Double
    /// Height of a capital letter at the line's mean pitch, measured from the line's characters.
    package var capHeight: Double
    /// Number of character cells (30, 36 or 44 on a valid MRZ line).
    package var cellCount: Int
    /// How many cells held a separate character component (the rest were inferred from merged
    /// runs or spacing); a measure of how well the line was seen.
    package var separateCharacters: Int

    /// Equally spaced cells `pitch` apart from `x0`.
    package init(
        x0: Double, pitch: Double, yIntercept: Double, slope: Double, capHeight: Double, cellCount: Int,
        separateCharacters: Int, perspective: Double = 0
    ) {
        self.x0 = x0
        self.b = pitch + perspective * x0
        self.c = perspective
        self.yIntercept = yIntercept
        self.slope = slope
        self.capHeight = capHeight
        self.cellCount = cellCount
        self.separateCharacters = separateCharacters
    }

    /// The centre x of cell `k` (any real k).
    package func cellX(_ k: Double) -> Double { (x0 + b * k) / (1 + c * k) }

    /// The centre of cell `k`.
    package func cellCentre(_ k: Int) -> Point2D {
        let x = cellX(Double(k))
        return Point2D(x: x, y: yIntercept + slope * x)
    }

    /// The distance between cell centres around cell `k`.
    package func localPitch(_ k: Int) -> Double {
        let d = 1 + c * Double(k)
        return (b - c * x0) / (d * d)
    }

    /// The mean distance between cell centres.
    package var pitch: Double {
        cellCount > 1 ? (cellX(Double(cellCount - 1)) - x0) / Double(cellCount - 1) : localPitch(0)
    }

    /// The cell index whose centre is nearest to `x`.
    package func cellIndex(of x: Double) -> Double {
        let d = b - c * x
        guard abs(d) > 1e-9 else { return 0 }
        return ((x - x0) / d).rounded()
    }

    /// The centre y of the whole line.
    package var centreY: Double { cellCentre(cellCount / 2).y }

    /// The box of cell `k` (one local pitch wide, `heightFactor` local cap heights tall), axis-aligned.
    package func cellBox(_ k: Int, heightFactor: Double = 1.4) -> Quadrilateral2D {
        let centre = cellCentre(k)
        let w = localPitch(k), h = capHeight * heightFactor * w / max(1e-9, pitch)
        return Quadrilateral2D(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h)
    }

    /// The same line with cells added before the first or after the last (negative values remove).
    package func extended(before: Int, after: Int) -> MRZTextLine {
        var line = self
        // Re-index so that the new first cell is 0: x'(k) = x(k - before).
        let shift = Double(before)
        let d = 1 - c * shift
        line.x0 = (x0 - b * shift) / d
        line.b = b / d
        line.c = c / d
        line.cellCount = cellCount + before + after
        return line
    }
}
