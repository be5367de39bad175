import CaptureCore
import DocumentEngine
import Foundation

/// Classifies one picture of an identity document: passport, ID card, visa, Brazilian RG or CNH,
/// with the side shown, or `unknown` / `notFound`.
///
/// Method (see docs/classification.md):
/// 1. The document engine (``DocumentScanner``) looks for MRZ zones and the document's outline.
/// 2. A readable MRZ decides (``MRZDocumentKind``): its layout and document code give the kind,
///    ICAO's layouts give the side, and the check digits give the confidence.
/// 3. With neither an MRZ nor an outline, the answer is `notFound`; with an outline only, `unknown`.
/// Answers below ``minimumConfidence`` become `unknown`.
///
/// The engines are loaded once in `init`; `classify` keeps no state between calls, so one
/// classifier can serve concurrent requests.
package final class DocumentClassifier: Sendable {
    /// Answers whose confidence is below this become ``DocumentKind/unknown`` (see
    /// ``MRZDocumentKind/confidence(checks:meanCharacterConfidence:)``: an MRZ whose layout is
    /// recognised needs at least one agreeing check digit).
    package static let minimumConfidence = 0.6
    /// Largest accepted picture (50 megapixels); larger ones get a typed error.
    package static let maximumPixels = 50_000_000
    /// Pictures whose long side exceeds this are box-downscaled by an integer factor first (the
    /// engine is tuned for camera frames of about 720p to 1080p).
    package static let workingLongSide = 2000
    /// Pictures with a side shorter than this cannot hold a readable document: `notFound`.
    package static let minimumSide = 64

    private let scanner: DocumentScanner
    private let today: @Sendable () -> MRZDate

    /// Loads the bundled MRZ recogniser; MRZ dates are resolved against the system clock's day (UTC).
    package convenience init() throws(DocumentClassifierError) {
        try self.init(today: { MRZDate(dayOf: Date(), in: TimeZone(identifier: "UTC") ?? .current) })
    }

    /// Loads the bundled MRZ recogniser; `today` gives the day MRZ dates are resolved against.
    package init(today: @escaping @Sendable () -> MRZDate) throws(DocumentClassifierError) {
        guard let folder = DocumentEngineInfo.bundledResourcesFolder else { throw .resourcesMissing }
        let url = folder.appendingPathComponent("mrz-ocrb.bin")
        let weights: Data
        do {
            weights = try Data(contentsOf: url)
        } catch {
            throw .resourcesMissing
        }
        do {
            scanner = DocumentScanner(classifier: try MRZCharacterClassifier(weights: weights))
        } catch {
            throw .recogniserUnreadable(reason: String(describing: error))
        }
        self.today = today
    }

    /// Classifies `image` (any size up to ``maximumPixels``).
    package func classify(_ image: RGBAImage) throws(DocumentClassifierError) -> DocumentClassification {
        let gray = try Self.workingImage(image)
        guard let gray else { return DocumentClassification(kind: .notFound, side: nil, confidence: 1) }
        let analysis = scanner.analyze(gray, roi: PixelRect(x: 0, y: 0, width: gray.width, height: gray.height),
                                       today: today())
        return Self.decide(analysis)
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

    /// The answer the engine's analysis supports.
    static func decide(_ analysis: FrameAnalysis) -> DocumentClassification {
        if let reading = analysis.mrzReading, let format = analysis.mrz?.format ?? MRZParser.format(of: reading.lines) {
            let record = analysis.mrz
            let code = record?.documentCode ?? String(reading.lines.first?.prefix(2) ?? "")
                .replacingOccurrences(of: "<", with: "")
            let country = record?.issuingCountry ?? String(reading.lines.first?.dropFirst(2).prefix(3) ?? "")
                .replacingOccurrences(of: "<", with: "")
            let confidence = MRZDocumentKind.confidence(checks: record?.checks,
                                                        meanCharacterConfidence: reading.meanConfidence)
            if let (kind, side) = MRZDocumentKind.kind(format: format, documentCode: code, issuingCountry: country),
               confidence >= minimumConfidence {
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
