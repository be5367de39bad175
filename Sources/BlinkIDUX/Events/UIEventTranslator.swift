package import BlinkID

/// Turns the engine's per-frame ``ProcessResult`` into the batch of ``UIEvent``s to show.
///
/// A value type with no I/O: time comes in with each frame (elapsed time on the analyzer's clock),
/// so every rule is tested as a table.
///
/// Rules:
/// - **Side requests** are emitted once, on the frame where the scan moves on: `sideScanned` asks
///   for the back, `scanningBarcodeInProgress` for the barcode.
/// - **Guidance** (wrong side, distance, edge, tilt, blur, glare, visibility, occlusion) is
///   debounced: a condition is reported only once it has held on every frame for at least
///   ``Configuration/onsetDelay``, and stops being reported on the first frame without it. This keeps
///   a single bad frame from flashing a message.
/// - **Occlusion** is inferred: the document is sharp, glare-free and well placed, its MRZ is seen
///   but stays unreadable for ``Configuration/occlusionFrames`` frames in a row.
/// - A batch is ordered by ``UIEvent/priority``, highest first.
/// - Frames cancelled by `cancelActiveProcessing()` or with invalid input change nothing and give
///   an empty batch.
package struct UIEventTranslator: Sendable, Equatable {
    /// Tunable thresholds.
    package struct Configuration: Sendable, Equatable {
        /// How long a condition must hold before it is reported.
        package var onsetDelay: Duration
        /// Consecutive unreadable-MRZ frames (document otherwise fine) before occlusion is reported.
        package var occlusionFrames: Int

        package init(onsetDelay: Duration = .milliseconds(250), occlusionFrames: Int = 5) {
            self.onsetDelay = onsetDelay
            self.occlusionFrames = max(1, occlusionFrames)
        }
    }

    package let configuration: Configuration
    /// When each condition present on the last frame was first seen (uninterrupted since).
    private var firstSeen: [UIEvent: Duration] = [:]
    /// The side requested last.
    private(set) var requestedSide: DocumentSide = .front
    private var unreadableMRZStreak = 0

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The events to show after a frame processed at `time`.
    package mutating func translate(_ result: ProcessResult, at time: Duration) -> [UIEvent] {
        let analysis = result.inputImageAnalysisResult
        let status = result.resultCompleteness.scanningStatus
        if status == .cancelled || analysis.processingStatus == .invalidInput { return [] }

        if let side = Self.requestedSide(for: status), side != requestedSide {
            requestedSide = side
            firstSeen.removeAll()
            unreadableMRZStreak = 0
            return [.requestDocumentSide(side: side)]
        }

        let present = conditions(of: analysis)
        firstSeen = firstSeen.filter { present.contains($0.key) }
        for condition in present where firstSeen[condition] == nil {
            firstSeen[condition] = time
        }
        return
            firstSeen
            .filter { time - $0.value >= configuration.onsetDelay }
            .map(\.key)
            .sorted { $0.priority > $1.priority }
    }

    /// The side the scan asks for in a given status, if the status names one.
    private static func requestedSide(for status: ScanningStatus) -> DocumentSide? {
        switch status {
        case .sideScanned: return .back
        case .scanningBarcodeInProgress: return .barcode
        case .scanningSideInProgress, .documentScanned, .cancelled: return nil
        }
    }

    /// The guidance conditions visible in one frame (before debouncing).
    private mutating func conditions(of analysis: InputImageAnalysisResult) -> Set<UIEvent> {
        var present: Set<UIEvent> = []
        if analysis.processingStatus == .scanningWrongSide { present.insert(.wrongSide) }
        switch analysis.documentDetectionStatus {
        case .cameraTooClose: present.insert(.tooClose)
        case .cameraTooFar: present.insert(.tooFar)
        case .documentTooCloseToCameraEdge: present.insert(.tooCloseToEdge)
        case .cameraAngleTooSteep: present.insert(.tilt)
        case .documentPartiallyVisible: present.insert(.notFullyVisible)
        case .success, .failed: break
        }
        if analysis.blurDetected { present.insert(.blur) }
        if analysis.glareDetected { present.insert(.glare) }

        let unreadableButClear =
            analysis.processingStatus == .mrzParsingFailed
            && analysis.documentDetectionStatus == .success && !analysis.blurDetected && !analysis.glareDetected
        unreadableMRZStreak = unreadableButClear ? unreadableMRZStreak + 1 : 0
        if unreadableMRZStreak >= configuration.occlusionFrames { present.insert(.occlusion) }
        return present
    }
}
