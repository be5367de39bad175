package import CaptureCore

/// A layout cue: whether a rectified ID-1 card side shows a portrait box on its left, where the RG
/// and CNH fronts print the holder's photo (and their backs print text, tables or nothing).
///
/// The card is averaged into 1 mm cells, which smooths print and guilloche away; a photograph keeps
/// large light and dark areas (background, hair, face, clothes), so the grey level's standard
/// deviation over the box's cells is high on a front and low on a back.
package enum PortraitCue {
    /// The box searched, millimetres from the card's upper-left corner.
    package static let box = (x: 4.0, y: 14.0, width: 21.0, height: 27.0)

    /// The standard deviation (0-255 grey levels) of the 1 mm cells of ``box`` on `card`, a side
    /// rectified at `pixelsPerMillimetre`.
    package static func contrast(_ card: GrayImage, pixelsPerMillimetre s: Double) -> Double {
        var cells: [Double] = []
        let columns = Int(box.width), rows = Int(box.height)
        for row in 0..<rows {
            for column in 0..<columns {
                let x0 = Int((box.x + Double(column)) * s), y0 = Int((box.y + Double(row)) * s)
                let x1 = min(card.width, Int((box.x + Double(column + 1)) * s))
                let y1 = min(card.height, Int((box.y + Double(row + 1)) * s))
                guard x1 > x0, y1 > y0 else { continue }
                var sum = 0
                for y in y0..<y1 {
                    for x in x0..<x1 { sum += Int(card[x, y]) }
                }
                cells.append(Double(sum) / Double((x1 - x0) * (y1 - y0)))
            }
        }
        guard cells.count > 1 else { return 0 }
        let mean = cells.reduce(0, +) / Double(cells.count)
        return (cells.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(cells.count)).squareRoot()
    }
}
