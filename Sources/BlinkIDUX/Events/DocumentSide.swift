/// The part of a document the user is asked to show.
public enum DocumentSide: Sendable, Hashable {
    /// The front side of the document (the first side scanned).
    case front
    /// The back side of the document (the MRZ side of an ID card).
    case back
    /// The barcode region of the document (the PDF417 on the back of a North-American licence).
    case barcode
}
