/// Why the classifier could not be created or could not look at a picture.
///
/// Messages never contain image content or document data.
package enum DocumentClassifierError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The MRZ recogniser's weights are not in the package's bundled resources.
    case resourcesMissing
    /// The bundled MRZ recogniser's weights could not be loaded.
    case recogniserUnreadable(reason: String)
    /// Tesseract could not be started with the language's data (Debian: tesseract-ocr-por).
    case ocrUnavailable(language: String)
    /// The image's pixel buffer does not match its declared size.
    case malformedImage(width: Int, height: Int, byteCount: Int)
    /// The image is larger than the classifier accepts.
    case imageTooLarge(width: Int, height: Int, maximumPixels: Int)

    package var description: String {
        switch self {
        case .resourcesMissing:
            return "The document engine's bundled resources (mrz-ocrb.bin) are missing: rebuild the package."
        case .recogniserUnreadable(let reason):
            return "The MRZ recogniser's weights could not be loaded (\(reason)): rebuild the package or run "
                + "`capkit resources pack`."
        case .ocrUnavailable(let language):
            return "Tesseract could not load its '\(language)' data: install libtesseract5 and "
                + "tesseract-ocr-\(language) (scripts/bootstrap) or set TESSDATA_PREFIX."
        case .malformedImage(let width, let height, let byteCount):
            return "The image is malformed: \(width)x\(height) RGBA needs \(width * height * 4) bytes, it has "
                + "\(byteCount); decode it again."
        case .imageTooLarge(let width, let height, let maximumPixels):
            return "The image is \(width)x\(height), more than \(maximumPixels) pixels: scale it down before "
                + "classifying."
        }
    }
}
