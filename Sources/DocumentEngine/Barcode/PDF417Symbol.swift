package import CaptureCore

/// One decoded PDF417 symbol: its content and where it is.
package struct PDF417Symbol: Sendable, Equatable {
    /// The content bytes exactly as encoded (no character-set conversion).
    package var bytes: [UInt8]
    /// The content as zxing-cpp interprets it (ECI, else ISO 8859-1), in UTF-8.
    package var text: String
    /// The symbol's corners in the coordinates of the image it was read from, in reading order:
    /// upper-left, upper-right, lower-right, lower-left of the symbol.
    package var corners: Quadrilateral2D
    /// The error-correction level read from the symbol (0...8), nil when unknown.
    package var errorCorrectionLevel: Int?

    package init(bytes: [UInt8], text: String, corners: Quadrilateral2D, errorCorrectionLevel: Int?) {
        self.bytes = bytes
        self.text = text
        self.corners = corners
        self.errorCorrectionLevel = errorCorrectionLevel
    }
}
