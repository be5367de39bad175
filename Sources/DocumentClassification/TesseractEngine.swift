internal import CTesseract
import CaptureCore
import Foundation

/// One tesseract handle initialised for a language (Portuguese for the classifier, `eng+fra` ... for
/// the visual zone), reading whole rectified card sides with sparse-text segmentation or single text
/// lines (``TesseractVizRecognizer``).
///
/// Tesseract is not thread-safe per handle: an engine is used by one caller at a time, which
/// ``TesseractPool`` guarantees. The handle is ended and deleted in `deinit` (tesseract prints
/// leak warnings at exit otherwise).
final class TesseractEngine {
    private let handle: OpaquePointer

    /// Creates a handle for `language` from tesseract's default data folder (Debian:
    /// /usr/share/tesseract-ocr/5/tessdata, or `$TESSDATA_PREFIX`). `lineReading` sets the handle
    /// up for short printed lines (``TesseractVizRecognizer``): the LSTM engine only, and none of
    /// the model's word lists (the Latin model carries dictionaries of dozens of languages; names,
    /// numbers and dates are in none of them, and loading and consulting them costs time on every
    /// line). `variables` are tesseract's run-time variables set on the handle (measurement of
    /// settings such as `enable_noise_removal`); an unknown name fails.
    init(
        language: String, pageSegmentation: TessPageSegMode = PSM_SPARSE_TEXT, lineReading: Bool = false,
        variables: [String: String] = [:]
    ) throws(DocumentClassifierError) {
        // Leptonica (tesseract's image library) reports recoverable trouble ("box outside rectangle")
        // on stderr; a failed page is already a typed outcome here.
        _ = setMsgSeverity(6)
        guard let api = TessBaseAPICreate() else { throw .ocrUnavailable(language: language) }
        let initialised: Int32
        if lineReading {
            let names = Self.lineReadingVariables.map { strdup($0.name) }
            let values = Self.lineReadingVariables.map { strdup($0.value) }
            defer { for pointer in names + values { free(pointer) } }
            var namePointers = names, valuePointers = values
            initialised = TessBaseAPIInit4(
                api, nil, language, OEM_LSTM_ONLY, nil, 0, &namePointers, &valuePointers, names.count, 0)
        } else {
            initialised = TessBaseAPIInit3(api, nil, language)
        }
        guard initialised == 0 else {
            TessBaseAPIDelete(api)
            throw .ocrUnavailable(language: language)
        }
        TessBaseAPISetPageSegMode(api, pageSegmentation)
        for (name, value) in variables.sorted(by: { $0.key < $1.key })
        where TessBaseAPISetVariable(api, name, value) == 0 {
            TessBaseAPIEnd(api)
            TessBaseAPIDelete(api)
            throw .recogniserUnreadable(reason: "tesseract has no variable \(name)")
        }
        // The rectified cards are drawn at a known scale; saying so silences the resolution guess.
        _ = TessBaseAPISetVariable(api, "user_defined_dpi", "300")
        // Tesseract's own diagnostics ("Detected 60 diacritics", cache warnings at exit) go to its
        // debug file, else stderr: keep them out of the server's and the command line's output.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        handle = api
    }

    /// Init-time settings of a line-reading handle: no word lists of any kind.
    private static let lineReadingVariables: [(name: String, value: String)] = [
        ("load_system_dawg", "0"), ("load_freq_dawg", "0"), ("load_punc_dawg", "0"), ("load_number_dawg", "0"),
        ("load_unambig_dawg", "0"), ("load_bigram_dawg", "0"),
    ]

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The text tesseract reads in `image` (empty when it reads nothing).
    func text(of image: GrayImage) -> String {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height else { return "" }
        Self.keepOpenMPOnThisThread()
        return image.pixels.withUnsafeBufferPointer { pixels -> String in
            TessBaseAPISetImage(
                handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1,
                Int32(image.width))
            defer { TessBaseAPIClear(handle) }
            guard let text = TessBaseAPIGetUTF8Text(handle) else { return "" }
            defer { TessDeleteText(text) }
            return String(cString: text)
        }
    }

    /// One word tesseract read: its text, confidence (0...1) and box in the image's pixels.
    struct Word {
        /// The word's text.
        var text: String
        /// Tesseract's confidence in the word, 0...1.
        var confidence: Double
        /// The word's box in the image read.
        var box: PixelRect
        /// The word's symbols, left to right.
        var symbols: [Symbol] = []
    }

    /// One symbol (character) of a ``Word``: its text, confidence (0...1), box and the other
    /// characters the network gave weight to at its place (only with the `lstm_choice_mode`
    /// variable set; the chosen one among them), most likely first.
    struct Symbol {
        var text: String
        var confidence: Double
        var box: PixelRect
        var alternatives: [(text: String, confidence: Double)] = []
    }

    /// The text tesseract reads in `image` and its mean word confidence (0...1; 0 when it reads nothing),
    /// with only the characters of `whitelist` when it is given (the handle is reset afterwards).
    func textAndConfidence(of image: GrayImage, whitelist: String? = nil) -> (text: String, confidence: Double) {
        let read = textConfidenceAndWords(of: image, whitelist: whitelist)
        return (read.text, read.confidence)
    }

    /// ``textAndConfidence(of:whitelist:)`` with the words read, left to right, each with its
    /// confidence and box (Tesseract's word-level result iterator, walked after the one recognition).
    func textConfidenceAndWords(
        of image: GrayImage, whitelist: String? = nil
    ) -> (text: String, confidence: Double, words: [Word]) {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height else {
            return ("", 0, [])
        }
        Self.keepOpenMPOnThisThread()
        if let whitelist {
            _ = TessBaseAPISetVariable(handle, "tessedit_char_whitelist", whitelist)
        }
        defer {
            if whitelist != nil { _ = TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "") }
        }
        return image.pixels.withUnsafeBufferPointer { pixels -> (String, Double, [Word]) in
            TessBaseAPISetImage(
                handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1,
                Int32(image.width))
            defer { TessBaseAPIClear(handle) }
            guard let text = TessBaseAPIGetUTF8Text(handle) else { return ("", 0, []) }
            defer { TessDeleteText(text) }
            let confidence = Double(max(0, TessBaseAPIMeanTextConf(handle))) / 100
            return (String(cString: text), confidence, words())
        }
    }

    /// The words of the last recognition, each with its symbols, walked with Tesseract's result
    /// iterator at symbol level (a new word where a symbol begins one).
    private func words() -> [Word] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        func box(_ level: TessPageIteratorLevel) -> PixelRect? {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
            return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        }
        func text(_ level: TessPageIteratorLevel) -> String? {
            guard let pointer = TessResultIteratorGetUTF8Text(iterator, level) else { return nil }
            defer { TessDeleteText(pointer) }
            return String(cString: pointer)
        }
        var words: [Word] = []
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                guard let text = text(RIL_WORD), let box = box(RIL_WORD) else { continue }
                let confidence = Double(max(0, TessResultIteratorConfidence(iterator, RIL_WORD))) / 100
                words.append(Word(text: text, confidence: min(1, confidence), box: box))
            }
            guard !words.isEmpty, let symbolText = text(RIL_SYMBOL), let symbolBox = box(RIL_SYMBOL) else { continue }
            var symbol = Symbol(
                text: symbolText,
                confidence: min(1, Double(max(0, TessResultIteratorConfidence(iterator, RIL_SYMBOL))) / 100),
                box: symbolBox)
            if let choices = TessResultIteratorGetChoiceIterator(iterator) {
                defer { TessChoiceIteratorDelete(choices) }
                repeat {
                    guard let pointer = TessChoiceIteratorGetUTF8Text(choices) else { continue }
                    let confidence = Double(TessChoiceIteratorConfidence(choices)) / 100
                    symbol.alternatives.append((String(cString: pointer), min(1, max(0, confidence))))
                } while TessChoiceIteratorNext(choices) != 0
            }
            words[words.count - 1].symbols.append(symbol)
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        return words
    }

    /// Debian's tesseract is built with OpenMP and asks for teams of up to 4 threads in its LSTM. Run
    /// from several threads at once (the server classifies concurrent uploads, the tests run in
    /// parallel), those teams oversubscribe the cores and their idle members spin, so that a 2-core
    /// machine spent most of its time spinning. Concurrency comes from the callers here, so every
    /// call runs its parallel regions on the calling thread alone: `omp_set_max_active_levels(0)`
    /// makes every region inactive (one thread). It is looked up at run time, from the libgomp
    /// tesseract loaded; a tesseract built without OpenMP has none and needs none.
    private static let setMaxActiveLevels: (@convention(c) (Int32) -> Void)? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "omp_set_max_active_levels") else {
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)
    }()

    private static func keepOpenMPOnThisThread() {
        setMaxActiveLevels?(0)
    }
}
