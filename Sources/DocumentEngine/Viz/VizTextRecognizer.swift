package import CaptureCore

/// An OCR engine for printed Latin text, reading one line at a time: the reader finds the lines
/// and gives each to the recogniser. Tesseract's LSTM engine on Linux
/// (`DocumentClassification.TesseractVizRecognizer`), Vision's text recogniser on Apple platforms
/// (`VisionVizTextRecognizer`).
package protocol VizTextRecognizer: Sendable {
    /// The text of one line image (dark print on a light ground, a few pixels of margin around it),
    /// in `languages` (ISO 639-2 codes, the most likely first), with its words and their boxes
    /// (``VizRecognizedText/words``: the reader splits a line shared by several fields by them). `characters`, when given, are the only
    /// characters the line may hold (``VizField/Kind/characters``): an engine that can restrict its
    /// output (Tesseract's whitelist) reads only those; one that cannot ignores it, and the reader's
    /// checks decline what falls outside.
    func readLine(
        _ image: GrayImage, languages: [String], characters: String?
    ) throws(VizRecognitionError) -> VizRecognizedText
}

/// What a ``VizTextRecognizer`` read on one line.
package struct VizRecognizedText: Sendable, Equatable {
    /// The text, without the line break.
    package var text: String
    /// The engine's confidence, 0...1.
    package var confidence: Double
    /// The words of ``text``, left to right, each with its box in the pixels of the line image read
    /// (empty when the engine gives no word boxes: the reader then reads each field on its own).
    package var words: [VizRecognizedWord]

    package init(text: String, confidence: Double, words: [VizRecognizedWord] = []) {
        self.text = text
        self.confidence = confidence
        self.words = words
    }
}

/// One word a ``VizTextRecognizer`` read, with where it stands on the line image.
package struct VizRecognizedWord: Sendable, Equatable {
    /// The word's text (no white space).
    package var text: String
    /// The engine's confidence in the word, 0...1.
    package var confidence: Double
    /// The word's box in the pixels of the line image read.
    package var box: PixelRect
    /// The word's characters with their boxes, left to right (empty when the engine gives none).
    package var symbols: [VizRecognizedSymbol]

    package init(text: String, confidence: Double, box: PixelRect, symbols: [VizRecognizedSymbol] = []) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.symbols = symbols
    }
}

/// One character a ``VizTextRecognizer`` read, with where it stands on the line image and the other
/// characters the engine weighed at its place.
package struct VizRecognizedSymbol: Sendable, Equatable {
    /// The character read.
    package var text: String
    /// The engine's confidence in it, 0...1.
    package var confidence: Double
    /// Its box in the pixels of the line image read.
    package var box: PixelRect
    /// The characters the engine weighed at this place, most likely first, with their confidences
    /// (0...1); empty when the engine gives none.
    package var alternatives: [VizSymbolAlternative]

    package init(text: String, confidence: Double, box: PixelRect, alternatives: [VizSymbolAlternative] = []) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.alternatives = alternatives
    }
}

/// A character a ``VizTextRecognizer`` weighed at one place of a line, with its confidence (0...1).
package struct VizSymbolAlternative: Sendable, Equatable {
    package var text: String
    package var confidence: Double

    package init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// Why a line could not be read at all.
package enum VizRecognitionError: Error, Equatable, CustomStringConvertible {
    /// The OCR engine or its data for a language is not installed.
    case unavailable(languages: [String])
    /// The engine failed on this image.
    case failed(String)

    package var description: String {
        switch self {
        case let .unavailable(languages):
            return
                "no OCR data for \(languages.joined(separator: "+")): install tesseract-ocr-<lang> (scripts/bootstrap)"
        case let .failed(detail): return "the OCR engine failed: \(detail)"
        }
    }
}
