internal import CTesseract
package import CaptureCore
package import DocumentEngine
import Foundation

/// The visual zone's ``VizTextRecognizer`` on Linux: Tesseract's LSTM engine reading single text
/// lines (page segmentation mode 7, LSTM engine only, no word lists: ``TesseractEngine``'s line
/// reading), with the traineddata of Debian's `tesseract-ocr-<lang>`. A
/// line's character set becomes Tesseract's whitelist for that call (the LSTM decoder then never
/// picks a character outside it: no 0 in a name, no Q in a date).
///
/// By default every line is read with Tesseract's Latin-script model (Debian's
/// `tesseract-ocr-script-latn`, `Latin.traineddata`): names are printed with the holder's national
/// letters whatever the issuer's language (É, Ü, Ø, Å, Ñ, Ç ...), and the per-language models drop
/// the accents they were not trained on. With ``models`` nil, the layout's languages are used,
/// followed by ``extraLanguages``. A line held to plain ASCII characters (digits, dates, document
/// numbers, sex, licence codes) is read with ``plainModels`` instead: Debian's `eng` is a fast
/// (small integer LSTM) model and reads such a line in a fraction of the Latin model's time. One
/// ``TesseractPool`` per model combination, created on first use.
package final class TesseractVizRecognizer: VizTextRecognizer {
    /// The models every line is read with (`["Latin"]`), or nil for the layout's languages.
    package let models: [String]?
    /// Languages appended to the layout's when ``models`` is nil.
    package let extraLanguages: [String]
    /// Whether lines are read by handles set up for line reading (LSTM only, no word lists; the
    /// default) or by handles as the classifier sets them up (for measuring the difference).
    package let lineReading: Bool
    /// Tesseract run-time variables set on every handle (``TesseractEngine``), for measuring settings.
    package let variables: [String: String]
    /// The models of lines whose characters are all ASCII (nil: those lines too are read with
    /// ``models``).
    package let plainModels: [String]?
    /// How a short line image is segmented: a lone glyph (a sex, a class) or two, padded with ground
    /// on both sides by ``VizReader``, which Tesseract's line mode often returns as nothing.
    package enum ShortLineReading: String, Sendable, CaseIterable {
        /// As every line (page segmentation mode 7).
        case line
        /// As one word (mode 8).
        case word
        /// As one character (mode 10).
        case character
    }

    /// Whether lines read with ``models`` (names and free text, not the plain ASCII lines) give each
    /// symbol the other characters the network weighed at its place
    /// (``VizRecognizedSymbol/alternatives``: Tesseract's `lstm_choice_mode` 2, about a tenth more
    /// time per line). ``VizReader`` declines a name where another character came close.
    package let weighsAlternatives: Bool
    /// How lines no wider than ``shortLineAspect`` times their height are segmented.
    package let shortLineReading: ShortLineReading
    /// Width over height up to which a line image is short (``shortLineReading``).
    package static let shortLineAspect = 2.5
    private let pools = Locked<[String: TesseractPool]>([:])

    /// Creates the recogniser and loads its first model once, so that a missing installation
    /// fails here and not on the first document.
    package init(
        models: [String]? = ["Latin"], extraLanguages: [String] = ["deu", "spa"], lineReading: Bool = true,
        variables: [String: String] = [:], plainModels: [String]? = ["eng"], shortLineReading: ShortLineReading = .line,
        weighsAlternatives: Bool = true
    ) throws(VizRecognitionError) {
        self.weighsAlternatives = weighsAlternatives
        self.shortLineReading = shortLineReading
        self.models = models
        self.plainModels = plainModels
        self.extraLanguages = extraLanguages
        self.lineReading = lineReading
        self.variables = variables
        _ = try pool(for: ["eng"], models: models, alternatives: weighsAlternatives)
        if let plainModels { _ = try pool(for: ["eng"], models: plainModels) }
    }

    package func readLine(
        _ image: GrayImage, languages: [String], characters: String?
    ) throws(VizRecognitionError) -> VizRecognizedText {
        let plain = characters.map { !$0.isEmpty && $0.allSatisfy(\.isASCII) } ?? false
        let short = Double(image.width) <= Self.shortLineAspect * Double(image.height)
        let pool = try pool(
            for: languages, models: plain ? plainModels ?? models : models,
            segmentation: short ? shortLineReading : .line, alternatives: weighsAlternatives && !plain)
        do {
            let read = try pool.withEngine { $0.textConfidenceAndWords(of: image, whitelist: characters) }
            let text = read.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let words = read.words.compactMap { word -> VizRecognizedWord? in
                let text = word.text.trimmingCharacters(in: .whitespacesAndNewlines)
                let symbols = word.symbols.map { symbol in
                    VizRecognizedSymbol(
                        text: symbol.text, confidence: symbol.confidence, box: symbol.box,
                        alternatives: symbol.alternatives.map {
                            VizSymbolAlternative(text: $0.text, confidence: $0.confidence)
                        })
                }
                return text.isEmpty
                    ? nil : VizRecognizedWord(text: text, confidence: word.confidence, box: word.box, symbols: symbols)
            }
            return VizRecognizedText(text: text, confidence: text.isEmpty ? 0 : read.confidence, words: words)
        } catch {
            throw .failed("\(error)")
        }
    }

    private func pool(
        for languages: [String], models: [String]?, segmentation: ShortLineReading = .line, alternatives: Bool = false
    ) throws(VizRecognitionError) -> TesseractPool {
        var all: [String] = []
        let requested = models ?? (languages.isEmpty ? ["eng"] : languages) + extraLanguages
        for language in requested where !all.contains(language) {
            all.append(language)
        }
        let language = all.joined(separator: "+")
        let key = language + "#" + segmentation.rawValue + (alternatives ? "#alternatives" : "")
        if let pool = pools.withLock({ $0[key] }) { return pool }
        let mode: TessPageSegMode
        switch segmentation {
        case .line: mode = PSM_SINGLE_LINE
        case .word: mode = PSM_SINGLE_WORD
        case .character: mode = PSM_SINGLE_CHAR
        }
        do {
            let pool = try TesseractPool(
                language: language, maximumIdle: max(1, ProcessInfo.processInfo.activeProcessorCount),
                pageSegmentation: mode, lineReading: lineReading,
                variables: alternatives ? variables.merging(["lstm_choice_mode": "2"]) { own, _ in own } : variables)
            pools.withLock { $0[key] = pool }
            return pool
        } catch .recogniserUnreadable(let reason) {
            throw .failed(reason)
        } catch {
            throw .unavailable(languages: all)
        }
    }
}
