internal import CZXingShim
package import CaptureCore

/// Finds and decodes one PDF417 symbol in a gray image through zxing-cpp (the `CZXingShim` target).
///
/// A thin, stateless wrapper: each call hands the pixels to zxing-cpp once with the chosen options
/// and maps its result codes to ``BarcodeError``. Safe to call from any thread (the shim keeps its
/// last-error message per thread).
package struct PDF417Decoder: Sendable {
    /// How zxing-cpp turns gray into black and white before looking for the symbol.
    package enum Binarizer: Sendable, Equatable, CaseIterable {
        /// Threshold at the local mean (zxing's hybrid binariser): robust to uneven light.
        case localAverage
        /// One threshold for the whole image, at the histogram valley.
        case globalHistogram
        /// Threshold 127 (for images that are already binary).
        case fixed
    }

    /// Spend more time looking for the symbol.
    package var tryHarder = true
    /// Also look at the image turned by 90, 180 and 270 degrees.
    package var tryRotate = true
    /// Also look in downscaled copies of large images.
    package var tryDownscale = true
    /// The binariser.
    package var binarizer = Binarizer.localAverage

    /// Largest image accepted (pixels), a bound on the work of one call.
    package static let maximumPixels = 40_000_000

    package init(
        tryHarder: Bool = true, tryRotate: Bool = true, tryDownscale: Bool = true,
        binarizer: Binarizer = .localAverage
    ) {
        self.tryHarder = tryHarder
        self.tryRotate = tryRotate
        self.tryDownscale = tryDownscale
        self.binarizer = binarizer
    }

    /// What one look at an image found.
    package enum Outcome: Sendable, Equatable {
        /// A symbol was decoded.
        case decoded(PDF417Symbol)
        /// A symbol was seen here (corners in image pixels) but failed error correction.
        case located(Quadrilateral2D, reason: String)
        /// No symbol was seen.
        case notFound
        /// zxing-cpp read outside its buffers on this image and the call was abandoned by the
        /// shim's fault guard (zxing-cpp 1.4 on some damaged symbols); nothing was read.
        case faulted(reason: String)
    }

    /// Decodes the first PDF417 symbol zxing-cpp finds in `image`.
    package func decode(_ image: GrayImage) throws(BarcodeError) -> PDF417Symbol {
        switch try attempt(image) {
        case let .decoded(symbol): return symbol
        case let .located(_, reason): throw .unreadable(reason: reason)
        case .notFound: throw .notFound
        case let .faulted(reason): throw .decoderFailure(reason: reason)
        }
    }

    /// Looks once at `image`; throws only when the image cannot be handed over or zxing-cpp fails
    /// (a fault inside zxing-cpp is an outcome, ``Outcome/faulted(reason:)``: the next look may read).
    package func attempt(_ image: GrayImage) throws(BarcodeError) -> Outcome {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height,
            image.width * image.height <= Self.maximumPixels
        else {
            throw .invalidImage(width: image.width, height: image.height)
        }
        var options = zxs_decode_options()
        zxs_decode_options_init(&options)
        options.try_harder = tryHarder ? 1 : 0
        options.try_rotate = tryRotate ? 1 : 0
        options.try_downscale = tryDownscale ? 1 : 0
        options.binarizer =
            switch binarizer {
            case .localAverage: Int32(ZXS_BINARIZER_LOCAL_AVERAGE)
            case .globalHistogram: Int32(ZXS_BINARIZER_GLOBAL_HISTOGRAM)
            case .fixed: Int32(ZXS_BINARIZER_FIXED)
            }
        var decoded = zxs_decoded()
        let code = image.pixels.withUnsafeBufferPointer { pixels in
            zxs_decode_pdf417(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width),
                &options, &decoded)
        }
        defer { zxs_decoded_free(&decoded) }
        let c = decoded.corners
        let corners = Quadrilateral2D(corners: [c.0, c.1, c.2, c.3].map { Point2D(x: Double($0.x), y: Double($0.y)) })
        switch code {
        case Int32(ZXS_OK):
            let bytes =
                decoded.bytes_length > 0
                ? Array(UnsafeBufferPointer(start: decoded.bytes, count: decoded.bytes_length)) : []
            let text =
                decoded.text_length > 0
                ? Array(UnsafeBufferPointer(start: decoded.text, count: decoded.text_length)) : []
            return .decoded(
                PDF417Symbol(
                    bytes: bytes, text: String(decoding: text, as: UTF8.self), corners: corners,
                    errorCorrectionLevel: decoded.ec_level >= 0 ? Int(decoded.ec_level) : nil))
        case Int32(ZXS_DECODE_FAILED):
            return .located(corners, reason: String(cString: zxs_last_error()))
        case Int32(ZXS_NOT_FOUND):
            return .notFound
        case Int32(ZXS_FAULT):
            return .faulted(reason: String(cString: zxs_last_error()))
        default:
            throw Self.error(code)
        }
    }

    /// Maps a shim result code (not OK) to a typed error, with the shim's message.
    static func error(_ code: Int32) -> BarcodeError {
        let message = String(cString: zxs_last_error())
        switch code {
        case Int32(ZXS_NOT_FOUND): return .notFound
        case Int32(ZXS_DECODE_FAILED): return .unreadable(reason: message)
        case Int32(ZXS_INVALID_ARGUMENT): return .decoderFailure(reason: "invalid argument: \(message)")
        case Int32(ZXS_ENCODE_FAILED): return .encodingFailed(reason: message)
        case Int32(ZXS_OUT_OF_MEMORY): return .decoderFailure(reason: "out of memory")
        default: return .decoderFailure(reason: message)
        }
    }
}
