package import CaptureCore

/// The nominal geometry of an ICAO 9303 document side: its size, where the machine-readable zone
/// sits, and the portrait and signature zones, all in millimetres from the upper-left corner.
///
/// ICAO fixes the sizes (ID-1 85.60 x 53.98 mm, ID-2 105 x 74 mm, ID-3 125 x 88 mm, visa MRV-A
/// 120 x 80 mm, MRV-B 105 x 74 mm) and the MRZ character pitch (2.54 mm, 10 characters per inch);
/// the positions of lines, portrait and signature below are CaptureKit's nominal values within
/// ICAO's tolerances. The engine uses them to choose a rectification size and to crop the face and
/// signature; it never relies on them to find MRZ lines, which it locates in the image itself.
package struct DocumentLayout: Sendable, Equatable {
    /// The layouts the engine knows.
    package enum Kind: String, Sendable, CaseIterable, Codable {
        /// ID-1 card, front side (portrait, no MRZ).
        case td1Front
        /// ID-1 card, back side (3-line MRZ of 30 characters).
        case td1Back
        /// ID-2 document (2 lines of 36).
        case td2
        /// Passport data page, ID-3 (2 lines of 44).
        case td3
        /// Full-size visa (2 lines of 44).
        case mrvA
        /// Small visa (2 lines of 36).
        case mrvB
    }

    /// A rectangle in millimetres from the document's upper-left corner.
    package struct Zone: Sendable, Equatable {
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double

        package init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// The zone in pixels of a document rectified at `pixelsPerMillimetre`.
        package func pixelRect(pixelsPerMillimetre s: Double) -> PixelRect {
            PixelRect(
                x: Int((x * s).rounded()), y: Int((y * s).rounded()),
                width: Int((width * s).rounded()), height: Int((height * s).rounded()))
        }
    }

    /// Which layout this is.
    package let kind: Kind
    /// Width in millimetres (the long side, the document held upright).
    package let width: Double
    /// Height in millimetres.
    package let height: Double
    /// MRZ lines (0 for a side without one) and characters per line.
    package let mrzLineCount: Int
    package let mrzLineLength: Int
    /// Distance from the left edge to the left edge of the first MRZ character.
    package let mrzLeftMargin: Double
    /// Distances from the bottom edge to the centre line of each MRZ line, first line first.
    package let mrzLineCentresFromBottom: [Double]
    /// The portrait zone, where the layout has one on this side.
    package let face: Zone?
    /// The holder's signature zone, where the layout has one on this side.
    package let signature: Zone?

    /// MRZ character pitch: 2.54 mm (ICAO 9303 part 3, 10 characters per inch).
    package static let mrzPitch = 2.54
    /// Nominal height of an OCR-B capital in the MRZ (ICAO allows 2.0 to 2.5 mm).
    package static let mrzCapHeight = 2.3

    /// Width over height.
    package var aspectRatio: Double { width / height }

    /// Whether this side carries an MRZ.
    package var hasMRZ: Bool { mrzLineCount > 0 }

    /// The band that holds the MRZ (full width, from 1 mm above the first line to the bottom edge).
    package var mrzZone: Zone? {
        guard let top = mrzLineCentresFromBottom.first else { return nil }
        let y = height - top - Self.mrzCapHeight / 2 - 1.5
        return Zone(x: 0, y: y, width: width, height: height - y)
    }

    /// The nominal layout of `kind`.
    package static func of(_ kind: Kind) -> DocumentLayout {
        switch kind {
        case .td1Front:
            return DocumentLayout(
                kind: kind, width: 85.6, height: 53.98, mrzLineCount: 0, mrzLineLength: 0,
                mrzLeftMargin: 0, mrzLineCentresFromBottom: [],
                face: Zone(x: 3.5, y: 12, width: 24, height: 31),
                signature: Zone(x: 31, y: 42, width: 32, height: 9))
        case .td1Back:
            return DocumentLayout(
                kind: kind, width: 85.6, height: 53.98, mrzLineCount: 3, mrzLineLength: 30,
                mrzLeftMargin: 4.7, mrzLineCentresFromBottom: [13.2, 8.9, 4.6],
                face: nil, signature: nil)
        case .td2:
            return DocumentLayout(
                kind: kind, width: 105, height: 74, mrzLineCount: 2, mrzLineLength: 36,
                mrzLeftMargin: 6.8, mrzLineCentresFromBottom: [10.6, 6.3],
                face: Zone(x: 4, y: 14, width: 26, height: 34),
                signature: Zone(x: 34, y: 44, width: 40, height: 9))
        case .td3:
            return DocumentLayout(
                kind: kind, width: 125, height: 88, mrzLineCount: 2, mrzLineLength: 44,
                mrzLeftMargin: 6.6, mrzLineCentresFromBottom: [11.2, 6.6],
                face: Zone(x: 5, y: 20, width: 32, height: 42),
                signature: Zone(x: 42, y: 56, width: 45, height: 11))
        case .mrvA:
            return DocumentLayout(
                kind: kind, width: 120, height: 80, mrzLineCount: 2, mrzLineLength: 44,
                mrzLeftMargin: 4.1, mrzLineCentresFromBottom: [11.2, 6.6],
                face: Zone(x: 4, y: 14, width: 30, height: 38), signature: nil)
        case .mrvB:
            return DocumentLayout(
                kind: kind, width: 105, height: 74, mrzLineCount: 2, mrzLineLength: 36,
                mrzLeftMargin: 6.8, mrzLineCentresFromBottom: [10.6, 6.3],
                face: Zone(x: 4, y: 12, width: 26, height: 34), signature: nil)
        }
    }
}
