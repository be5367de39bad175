package import BlinkID
package import CaptureCore
package import DocumentEngine

/// Scans still photos of one document in a photo-mode session: what `capkit scan` does with an image
/// and what `POST /v1/documents/scan` does with its one or two uploads.
package enum PhotoScan {
    /// Feeds `images` (front, then back) to one photo-mode session and reports the result.
    ///
    /// With ``ScanningMode/single`` the first side that completes the scan ends it; with
    /// ``ScanningMode/automatic`` a two-sided document needs both images. A single photo's MRZ is
    /// reported as read even when a check digit fails (`valid` and `verified` say so).
    ///
    /// Cancelling the calling task stops the frame being processed (it then reports what it had).
    /// - Parameters:
    ///   - input: The report's `input` field.
    ///   - includeImages: Whether the report carries the document, face and signature crops.
    ///   - vizRecognizer: The OCR that reads the printed fields (VIZ) once per side; nil reads none.
    package static func scan(
        _ images: [RGBAImage], input: String, sdk: BlinkIDSdk, mode: ScanningMode, includeImages: Bool = false,
        vizRecognizer: (any VizTextRecognizer)? = nil
    ) async -> ScanReport {
        let session = await sdk.createScanningSession(
            sessionSettings: BlinkIDSessionSettings(
                inputImageSource: .photo, scanningMode: mode,
                returnImages: includeImages),
            vizRecognizer: vizRecognizer)
        var last: ProcessResult?
        var lastImage: RGBAImage?
        await withTaskCancellationHandler {
            for image in images {
                if Task.isCancelled { break }
                let result = await session.process(inputImage: InputImage(image: image))
                guard let processed = result.processResult else { break }
                last = processed
                lastImage = image
                if processed.resultCompleteness.scanningStatus == .documentScanned { break }
            }
        } onCancel: {
            session.cancelActiveProcessing()
        }
        let final = await session.getResult()
        let analysis = await session.lastAnalysis
        let mrz =
            final.mrz
            ?? analysis.flatMap { a in
                a.mrz.map {
                    MrzResult(
                        $0, rawLines: a.mrzReading?.lines, confidences: a.mrzReading?.confidences ?? [],
                        verified: a.mrzVerified)
                }
            }
        return ScanReport(
            input: input, frame: last, mrz: mrz, barcode: final.barcode,
            dataMatch: final.dataMatchResult, previewFrame: lastImage, analysis: analysis,
            images: includeImages ? ScanImages(final) : nil, viz: final.vizResults)
    }
}
