/// The side-by-side progress of a scan, as a value type with one transition per analysed frame.
///
/// It holds no pixels and does no I/O: the session feeds it what the engine concluded about a
/// frame and applies the returned outcome. Rules (ICAO layouts):
///
/// - A TD1 card (ID-1 size, MRZ on the back) is scanned front first, then back, in
///   ``ScanningMode/automatic``. Its MRZ side shown first is the wrong side.
/// - Passports (TD3), TD2 documents and visas (MRV-A/B) carry the MRZ on their data page: one side.
/// - In ``ScanningMode/single`` whatever side is read first completes the scan.
struct ScanFlow: Sendable, Equatable {
    /// What the engine concluded about one frame.
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

    /// What the session reports for the frame.
    struct Outcome: Sendable, Equatable {
        var processingStatus: ProcessingStatus
        var scanningStatus: ScanningStatus
        /// The side the frame was matched against.
        var side: ScanningSide
        /// Whether the frame's MRZ reading should be kept as the document's MRZ.
        var acceptsMRZ: Bool = false
        /// Whether the frame's images should be kept as this side's images.
        var acceptsSideImages: Bool = false
    }

    enum State: Sendable, Equatable {
        case firstSide
        /// The front of a TD1 card is done; its MRZ side is awaited.
        case secondSide
        case finished
    }

    private(set) var state: State = .firstSide
    let mode: ScanningMode

    init(mode: ScanningMode) {
        self.mode = mode
    }

    /// Whether the scan is complete.
    var isFinished: Bool { state == .finished }

    /// The side currently expected.
    var currentSide: ScanningSide { state == .secondSide ? .second : .first }

    /// Applies one frame's observation; returns nil once the scan has finished (frames are ignored).
    mutating func frameAnalyzed(_ observation: Observation) -> Outcome? {
        let side = currentSide
        switch (state, observation) {
        case (.finished, _):
            return nil
        case (_, .invalidInput):
            return Outcome(processingStatus: .invalidInput, scanningStatus: .scanningSideInProgress, side: side)
        case let (_, .unusable(status)):
            return Outcome(processingStatus: status, scanningStatus: .scanningSideInProgress, side: side)

        case (.firstSide, .frontSide):
            if mode == .single {
                state = .finished
                return Outcome(processingStatus: .success, scanningStatus: .documentScanned, side: side,
                               acceptsSideImages: true)
            }
            state = .secondSide
            return Outcome(processingStatus: .success, scanningStatus: .sideScanned, side: side,
                           acceptsSideImages: true)
        case (.secondSide, .frontSide):
            return Outcome(processingStatus: .scanningWrongSide, scanningStatus: .scanningSideInProgress, side: side)

        case let (.firstSide, .mrzPending(isTD1)), let (.firstSide, .mrzRead(isTD1)):
            if isTD1 && mode == .automatic {
                return Outcome(processingStatus: .scanningWrongSide, scanningStatus: .scanningSideInProgress,
                               side: side)
            }
            return mrzOutcome(observation, side: side)
        case let (.secondSide, .mrzPending(isTD1)), let (.secondSide, .mrzRead(isTD1)):
            guard isTD1 else {
                return Outcome(processingStatus: .scanningWrongSide, scanningStatus: .scanningSideInProgress,
                               side: side)
            }
            return mrzOutcome(observation, side: side)
        }
    }

    private mutating func mrzOutcome(_ observation: Observation, side: ScanningSide) -> Outcome {
        guard case .mrzRead = observation else {
            return Outcome(processingStatus: .mrzParsingFailed, scanningStatus: .scanningSideInProgress, side: side)
        }
        state = .finished
        return Outcome(processingStatus: .success, scanningStatus: .documentScanned, side: side,
                       acceptsMRZ: true, acceptsSideImages: true)
    }
}
