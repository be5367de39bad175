/// The side-by-side progress of a scan, as a value type with one transition per analysed frame.
///
/// It holds no pixels and does no I/O: the session feeds it what the engine concluded about a
/// frame (the MRZ side of it, and the PDF417 side of it) and applies the returned outcome. Rules:
///
/// - A TD1 card (ID-1 size, MRZ on the back) is scanned front first, then back, in
///   ``ScanningMode/automatic``. Its MRZ side shown first is the wrong side.
/// - A North American card (ID-1 front without MRZ, PDF417 barcode on the back) likewise: front,
///   then the back, whose barcode finishes the scan. Its barcode side shown first is the wrong side.
/// - A frame whose MRZ is seen but not read while a barcode is seen counts as a barcode side.
/// - A back that carries both an MRZ and a barcode is done when both are read: once the MRZ is
///   read while the barcode is seen but not read, the scan enters the barcode step
///   (``ScanningStatus/scanningBarcodeInProgress``) until the barcode reads.
/// - Passports (TD3), TD2 documents and visas (MRV-A/B) carry the MRZ on their data page: one side.
/// - In ``ScanningMode/single`` whatever side is read first completes the scan.
struct ScanFlow: Sendable, Equatable {
    /// What the engine concluded about one frame's document and MRZ.
    enum Observation: Sendable, Equatable {
        /// The frame or its region of interest was invalid.
        case invalidInput
        /// No document, or one too badly placed or degraded to use.
        case unusable(ProcessingStatus)
        /// An ID-1 card side without an MRZ, sharp and well placed (a front side).
        case frontSide
        /// An MRZ was seen but is not read yet (checks fail or frames disagree so far).
        case mrzPending(isTD1: Bool)
        /// An MRZ was read with all check digits agreeing.
        case mrzRead(isTD1: Bool)
    }

    /// What the PDF417 reader concluded about one frame.
    enum BarcodeObservation: Sendable, Equatable {
        /// No barcode was looked for, or none was found.
        case none
        /// A barcode was found but not read (error correction failed or the content was rejected).
        case seen
        /// A barcode was read and its AAMVA file validated.
        case read
    }

    /// What the session reports for the frame.
    struct Outcome: Sendable, Equatable {
        var processingStatus: ProcessingStatus
        var scanningStatus: ScanningStatus
        /// The side the frame was matched against.
        var side: ScanningSide
        /// Whether the frame's MRZ reading should be kept as the document's MRZ.
        var acceptsMRZ: Bool = false
        /// Whether the frame's barcode reading should be kept as the document's barcode.
        var acceptsBarcode: Bool = false
        /// Whether the frame's images should be kept as this side's images.
        var acceptsSideImages: Bool = false
    }

    enum State: Sendable, Equatable {
        case firstSide
        /// The front of an ID-1 card is done; its back (MRZ or barcode) is awaited.
        case secondSide
        /// The MRZ of `side` is read; the barcode on the same side is awaited.
        case barcodeStep(ScanningSide)
        case finished
    }

    private(set) var state: State = .firstSide
    let mode: ScanningMode

    init(mode: ScanningMode) {
        self.mode = mode
    }

    /// Whether the scan is complete.
    var isFinished: Bool { state == .finished }

    /// Whether the MRZ is already read and only the barcode is awaited.
    var isBarcodeStep: Bool {
        if case .barcodeStep = state { return true }
        return false
    }

    /// The side currently expected.
    var currentSide: ScanningSide {
        switch state {
        case .firstSide, .finished: return .first
        case .secondSide: return .second
        case let .barcodeStep(side): return side
        }
    }

    /// Applies one frame's observations; returns nil once the scan has finished (frames are ignored).
    mutating func frameAnalyzed(_ observation: Observation, barcode: BarcodeObservation = .none) -> Outcome? {
        let side = currentSide
        var observation = observation
        // Text lines of a barcode side can look like an MRZ that never reads: with a barcode in
        // sight, an unread MRZ does not make the frame an MRZ side.
        if case .mrzPending = observation, barcode != .none { observation = .unusable(.mrzParsingFailed) }
        switch (state, observation) {
        case (.finished, _):
            return nil
        case (.barcodeStep, _):
            return barcodeStepOutcome(observation, barcode: barcode, side: side)
        case (_, .invalidInput):
            return Outcome(processingStatus: .invalidInput, scanningStatus: .scanningSideInProgress, side: side)

        case (.firstSide, .unusable), (.firstSide, .frontSide):
            switch barcode {
            case .read:
                if mode == .single { return finish(side: side, mrz: false, barcode: true) }
                return wrongSide(side)
            case .seen:
                if mode == .single {
                    return Outcome(
                        processingStatus: .barcodeRecognitionFailed,
                        scanningStatus: .scanningBarcodeInProgress, side: side)
                }
                return wrongSide(side)
            case .none:
                guard observation == .frontSide else { return unusable(observation, side: side) }
                if mode == .single { return finish(side: side, mrz: false, barcode: false) }
                state = .secondSide
                return Outcome(
                    processingStatus: .success, scanningStatus: .sideScanned, side: side,
                    acceptsSideImages: true)
            }

        case (.secondSide, .unusable), (.secondSide, .frontSide):
            switch barcode {
            case .read:
                return finish(side: side, mrz: false, barcode: true)
            case .seen:
                return Outcome(
                    processingStatus: .barcodeRecognitionFailed, scanningStatus: .scanningBarcodeInProgress,
                    side: side)
            case .none:
                guard observation == .frontSide else { return unusable(observation, side: side) }
                return wrongSide(side)
            }

        case let (.firstSide, .mrzPending(isTD1)), let (.firstSide, .mrzRead(isTD1)):
            if isTD1 && mode == .automatic { return wrongSide(side) }
            return mrzOutcome(observation, barcode: isTD1 ? barcode : .none, side: side)
        case let (.secondSide, .mrzPending(isTD1)), let (.secondSide, .mrzRead(isTD1)):
            guard isTD1 else { return wrongSide(side) }
            return mrzOutcome(observation, barcode: barcode, side: side)
        }
    }

    private func wrongSide(_ side: ScanningSide) -> Outcome {
        Outcome(processingStatus: .scanningWrongSide, scanningStatus: .scanningSideInProgress, side: side)
    }

    private func unusable(_ observation: Observation, side: ScanningSide) -> Outcome {
        let status: ProcessingStatus
        if case let .unusable(s) = observation { status = s } else { status = .detectionFailed }
        return Outcome(processingStatus: status, scanningStatus: .scanningSideInProgress, side: side)
    }

    private mutating func finish(side: ScanningSide, mrz: Bool, barcode: Bool) -> Outcome {
        state = .finished
        return Outcome(
            processingStatus: .success, scanningStatus: .documentScanned, side: side, acceptsMRZ: mrz,
            acceptsBarcode: barcode, acceptsSideImages: true)
    }

    private mutating func mrzOutcome(
        _ observation: Observation, barcode: BarcodeObservation,
        side: ScanningSide
    ) -> Outcome {
        guard case .mrzRead = observation else {
            return Outcome(processingStatus: .mrzParsingFailed, scanningStatus: .scanningSideInProgress, side: side)
        }
        switch barcode {
        case .read:
            return finish(side: side, mrz: true, barcode: true)
        case .none:
            return finish(side: side, mrz: true, barcode: false)
        case .seen:
            state = .barcodeStep(side)
            return Outcome(
                processingStatus: .barcodeRecognitionFailed, scanningStatus: .scanningBarcodeInProgress,
                side: side, acceptsMRZ: true, acceptsSideImages: true)
        }
    }

    /// The MRZ is read; only a read barcode finishes the scan.
    private mutating func barcodeStepOutcome(
        _ observation: Observation, barcode: BarcodeObservation,
        side: ScanningSide
    ) -> Outcome {
        if barcode == .read {
            state = .finished
            return Outcome(
                processingStatus: .success, scanningStatus: .documentScanned, side: side,
                acceptsBarcode: true)
        }
        let status: ProcessingStatus
        switch observation {
        case .invalidInput: status = .invalidInput
        case let .unusable(s) where barcode == .none: status = s
        default: status = .barcodeRecognitionFailed
        }
        return Outcome(processingStatus: status, scanningStatus: .scanningBarcodeInProgress, side: side)
    }
}
