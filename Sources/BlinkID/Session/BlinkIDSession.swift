import CaptureCore
package import DocumentEngine
public import Foundation

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
    /// Reads the PDF417 symbol of North American card backs; only AAMVA files are accepted.
    private let barcodeReader = PDF417Reader(acceptsNonAAMVA: false)
    /// The cheap test for a barcode-like texture that gates the reader where a barcode is not expected.
    private let barcodeFinder = BarcodeRegionFinder()
    private let now: @Sendable () -> Date
    private nonisolated let cancellation = CancellationGeneration()
    private var flow: ScanFlow
    private var voter = MRZVoter()
    /// The MRZ accepted for the document, with the lines as recognised (voted, in video mode) and
    /// the confidence of each of their characters.
    private var acceptedMRZ: (record: MRZRecord, rawLines: [String], confidences: [[Float]], verified: Bool)?
    /// The barcode accepted for the document.
    private var acceptedBarcode: BarcodeResult?
    /// In video: the codeword votes of the symbol in sight across the frames of the current side
    /// (``PDF417CodewordEvidence``: one card only, the last few frames), corrected together when no
    /// frame decodes alone. Reset when the side changes or a payload is read.
    private var barcodeEvidence = PDF417CodewordEvidence()
    /// In video: where the next frame goes on in the reader's plan (``PDF417Pacing``), reset with
    /// ``barcodeEvidence``.
    private var barcodePacing = PDF417Pacing.video
    /// The side ``barcodeEvidence`` was gathered on.
    private var barcodeEvidenceSide: ScanningSide?
    private var documentImages: [ScanningSide: RGBAImage] = [:]
    private var faceImage: RGBAImage?
    private var signatureImage: RGBAImage?
    private var completeness = ResultCompleteness()
    /// Reads the printed fields once per accepted side (nil: the visual zone is not read).
    private let vizReader: VizReader?
    /// The printed-field layouts, loaded with the reader.
    private let vizLayouts: VizLayoutCatalogue?
    /// The visual zone read on each side, in scanning order, as read (checked against the MRZ when the
    /// result is asked for).
    private var vizReadings: [(reading: VizReading, side: ScanningSide)] = []
    /// The frame of the current side the visual zone will be read on (video: the sharpest with a still outline).
    private var vizFrames = VizFrameChoice()

    /// The engine's analysis of the last processed frame (for previews and diagnostics).
    package private(set) var lastAnalysis: FrameAnalysis?

    init(
        settings: BlinkIDSessionSettings, scanner: DocumentScanner, vizRecognizer: (any VizTextRecognizer)? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.settings = settings
        self.scanner = scanner
        self.now = now
        let layouts = vizRecognizer == nil ? nil : try? VizLayoutCatalogue.bundled()
        vizLayouts = layouts
        vizReader = layouts == nil ? nil : vizRecognizer.map { VizReader(recognizer: $0) }
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
        let gray = inputImage.grayImage
        let analysis = scanner.analyze(
            gray, colour: inputImage.colourImage, roi: rect, today: today,
            isCancelled: isCancelled)
        let cancelledResult = {
            let analysisResult = InputImageAnalysisResult(
                processingStatus: .detectionFailed, documentDetectionStatus: .failed, scanningSide: side)
            var c = self.completeness
            c.scanningStatus = .cancelled
            return FrameProcessResult(
                processResult: ProcessResult(
                    inputImageAnalysisResult: analysisResult,
                    resultCompleteness: c))
        }
        if isCancelled() { return cancelledResult() }
        lastAnalysis = analysis

        let observation = observe(analysis)
        let barcode = readBarcode(
            gray, roi: rect, analysis: analysis, observation: observation,
            isCancelled: isCancelled)
        if isCancelled() { return cancelledResult() }
        if vizReader != nil, settings.inputImageSource == .video {
            vizFrames.offer(gray, analysis: analysis, side: side)
        }
        let outcome = flow.frameAnalyzed(observation, barcode: barcode.observation)
        if let outcome, outcome.acceptsSideImages {
            keepImages(of: inputImage, analysis: analysis, side: outcome.side)
            let sharpest = vizFrames.take(side: outcome.side)
            readViz(sharpest?.gray ?? gray, analysis: sharpest?.analysis ?? analysis, side: outcome.side)
        }
        if let outcome, outcome.acceptsMRZ {
            if let voted = voterResult() {
                acceptedMRZ = (voted, voted.rawLines, voter.votedConfidences() ?? [], true)
            } else if let record = analysis.mrz {
                acceptedMRZ = (
                    record, analysis.mrzReading?.lines ?? record.rawLines,
                    analysis.mrzReading?.confidences ?? [], analysis.mrzVerified
                )
            }
            completeness.mrzExtracted = acceptedMRZ != nil
        }
        if let outcome, outcome.acceptsBarcode, let reading = barcode.reading {
            acceptedBarcode = reading
            completeness.barcodeExtracted = true
        }
        if let outcome { completeness.scanningStatus = outcome.scanningStatus }
        return report(analysis: analysis, outcome: outcome, side: side)
    }

    /// The result so far: the MRZ once read, and the images kept for each side.
    public func getResult() -> BlinkIDScanningResult {
        let mrz = acceptedMRZ.map {
            MrzResult($0.record, rawLines: $0.rawLines, confidences: $0.confidences, verified: $0.verified)
        }
        // The printed fields are checked against the MRZ when the result is asked for: the MRZ of a
        // TD1 card is read on the side after its front. A verified MRZ first spells the `ß` its
        // names transliterate where the print was read with a look-alike, and drops a pattern's
        // marks read after a name it holds whole (``VizReading/confirmingNames``).
        let viz = vizReadings.map { entry -> VizResult in
            var reading = entry.reading
            if let accepted = acceptedMRZ, accepted.verified {
                reading = reading.confirmingNames(
                    primary: accepted.record.primaryName, secondary: accepted.record.secondaryName,
                    namesComplete: VizMRZNames.namesComplete(accepted.record),
                    maximumStrokeDoubt: vizReader?.maximumNameAmbiguity ?? VizReader.defaultMaximumNameAmbiguity)
            }
            return DocumentFieldComparator.checked(VizResult(reading, side: entry.side), against: mrz)
        }
        return BlinkIDScanningResult(
            mrz: mrz,
            barcode: acceptedBarcode,
            vizResults: viz,
            dataMatchResult: DocumentFieldComparator.compare(mrz: mrz, barcode: acceptedBarcode, viz: viz.first),
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
                let accepted = analysis.mrzVerified || (analysis.mrz != nil && settings.allowUnverifiedResults)
                return accepted ? .mrzRead(isTD1: isTD1) : .mrzPending(isTD1: isTD1)
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

    /// Reads the PDF417 symbol where the flow can use it.
    ///
    /// The full reader (up to ``PDF417Reader/maximumLooks`` decoder calls, then the codeword look)
    /// runs where a barcode is what the scan waits for (the barcode step; the back of an ID-1 card
    /// whose MRZ, if any, is not read; in ``ScanningMode/single`` with photos, any photo whose MRZ
    /// is not read, since it may be the only side shown) and on a TD1 back whose MRZ is read (the
    /// frame that ends the scan) when ``BarcodeRegionFinder`` sees a barcode-sized texture on the
    /// card (``barcodeLikely(in:card:finder:)``). On a first side without a read MRZ (fronts, until
    /// one is accepted; not single-mode photos) the same test gates the reader's two quick texture
    /// looks only, so fronts pay one texture pass over the card and at most two decoder calls. Frames whose passport, TD2 or visa
    /// MRZ is read are never searched.
    ///
    /// In video, each frame makes the reader's first looks and the codeword look, and the further
    /// looks are spread over the card's frames (``PDF417Pacing/video``, ``barcodePacing``): a frame
    /// that does not read at once costs a few looks, not the whole plan. A photo, and a frame whose
    /// MRZ is read (it may end the scan), get the whole plan.
    ///
    /// In video, the codewords of frames that do not decode are kept as votes
    /// (``barcodeEvidence``) and corrected together with the next frames' of the same card: a
    /// symbol whose every frame loses too many codewords (glare, blur) reads once the frames
    /// together cover it. Votes of another card start the evidence over (``PDF417CodewordEvidence``);
    /// they are dropped when the side changes, a payload is read or the frame was cancelled.
    private func readBarcode(
        _ gray: GrayImage, roi: PixelRect, analysis: FrameAnalysis, observation: ScanFlow.Observation,
        isCancelled: () -> Bool
    ) -> (observation: ScanFlow.BarcodeObservation, reading: BarcodeResult?) {
        let expected: Bool
        var quick = false
        // A frame whose MRZ is read ends the scan unless the flow waits for the barcode: its
        // barcode gets the whole plan.
        var lastChance = false
        switch observation {
        case .invalidInput:
            return (.none, nil)
        case let .mrzRead(isTD1):
            guard isTD1 || flow.isBarcodeStep else { return (.none, nil) }
            expected = flow.isBarcodeStep
            lastChance = !flow.isBarcodeStep
        case .mrzPending, .unusable, .frontSide:
            // A photo in single mode may be the only side shown, and a barcode read there ends the
            // scan: it gets the full plan, as a second side does.
            let singlePhoto = settings.scanningMode == .single && settings.inputImageSource == .photo
            expected = flow.isBarcodeStep || flow.currentSide == .second || singlePhoto
            quick = !expected
        }
        if !expected {
            guard let card = analysis.documentQuad, Self.barcodeLikely(in: gray, card: card, finder: barcodeFinder)
            else { return (.none, nil) }
        }
        let video = settings.inputImageSource == .video
        if barcodeEvidenceSide != flow.currentSide {
            barcodeEvidence.reset()
            barcodePacing.reset()
            barcodeEvidenceSide = flow.currentSide
        }
        var evidence = video ? barcodeEvidence : PDF417CodewordEvidence()
        var pacing = video && !lastChance ? barcodePacing : .full
        var profile: PDF417ReadProfile?
        defer {
            // A cancelled frame contributes nothing; a read payload ends the card's votes.
            if video, !isCancelled() {
                barcodeEvidence = evidence
                if !lastChance { barcodePacing = pacing }
            }
        }
        do {
            let reading = try barcodeReader.read(
                gray, card: analysis.documentQuad, quick: quick, profile: &profile, evidence: &evidence,
                pacing: &pacing, isCancelled: isCancelled)
            evidence.reset()
            pacing.reset()
            return (.read, BarcodeResult(reading))
        } catch {
            switch error {
            case .unreadable, .invalidPayload: return (.seen, nil)
            case .notFound, .invalidImage, .encodingFailed, .decoderFailure: return (.none, nil)
            }
        }
    }

    /// Smallest share of the card's area that a barcode-like region must cover to be worth reading
    /// (an AAMVA symbol, about 70 x 10-25 mm, covers 15-38 % of an ID-1 card).
    nonisolated static let minimumBarcodeShareOfCard = 0.08

    /// Whether the card holds a barcode-like texture large enough to be an AAMVA symbol (striped
    /// backgrounds and text lines give small regions or none).
    nonisolated static func barcodeLikely(
        in gray: GrayImage, card: Quadrilateral2D, finder: BarcodeRegionFinder
    ) -> Bool {
        guard card.area > 0,
            let region = finder.find(in: gray, within: boundingRect(card, width: gray.width, height: gray.height))
        else { return false }
        return region.quad.area >= minimumBarcodeShareOfCard * card.area
    }

    private nonisolated static func boundingRect(_ quad: Quadrilateral2D, width: Int, height: Int) -> PixelRect {
        let xs = quad.corners.map(\.x), ys = quad.corners.map(\.y)
        let x0 = Int((xs.min() ?? 0).rounded(.down)), y0 = Int((ys.min() ?? 0).rounded(.down))
        let x1 = Int((xs.max() ?? 0).rounded(.up)), y1 = Int((ys.max() ?? 0).rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
            .clipped(width: width, height: height)
    }

    private func voterResult() -> MRZRecord? {
        guard settings.inputImageSource == .video else { return nil }
        if let verified = voter.result(minimumAgreeing: settings.minimumAgreeingFrames, today: today) {
            return verified
        }
        guard settings.allowUnverifiedResults else { return nil }
        return voter.unverifiedResult(minimumReadings: settings.unverifiedAfterFrames, today: today)
    }

    /// Reads the printed fields of the side just accepted: once per side, never per frame, on the
    /// sharpest frame of the side whose outline held still (``VizFrameChoice``; in video), else on
    /// the frame the flow took as this side's. A side whose design has no
    /// layout (an MRZ-only back) or whose fields all fail their checks adds nothing. Where several
    /// layouts share the side's size (ICAO TD1 front, AAMVA licence front), the reader chooses by
    /// caption placement and fit (``VizReader/read(frame:quad:layouts:today:)``).
    private func readViz(_ gray: GrayImage, analysis: FrameAnalysis, side: ScanningSide) {
        guard let vizReader, let vizLayouts, let quad = analysis.documentQuad,
            !vizReadings.contains(where: { $0.side == side })
        else { return }
        // Every design of the side's size is a candidate (an ID-1 front is an ICAO TD1 front or a US
        // or Canadian licence front); the reader takes the one whose captions and fields fit.
        let layouts = vizLayouts.layouts.filter { $0.documentLayout == analysis.layout }
        guard !layouts.isEmpty,
            let reading = try? vizReader.read(frame: gray, quad: quad, layouts: layouts, today: today),
            !reading.fields.isEmpty
        else { return }
        vizReadings.append((reading, side))
        completeness.vizExtracted = true
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

    private func report(analysis: FrameAnalysis?, outcome: ScanFlow.Outcome?, side: ScanningSide) -> FrameProcessResult
    {
        guard let outcome else { return FrameProcessResult(processResult: nil) }
        let location = analysis?.documentQuad.map { quad in
            DocumentLocation(
                location: Quadrilateral(quad), orientation: analysis?.isVertical == true ? .vertical : .horizontal)
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
        return FrameProcessResult(
            processResult: ProcessResult(
                inputImageAnalysisResult: result,
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
