import CaptureCore

/// One line of fixed-pitch MRZ text found in a rectified band: where each character cell is.
///
/// Cell `k`'s centre is at `x(k) = x0 + pitch·k + curvature·k²` (the quadratic term absorbs what
/// rectification left of perspective foreshortening) and `y(x) = baselineOffset + slope·x`.
package struct MRZTextLine: Sendable, Equatable {
    /// Centre x of cell 0.
    package var x0: Double
    /// Distance between cell centres.
    package var pitch: Double
    /// Quadratic correction of the cell positions (pixels per cell²).
    package var curvature: Double
    /// Centre y of the line at x = 0, and its slope.
    package var yIntercept: Double
    package var slope: Double
    /// Height of a capital letter, measured from the line's characters.
    package var capHeight: Double
    /// Number of character cells (30, 36 or 44 on a valid MRZ line).
    package var cellCount: Int
    /// How many cells held a separate character component (the rest were inferred from merged
    /// runs or spacing); a measure of how well the line was seen.
    package var separateCharacters: Int

    /// The centre of cell `k`.
    package func cellCentre(_ k: Int) -> Point2D {
        let kd = Double(k)
        let x = x0 + pitch * kd + curvature * kd * kd
        return Point2D(x: x, y: yIntercept + slope * x)
    }

    /// The centre y of the whole line.
    package var centreY: Double { cellCentre(cellCount / 2).y }

    /// The box of cell `k` (one pitch wide, `heightFactor` cap heights tall), axis-aligned.
    package func cellBox(_ k: Int, heightFactor: Double = 1.4) -> Quadrilateral2D {
        let c = cellCentre(k)
        let w = pitch, h = capHeight * heightFactor
        return Quadrilateral2D(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    }

    /// The same line with cells added before the first or after the last (negative values remove).
    package func extended(before: Int, after: Int) -> MRZTextLine {
        var line = self
        let b = Double(before)
        // Re-index so that the new first cell is 0: x'(k) = x(k - before).
        line.x0 = x0 - pitch * b + curvature * b * b
        line.pitch = pitch - 2 * curvature * b
        line.cellCount = cellCount + before + after
        return line
    }
}
