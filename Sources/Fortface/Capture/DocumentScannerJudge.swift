package import CaptureCore
package import DocumentEngine
package import Foundation

/// The document engine's ``DocumentScanner`` as the automatic-capture judge: a frame is capturable
/// when the scanner finds the document's outline, placement is `good`, and neither blur nor glare
/// is detected. A verified TD3 MRZ with a `P` document code makes it a ``DocumentTypeEnum/PASSPORT``;
/// any other document seen is ``DocumentTypeEnum/UNDEFINED`` (the Fortface API classifies it).
package struct DocumentScannerJudge: CaptureFrameJudge {
    let scanner: DocumentScanner
    let today: MRZDate

    package init(scanner: DocumentScanner, today: MRZDate) {
        self.scanner = scanner
        self.today = today
    }

    /// The judge with the bundled MRZ recogniser, or nil when the bundled resources are missing.
    package static func bundled(now: Date = Date()) -> DocumentScannerJudge? {
        guard let folder = DocumentEngineInfo.bundledResourcesFolder,
            let weights = try? Data(contentsOf: folder.appendingPathComponent("mrz-ocrb.bin")),
            let classifier = try? MRZCharacterClassifier(weights: weights)
        else { return nil }
        let parts = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC") ?? .current, from: now)
        let today = MRZDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
        return DocumentScannerJudge(scanner: DocumentScanner(classifier: classifier), today: today)
    }

    package func judge(_ frame: Frame) -> FrameVerdict {
        let gray = frame.image.grayscale()
        let roi = PixelRect(x: 0, y: 0, width: gray.width, height: gray.height)
        let analysis = scanner.analyze(gray, colour: frame.image, roi: roi, today: today)
        let capturable =
            analysis.documentQuad != nil && analysis.placement == .good
            && !analysis.blurDetected && !analysis.glareDetected
        var type: DocumentTypeEnum?
        if let mrz = analysis.mrz, mrz.allChecksPassed, mrz.format == .td3, mrz.documentCode.hasPrefix("P") {
            type = .PASSPORT
        } else if analysis.documentQuad != nil {
            type = .UNDEFINED
        }
        return FrameVerdict(isCapturable: capturable, documentType: type)
    }
}
