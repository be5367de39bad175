internal import CZXingShim
package import CaptureCore

/// Encodes bytes as a PDF417 symbol through zxing-cpp's writer (test material and evaluation).
///
/// The result is the module matrix: one pixel per module horizontally; zxing-cpp draws each PDF417
/// row four pixels high, the usual 1:4 module aspect of printed licences' rows being up to the
/// renderer that scales it.
package struct PDF417Encoder: Sendable {
    /// Quiet zone around the symbol, in modules.
    package var margin: Int
    /// Error-correction level 0...8; nil lets the writer choose from the content length.
    package var errorCorrectionLevel: Int?

    /// Longest content accepted (a PDF417 symbol holds at most about 1.1 KB of bytes).
    package static let maximumLength = 2_000

    package init(margin: Int = 2, errorCorrectionLevel: Int? = nil) {
        self.margin = margin
        self.errorCorrectionLevel = errorCorrectionLevel
    }

    /// Encodes `bytes` byte for byte (each byte one ISO 8859-1 character), so that
    /// ``PDF417Decoder`` returns exactly these bytes in ``PDF417Symbol/bytes``.
    package func encode(bytes: [UInt8]) throws(BarcodeError) -> GrayImage {
        try encode(bytes, binary: true)
    }

    /// Encodes UTF-8 text (with an ECI when it is not plain ASCII).
    package func encode(text: String) throws(BarcodeError) -> GrayImage {
        try encode(Array(text.utf8), binary: false)
    }

    private func encode(_ content: [UInt8], binary: Bool) throws(BarcodeError) -> GrayImage {
        guard !content.isEmpty else { throw .encodingFailed(reason: "the content is empty") }
        guard content.count <= Self.maximumLength else {
            throw .encodingFailed(reason: "\(content.count) bytes is more than one symbol holds")
        }
        guard (0...100).contains(margin) else { throw .encodingFailed(reason: "margin must be 0...100 modules") }
        let level = errorCorrectionLevel ?? -1
        guard (-1...8).contains(level) else { throw .encodingFailed(reason: "error-correction level must be 0...8") }
        var matrix = zxs_matrix()
        let code = content.withUnsafeBufferPointer { data in
            zxs_encode_pdf417(data.baseAddress, data.count, binary ? 1 : 0, Int32(margin), Int32(level), &matrix)
        }
        defer { zxs_matrix_free(&matrix) }
        guard code == Int32(ZXS_OK) else { throw PDF417Decoder.error(code) }
        let width = Int(matrix.width), height = Int(matrix.height)
        let pixels = Array(UnsafeBufferPointer(start: matrix.pixels, count: width * height))
        do {
            return try GrayImage(width: width, height: height, pixels: pixels)
        } catch {
            throw .encodingFailed(reason: "the writer returned an empty symbol")
        }
    }
}
