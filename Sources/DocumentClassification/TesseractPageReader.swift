internal import CTesseract
package import CaptureCore
package import DocumentEngine

/// Tesseract reading a whole rectified document side at once (automatic page segmentation, the
/// Latin model): how a reader without a layout reads a card. `capkit bench-viz` measures
/// ``VizReader``'s cost per side against it.
package final class TesseractPageReader: Sendable {
    private let pool: TesseractPool

    /// Loads `model` (Debian's `tesseract-ocr-script-latn` for `Latin`).
    package init(model: String = "Latin") throws(VizRecognitionError) {
        do {
            pool = try TesseractPool(language: model, maximumIdle: 1, pageSegmentation: PSM_AUTO)
        } catch {
            throw .unavailable(languages: [model])
        }
    }

    /// Every line of text Tesseract finds on `page`.
    package func text(of page: GrayImage) throws(VizRecognitionError) -> String {
        do {
            return try pool.withEngine { $0.text(of: page) }
        } catch {
            throw .failed("\(error)")
        }
    }
}
