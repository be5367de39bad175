/// Why a PDF417 symbol could not be read from an image or written.
///
/// Descriptions never contain the symbol's content (it is personal data on identity documents).
package enum BarcodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No PDF417 symbol was found in the image.
    case notFound
    /// A symbol was located but failed error correction or holds malformed codewords.
    case unreadable(reason: String)
    /// A symbol was decoded but its content is not a valid payload of the expected kind
    /// (for an AAMVA reading: the header, directory or elements do not hold).
    case invalidPayload(AAMVAError)
    /// The image cannot be handed to the decoder (empty, or larger than the decoder accepts).
    case invalidImage(width: Int, height: Int)
    /// The content cannot be encoded as one PDF417 symbol (empty or too long).
    case encodingFailed(reason: String)
    /// zxing-cpp ran out of memory or failed in an unexpected way.
    case decoderFailure(reason: String)

    package var description: String {
        switch self {
        case .notFound:
            return "No PDF417 barcode was found. Fill the frame with the back of the card and hold it steady."
        case let .unreadable(reason):
            return "A PDF417 barcode was found but could not be decoded (\(reason)). Avoid glare and blur."
        case let .invalidPayload(error):
            return "The barcode was decoded but its content was rejected: \(error)"
        case let .invalidImage(width, height):
            return "The image (\(width)x\(height)) cannot be searched for a barcode: it is empty or too large."
        case let .encodingFailed(reason):
            return "The content cannot be encoded as a PDF417 barcode (\(reason))."
        case let .decoderFailure(reason):
            return "The barcode decoder failed (\(reason)). Try again with another frame."
        }
    }
}
