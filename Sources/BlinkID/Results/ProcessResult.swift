/// The status of document detection in one frame.
public enum DetectionStatus: String, Sendable, Equatable, Codable, CaseIterable {
    /// No document was found.
    case failed
    /// A document was found and is well placed.
    case success
    /// Found, but the camera is too far from the document.
    case cameraTooFar
    /// Found, but the camera is too close to the document.
    case cameraTooClose
    /// Found, but the camera's angle is too steep.
    case cameraAngleTooSteep
    /// Found, but the document is too close to the camera edge.
    case documentTooCloseToCameraEdge
    /// Only part of the document is visible.
    case documentPartiallyVisible
}

/// The progress of scanning a side and the whole document.
public enum ScanningStatus: String, Sendable, Equatable, Codable {
    /// The current side is still being scanned.
    case scanningSideInProgress
    /// The barcode of the current side is being scanned.
    case scanningBarcodeInProgress
    /// The current side is done; show the other side.
    case sideScanned
    /// The whole document is done; call `getResult()`.
    case documentScanned
    /// Processing of this frame was cancelled by `cancelActiveProcessing()`.
    case cancelled
}

/// Why a frame did, or did not, move the scan forward.
public enum ProcessingStatus: String, Sendable, Equatable, Codable {
    /// The frame was processed and contributed to the result.
    case success
    /// No usable document was found (see the detection status).
    case detectionFailed
    /// The document was found but the frame was unusable (too blurred, glare, badly placed).
    case imagePreprocessingFailed
    /// The other side of the document was expected.
    case scanningWrongSide
    /// An MRZ was found but could not be read with all check digits agreeing (yet).
    case mrzParsingFailed
    /// A PDF417 barcode was found but not read (yet): it failed error correction, or its content
    /// is not a valid AAMVA file.
    case barcodeRecognitionFailed
    /// This side is done; the other side is awaited.
    case awaitingOtherSide
    /// The frame or its region of interest was invalid (empty frame, region outside 0...1).
    case invalidInput
}

/// Which phases of the scan have produced their output so far.
public struct ResultCompleteness: Sendable, Equatable, Codable {
    /// The status of the scanning process.
    public var scanningStatus: ScanningStatus
    /// Whether the visual inspection zone fields have been extracted (not read by this engine yet:
    /// always `false`).
    public var vizExtracted: Bool
    /// Whether the MRZ fields have been extracted with all check digits agreeing.
    public var mrzExtracted: Bool
    /// Whether the barcode fields have been extracted.
    public var barcodeExtracted: Bool
    /// Whether a rectified document image has been extracted.
    public var documentImageExtracted: Bool
    /// Whether the face image has been extracted.
    public var faceImageExtracted: Bool
    /// Whether the signature image has been extracted.
    public var signatureImageExtracted: Bool

    public init(
        scanningStatus: ScanningStatus = .scanningSideInProgress, vizExtracted: Bool = false,
        mrzExtracted: Bool = false, barcodeExtracted: Bool = false, documentImageExtracted: Bool = false,
        faceImageExtracted: Bool = false, signatureImageExtracted: Bool = false
    ) {
        self.scanningStatus = scanningStatus
        self.vizExtracted = vizExtracted
        self.mrzExtracted = mrzExtracted
        self.barcodeExtracted = barcodeExtracted
        self.documentImageExtracted = documentImageExtracted
        self.faceImageExtracted = faceImageExtracted
        self.signatureImageExtracted = signatureImageExtracted
    }
}

/// Which side of a document a frame showed.
public enum ScanningSide: String, Sendable, Equatable, Codable {
    case first
    case second
}

/// What the engine saw in one frame.
public struct InputImageAnalysisResult: Sendable, Equatable {
    /// Whether the frame moved the scan forward, and if not, why.
    public var processingStatus: ProcessingStatus
    /// Where the document is and whether it is well placed.
    public var documentDetectionStatus: DetectionStatus
    /// The document's corners in the upright input image, if found.
    public var documentLocation: DocumentLocation?
    /// The side this frame was matched against.
    public var scanningSide: ScanningSide
    /// The document is too blurred to read (see the README for the measure and its threshold).
    public var blurDetected: Bool
    /// A specular highlight covers part of the document.
    public var glareDetected: Bool
    /// A screen-like moiré pattern was seen (not measured by this engine yet: always `false`).
    public var moireDetected: Bool
    /// Whether an MRZ zone was seen in this frame (even if not read yet).
    public var mrzDetected: Bool

    public init(
        processingStatus: ProcessingStatus, documentDetectionStatus: DetectionStatus,
        documentLocation: DocumentLocation? = nil, scanningSide: ScanningSide = .first,
        blurDetected: Bool = false, glareDetected: Bool = false, moireDetected: Bool = false,
        mrzDetected: Bool = false
    ) {
        self.processingStatus = processingStatus
        self.documentDetectionStatus = documentDetectionStatus
        self.documentLocation = documentLocation
        self.scanningSide = scanningSide
        self.blurDetected = blurDetected
        self.glareDetected = glareDetected
        self.moireDetected = moireDetected
        self.mrzDetected = mrzDetected
    }
}

/// The frame analysis together with the scan's completeness.
public struct ProcessResult: Sendable, Equatable {
    /// What the engine saw in this frame.
    public var inputImageAnalysisResult: InputImageAnalysisResult
    /// The scan's progress after this frame.
    public var resultCompleteness: ResultCompleteness

    public init(inputImageAnalysisResult: InputImageAnalysisResult, resultCompleteness: ResultCompleteness) {
        self.inputImageAnalysisResult = inputImageAnalysisResult
        self.resultCompleteness = resultCompleteness
    }
}

/// What `BlinkIDSession.process(inputImage:)` returns.
public struct FrameProcessResult: Sendable, Equatable {
    /// The result, or nil when the session had already finished and ignored the frame.
    public var processResult: ProcessResult?

    public init(processResult: ProcessResult?) {
        self.processResult = processResult
    }
}
