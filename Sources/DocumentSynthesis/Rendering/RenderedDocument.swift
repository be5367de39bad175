package import CaptureCore
package import DocumentEngine

/// One rendered document side and its ground truth, all in document pixels (origin at the upper-left
/// corner of the document, `pixelsPerMillimetre` pixels per millimetre).
package struct RenderedDocument: Sendable {
    /// The side, straight-alpha RGBA: opaque inside the document, transparent outside its rounded
    /// corners.
    package var image: RGBAImage
    /// Which side of which document.
    package var kind: DocumentLayout.Kind
    /// Rendering scale.
    package var pixelsPerMillimetre: Double
    /// The data printed on it.
    package var identity: SyntheticIdentity
    /// The MRZ format, nil for a side without an MRZ.
    package var mrzFormat: MRZFormat?
    /// The MRZ lines, top line first (empty for a side without an MRZ).
    package var mrzLines: [String]
    /// Every MRZ character's cell: `mrzPitch` wide, cap height tall, from the baseline up.
    package var characterBoxes: [MRZCharacterBox]
    /// Character pitch of the MRZ as printed, in pixels.
    package var mrzPitch: Double
    /// Cap height of the MRZ characters as printed, in pixels.
    package var mrzCapHeight: Double
    /// Where the portrait was drawn, if the side has one.
    package var face: Quadrilateral2D?
    /// Where the signature was drawn, if the side has one.
    package var signature: Quadrilateral2D?
    /// The visual zone's fields as printed, for sides printed from a ``VizLayout`` (TD3, TD1 front).
    package var viz: VizFieldPrinter.Truth? = nil

    /// The document's outline (its corners where the straight edges meet, before corner rounding).
    package var outline: Quadrilateral2D {
        Quadrilateral2D(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    }

    /// The band that holds the MRZ lines (cap-height boxes grown by half a line gap), nil without MRZ.
    package var mrzBand: Quadrilateral2D? {
        guard let first = characterBoxes.first, let last = characterBoxes.last else { return nil }
        let margin = mrzCapHeight * 0.5
        let x0 = characterBoxes.map(\.x).min() ?? first.x
        let x1 = characterBoxes.map { $0.x + $0.width }.max() ?? last.x
        return Quadrilateral2D(
            x: x0 - margin, y: first.y - margin, width: x1 - x0 + 2 * margin,
            height: last.y + last.height - first.y + 2 * margin)
    }
}

/// Where one MRZ character was printed, in document pixels.
package struct MRZCharacterBox: Sendable, Equatable, Codable {
    /// Line index, 0 for the top line.
    package var line: Int
    /// Position in the line, 0 for the leftmost character.
    package var index: Int
    /// The character (A-Z, 0-9 or `<`).
    package var character: String
    /// Left edge of the character cell.
    package var x: Double
    /// Top of the cell (the baseline minus the cap height).
    package var y: Double
    /// The cell width (the character pitch).
    package var width: Double
    /// The cap height.
    package var height: Double
}
