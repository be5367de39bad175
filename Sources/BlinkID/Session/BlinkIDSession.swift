import CaptureCore
import DocumentEngine
import Foundation

/// A document scanning session: feed it frames, read its progress, then take the result.
///
/// All state lives on ``ProcessingActor``: frames are processed one at a time, in call order.
/// ``cancelActiveProcessing()`` may be called from anywhere; the frame being processed then
/// returns with ``ScanningStatus/cancelled`` and contributes nothing.
@ProcessingActor
public final class BlinkIDSession {
    /// A unique identifier of the session.
    public nonisolated let sessionID = UUID()
    /// The settings the session was created with.
    public nonisolated let settings: BlinkIDSessionSettings

    private let scanner: DocumentScanner
    private let now: @Sendable () -> Date
    private nonisolated let cancellation = CancellationGeneration()
    private var flow: ScanFlow
    private var voter = MRZVoter()
    /// The MRZ accepted for the document, with the lines as recognised (voted, in video mode).
    private var acceptedMRZ: (record: MRZRecord, rawLines: [String])?
    private var documentImages: [ScanningSide: RGBAImage] = [:]
    private var faceImage: RGBAImage?
    private var signatureImage: RGBAImage?
    private var completeness = ResultCompleteness()

    /// The engine's analysis of the last processed frame (for previews and diagnostics).
    package private(set) var lastAnalysis: FrameAnalysis?

    init(settings: BlinkIDSessionSettings, scanner: DocumentScanner, now: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.scanner = scanner
        self.now = now
        self.flow = ScanFlow(mode: settings.scanningMode)
    }

    /// Processes one frame and reports what was seen and how far the scan has come.
    ///
    /// Once the document is scanned, further frames are ignored and `processResult` is nil.
    public func process(inputImage: InputImage) -> FrameProcessResult {
        guard !flow.isFinished else { return FrameProcessResult(processResult: nil) }
        let generation = cancellation.current
        let isCancelled = { [cancellation] in cancellation.current != generation }

        let side = flow.currentSide
        guard let roi = try? inputImage.regionOfInterest.validated(), inputImage.width > 0, inputImage.height > 0 else {
            return report(analysis: nil, outcome: flow.frameAnalyzed(.invalidInput), side: side)
        }
        let rect = Self.pixelRect(of: roi, width: inputImage.width, height: inputImage.height)
        let analysis = scanner.analyze(inputImage.grayImage, roi: rect, today: today, isCancelled: isCancelled)
        if isCancelled() {
            let analysisResult = InputImageAnalysisResult(
                processingStatus: .detectionFailed, documentDetectionStatus: .failed, scanningSide: side)
            var c = completeness
            c.scanningStatus = .cancelled
            return FrameProcessResult(processResult: ProcessResult(inputImageAnalysisResult: analysisResult,
                                                                   resultCompleteness: c))
        }
        lastAnalysis = analysis

        let observation = observe(analysis)
        let outcome = flow.frameAnalyzed(observation)
        if let outcome, outcome.acceptsSideImages {
            keepImages(of: inputImage, analysis: analysis, side: outcome.side)
        }
        if let outcome, outcome.acceptsMRZ {
            if let voted = voterResult() {
                acceptedMRZ = (voted, voted.rawLines)
            } else if let record = analysis.mrz {
                acceptedMRZ = (record, analysis.mrzReading?.lines ?? record.rawLines)
            }
            completeness.mrzExtracted = acceptedMRZ != nil
        }
        if let outcome { completeness.scanningStatus = outcome.scanningStatus }
        return report(analysis: analysis, outcome: outcome, side: side)
    }

    /// The result so far: the MRZ once read, and the images kept for each side.
    public func getResult() -> BlinkIDScanningResult {
        BlinkIDScanningResult(
            mrz: acceptedMRZ.map { MrzResult($0.record, rawLines: $0.rawLines) },
            firstDocumentImage: documentImages[.first],
            secondDocumentImage: documentImages[.second],
            faceImage: faceImage,
            signatureImage: signatureImage,
            resultCompleteness: completeness)
    }

    /// Stops the frame being processed, if any; it returns with ``ScanningStatus/cancelled``.
    /// Safe to call from any context.
    public nonisolated func cancelActiveProcessing() {
        cancellation.advance()
    }

    // MARK: - Steps

    /// Today's date for resolving MRZ centuries (UTC).
    private var today: MRZDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: now())
        return MRZDate(year: c.year ?? 2026, month: c.month ?? 1, day: c.day ?? 1)
    }

    /// Turns the engine's analysis into the scan flow's observation (voting across frames in video).
    private func observe(_ analysis: FrameAnalysis) -> ScanFlow.Observation {
        if let reading = analysis.mrzReading {
            let isTD1 = reading.lines.count == 3
            guard settings.inputImageSource == .video else {
                return analysis.mrz?.allChecksPassed == true ? .mrzRead(isTD1: isTD1) : .mrzPending(isTD1: isTD1)
            }
            voter.add(lines: reading.lines, confidences: reading.confidences)
            return voterResult() != nil ? .mrzRead(isTD1: isTD1) : .mrzPending(isTD1: isTD1)
        }
        if analysis.placement != .good {
            return .unusable(analysis.placement == .notFound ? .detectionFailed : .imagePreprocessingFailed)
        }
        if analysis.blurDetected || analysis.glareDetected { return .unusable(.imagePreprocessingFailed) }
        if analysis.looksLikeFrontSide { return .frontSide }
        return .unusable(.detectionFailed)
    }

    private func voterResult() -> MRZRecord? {
        settings.inputImageSource == .video ? voter.result(minimumAgreeing: settings.minimumAgreeingFrames, today: today) : nil
    }

    private func keepImages(of input: InputImage, analysis: FrameAnalysis, side: ScanningSide) {
        guard let crops = scanner.extractImages(from: input.rgbaImage, analysis: analysis) else { return }
        documentImages[side] = crops.document
        completeness.documentImageExtracted = true
        guard settings.returnImages else { return }
        if let face = crops.face {
            faceImage = face
            completeness.faceImageExtracted = true
        }
        if let signature = crops.signature {
            signatureImage = signature
            completeness.signatureImageExtracted = true
        }
    }

    private func report(analysis: FrameAnalysis?, outcome: ScanFlow.Outcome?, side: ScanningSide) -> FrameProcessResult {
        guard let outcome else { return FrameProcessResult(processResult: nil) }
        let location = analysis?.documentQuad.map { quad in
            DocumentLocation(location: Quadrilateral(quad), orientation: analysis?.isVertical == true ? .vertical : .horizontal)
        }
        let result = InputImageAnalysisResult(
            processingStatus: outcome.processingStatus,
            documentDetectionStatus: analysis.map { DetectionStatus($0.placement) } ?? .failed,
            documentLocation: location,
            scanningSide: outcome.side,
            blurDetected: analysis?.blurDetected ?? false,
            glareDetected: analysis?.glareDetected ?? false,
            moireDetected: false,
            mrzDetected: analysis?.mrzZoneSeen ?? false)
        return FrameProcessResult(processResult: ProcessResult(inputImageAnalysisResult: result,
                                                               resultCompleteness: completeness))
    }

    private static func pixelRect(of roi: RegionOfInterest, width: Int, height: Int) -> PixelRect {
        let x = Int((Double(roi.x) * Double(width)).rounded(.down))
        let y = Int((Double(roi.y) * Double(height)).rounded(.down))
        let w = Int((Double(roi.width) * Double(width)).rounded(.up))
        let h = Int((Double(roi.height) * Double(height)).rounded(.up))
        return PixelRect(x: x, y: y, width: w, height: h).clipped(width: width, height: height)
    }
}

/// A counter that `cancelActiveProcessing()` advances; a frame started under an older value
/// has been cancelled.
final class CancellationGeneration: Sendable {
    private let value = Locked(0)
    var current: Int { value.withLock { $0 } }
    func advance() { value.withLock { $0 += 1 } }
}
