package import CaptureCore
import DocumentEngine

/// The back of a generated driver licence: the image and its ground truth, in card pixels (origin at
/// the card's upper-left corner, ``pixelsPerMillimetre`` pixels per millimetre).
package struct RenderedLicenceBack: Sendable {
    /// The card back, straight-alpha RGBA (transparent outside the rounded corners).
    package var image: RGBAImage
    /// The payload encoded in the PDF417 symbol: the ground truth of a reading.
    package var payload: [UInt8]
    /// The symbol's outline (without its quiet zone).
    package var barcode: Quadrilateral2D
    /// Rendering scale.
    package var pixelsPerMillimetre: Double
    /// Width of one module (narrowest bar), millimetres.
    package var moduleWidth: Double
    /// Height of one PDF417 row, millimetres.
    package var rowHeight: Double
}
