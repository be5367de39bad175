package import CaptureCore
package import DocumentEngine
import Foundation

/// Classifies one picture of an identity document: passport, ID card, visa, Brazilian RG or CNH,
/// with the side shown, or `unknown` / `notFound`.
///
/// Method (docs/classification.md gives the details and the measured confusion matrix):
/// 1. The document engine (``DocumentScanner``) looks for MRZ zones and the document's outline.
/// 2. A readable MRZ decides (``MRZDocumentKind``): its layout and document code give the kind,
///    ICAO's layouts give the side (a Brazilian TD1 card is the CIN, an RG back), and the check
///    digits give the confidence.
/// 3. With neither an MRZ nor an outline, the answer is `notFound`.
/// 4. Otherwise the outline is rectified to an ID-1 card at ``ocrPixelsPerMillimetre``, read by
///    tesseract (Portuguese) and scored against the printed keywords of each RG and CNH side
///    (``KeywordScorer``), with the portrait box as a layout cue (``PortraitCue``); the card is read
///    turned 180° too when the upright reading is not conclusive.
/// 5. An outline without an MRZ zone and with less than ``minimumTextCharacters`` of readable text
///    is not a document (a table edge, a tile, a sheet of paper): `notFound`.
/// Answers below ``minimumConfidence`` (MRZ) or ``minimumKeywordConfidence`` (keywords) become
/// `unknown`.
///
/// The engines are loaded once in `init`; `classify` keeps no state between calls and takes a
/// tesseract handle of its own from a pool, so one classifier can serve concurrent requests.
package final class DocumentClassifier: Sendable {
    /// MRZ answers whose confidence is below this become ``DocumentKind/unknown`` (see
    /// ``MRZDocumentKind/confidence(checks:meanCharacterConfidence:)``: an MRZ whose layout is
    /// recognised needs at least one agreeing check digit).
    package static let minimumConfidence = 0.6
    /// Keyword answers whose confidence is below this become ``DocumentKind/unknown`` (see
    /// ``keywordConfidence(best:runnerUp:)``).
    package static let minimumKeywordConfidence = 0.5
    /// Largest accepted picture (50 megapixels); larger ones get a typed error.
    package static let maximumPixels = 50_000_000
    /// Pictures whose long side exceeds this are box-downscaled by an integer factor first (the
    /// engine is tuned for camera frames of about 720p to 1080p).
    package static let workingLongSide = 2000
    /// Pictures with a side shorter than this cannot hold a readable document: `notFound`.
    package static let minimumSide = 64
    /// Scale of the rectified card given to tesseract (12 px/mm: 2 mm capitals are 24 px tall).
    package static let ocrPixelsPerMillimetre = 12.0
    /// Portrait-box contrast (``PortraitCue``) above which a side counts as showing a photo, and
    /// below which it counts as showing none; in between the cue says nothing. Measured on cards
    /// rendered at 12 px/mm, 6 seeds per side: RG and CNH fronts 48–68, old RG and CIN backs 33–36
    /// (bold field values), CNH backs 12–17.
    package static let portraitContrastRange = 40.0...45.0
    /// Weight of the portrait cue, in keyword-score units.
    package static let portraitWeight = 1.5
    /// Fewest letters and digits tesseract must read inside an outline without an MRZ for it to count
    /// as a document (every identity document prints far more; empty desks give a few stray ones).
    package static let minimumTextCharacters = 25

    private let scanner: DocumentScanner
    private let ocr: TesseractPool
    private let keywords = KeywordScorer()
    private let today: @Sendable () -> MRZDate

    /// Loads the bundled MRZ recogniser and tesseract's Portuguese data; MRZ dates are resolved
    /// against the system clock's day (UTC).
    package convenience init() throws(DocumentClassifierError) {
        try self.init(today: { MRZDate(dayOf: Date(), in: TimeZone(identifier: "UTC") ?? .current) })
    }

    /// Loads the engines; `today` gives the day MRZ dates are resolved against.
    package init(today: @escaping @Sendable () -> MRZDate) throws(DocumentClassifierError) {
        guard let folder = DocumentEngineInfo.bundledResourcesFolder else { throw .resourcesMissing }
        let weights: Data
        do {
            weights = try Data(contentsOf: folder.appendingPathComponent("mrz-ocrb.bin"))
        } catch {
            throw .resourcesMissing
        }
        do {
            scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: weights))
        } catch {
            throw .recogniserUnreadable(reason: String(describing: error))
        }
        ocr = try TesseractPool(language: "por", maximumIdle: max(1, ProcessInfo.processInfo.activeProcessorCount))
        self.today = today
    }

    /// Classifies `image` (any size up to ``maximumPixels``).
    package func classify(_ image: RGBAImage) throws(DocumentClassifierError) -> DocumentClassification {
        guard let gray = try Self.workingImage(image) else {
            return DocumentClassification(kind: .notFound, side: nil, confidence: 1)
        }
        let analysis = scanner.analyze(
            gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
            today: today())
        let fromMRZ = Self.decide(analysis)
        guard fromMRZ.kind == .unknown, let quad = analysis.documentQuad else { return fromMRZ }
        let (fromKeywords, textCharacters) = try classifyByKeywords(gray, quad: quad)
        if fromKeywords.kind != .unknown { return fromKeywords }
        if !analysis.mrzZoneSeen, textCharacters < Self.minimumTextCharacters {
            let confidence = 1 - Double(textCharacters) / Double(Self.minimumTextCharacters)
            return DocumentClassification(kind: .notFound, side: nil, confidence: confidence)
        }
        return DocumentClassification(
            kind: .unknown, side: nil,
            confidence: max(fromMRZ.confidence, fromKeywords.confidence))
    }

    /// The OCR path: the card rectified, read upright (and turned 180° when unsure), scored; with
    /// the most letters and digits read in one orientation.
    func classifyByKeywords(
        _ gray: GrayImage, quad: Quadrilateral2D
    ) throws(DocumentClassifierError)
        -> (DocumentClassification, textCharacters: Int)
    {
        let s = Self.ocrPixelsPerMillimetre
        let layout = DocumentLayout.of(.td1Front)
        guard
            let card = PerspectiveWarp.rectify(
                gray, quad: quad, width: Int(layout.width * s),
                height: Int(layout.height * s))
        else {
            return (DocumentClassification(kind: .unknown, side: nil, confidence: 0), 0)
        }
        var best = DocumentClassification(kind: .unknown, side: nil, confidence: 0)
        var characters = 0
        for turns in [0, 2] {
            let view = turns == 0 ? card : card.rotated(quarterTurnsClockwise: turns)
            let text = try ocr.withEngine { $0.text(of: view) }
            characters = max(characters, KeywordScorer.fold(text).filter { $0 != " " }.count)
            var scores = keywords.scores(text)
            Self.applyPortraitCue(PortraitCue.contrast(view, pixelsPerMillimetre: s), to: &scores)
            let answer = Self.decide(scores)
            if answer.confidence > best.confidence { best = answer }
            if best.kind != .unknown { break }
        }
        return (best, characters)
    }

    /// Adds the portrait cue to the fronts (a photo is there) or the backs (none is).
    static func applyPortraitCue(_ contrast: Double, to scores: inout [BrazilianSide: Double]) {
        if contrast >= portraitContrastRange.upperBound {
            scores[.rgFront, default: 0] += portraitWeight
            scores[.cnhFront, default: 0] += portraitWeight
        } else if contrast <= portraitContrastRange.lowerBound {
            scores[.rgBack, default: 0] += portraitWeight
            scores[.cnhBack, default: 0] += portraitWeight
        }
    }

    /// The keyword answer: the best side when its confidence reaches ``minimumKeywordConfidence``.
    static func decide(_ scores: [BrazilianSide: Double]) -> DocumentClassification {
        let ranked = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
        guard let first = ranked.first else { return DocumentClassification(kind: .unknown, side: nil, confidence: 0) }
        let confidence = keywordConfidence(best: first.value, runnerUp: ranked.count > 1 ? ranked[1].value : 0)
        guard confidence >= minimumKeywordConfidence else {
            return DocumentClassification(kind: .unknown, side: nil, confidence: confidence)
        }
        let (kind, side) = first.key.classification
        return DocumentClassification(kind: kind, side: side, confidence: confidence)
    }

    /// Confidence of a keyword answer: the best side's share against the runner-up (with one unit
    /// of doubt added), times how much evidence there is at all (full from a score of 6, about two
    /// side-naming keywords). One naming keyword alone (3, runner-up 0) gives 0.375, under the
    /// threshold; two (6, 0) give 0.86; 6 against 3 gives 0.6.
    package static func keywordConfidence(best: Double, runnerUp: Double) -> Double {
        guard best > 0 else { return 0 }
        return best / (best + runnerUp + 1) * min(1, best / 6)
    }

    /// The grey working image: validated, downscaled when large; nil when too small to hold a document.
    static func workingImage(_ image: RGBAImage) throws(DocumentClassifierError) -> GrayImage? {
        let (w, h) = (image.width, image.height)
        guard w >= 0, h >= 0, w.multipliedReportingOverflow(by: h).overflow == false else {
            throw .malformedImage(width: w, height: h, byteCount: image.pixels.count)
        }
        guard w * h <= maximumPixels else { throw .imageTooLarge(width: w, height: h, maximumPixels: maximumPixels) }
        guard image.pixels.count == w * h * 4 else {
            throw .malformedImage(width: w, height: h, byteCount: image.pixels.count)
        }
        guard min(w, h) >= minimumSide else { return nil }
        let gray = image.grayscale()
        let factor = (max(w, h) + workingLongSide - 1) / workingLongSide
        return factor > 1 ? gray.downscaled(by: factor) : gray
    }

    /// The answer the engine's analysis supports on its own (MRZ, or no document at all).
    static func decide(_ analysis: FrameAnalysis) -> DocumentClassification {
        if let reading = analysis.mrzReading, let format = analysis.mrz?.format ?? MRZParser.format(of: reading.lines) {
            let record = analysis.mrz
            let code =
                record?.documentCode
                ?? String(reading.lines.first?.prefix(2) ?? "")
                .replacingOccurrences(of: "<", with: "")
            let country =
                record?.issuingCountry
                ?? String(reading.lines.first?.dropFirst(2).prefix(3) ?? "")
                .replacingOccurrences(of: "<", with: "")
            let confidence = MRZDocumentKind.confidence(
                checks: record?.checks,
                meanCharacterConfidence: reading.meanConfidence)
            if let (kind, side) = MRZDocumentKind.kind(format: format, documentCode: code, issuingCountry: country),
                confidence >= minimumConfidence
            {
                return DocumentClassification(kind: kind, side: side, confidence: confidence)
            }
            return DocumentClassification(kind: .unknown, side: nil, confidence: confidence)
        }
        guard analysis.documentQuad != nil || analysis.mrzZoneSeen else {
            return DocumentClassification(kind: .notFound, side: nil, confidence: 1)
        }
        return DocumentClassification(kind: .unknown, side: nil, confidence: analysis.localizationConfidence)
    }
}
