/// Why an image could not be created, decoded or encoded.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input holds no bytes.
    case empty
    /// The bytes are neither JPEG nor PNG.
    case unsupportedFormat
    /// The image declares dimensions that are zero, negative or inconsistent with its pixel data.
    case invalidDimensions(width: Int, height: Int)
    /// The image declares more pixels than the decoder accepts (a guard against decompression bombs).
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// The data is damaged or truncated; `reason` comes from the decoder (never holds pixel data).
    case corrupt(format: String, reason: String)
    /// The encoder failed.
    case encodingFailed(format: String, reason: String)
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .empty:
            return "The image is empty (0 bytes). Pass a JPEG or PNG file."
        case .unsupportedFormat:
            return "The data is not a JPEG or PNG image. Convert it to one of these formats."
        case let .invalidDimensions(w, h):
            return "The image has invalid dimensions \(w)x\(h)."
        case let .tooLarge(w, h, maxPixels):
            return "The image declares \(w)x\(h) pixels, more than the \(maxPixels) allowed. Downscale it first."
        case let .corrupt(format, reason):
            return "The \(format) data is damaged or truncated (\(reason)). Capture or export the image again."
        case let .encodingFailed(format, reason):
            return "Encoding \(format) failed: \(reason)."
        case let .unreadableFile(path, reason):
            return "Cannot read \(path): \(reason)."
        }
    }
}
