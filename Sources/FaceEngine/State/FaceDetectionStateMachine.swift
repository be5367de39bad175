/// The face-detection state machine: a value type whose transitions are facts that happened at
/// a given time and return what to do. No clocks, no threads, no I/O: the owner passes each
/// frame's time and carries out the returned action.
///
/// ```
/// uninitialized ─engineReady→ idle ─startRequested→ scanning ─found→ detected
///                                                      │ no face for scanningTimeout → failed
/// detected ─not found→ recovery ─found→ detected
///                        │ not found for recoveryTimeout → failed
/// detected ─lost for the maximumLosses-th time within lossWindow→ failed
/// scanning/detected/recovery ─maximumProcessingFailures failed frames in a row→ failed
/// scanning/detected/recovery/failed ─restartRequested→ scanning (tracker reset)
/// scanning/detected/recovery/failed ─stopRequested→ idle
/// ```
///
/// Timeouts are measured between the times given with the events: a camera that stops
/// delivering frames leaves the state where it is. Frames reported while not running (idle,
/// uninitialised, failed) are ignored.
package struct FaceDetectionStateMachine: Sendable, Equatable {
    /// Timeouts and counts.
    package struct Configuration: Sendable, Equatable {
        /// How long a lost face may stay in ``FaceDetectionState/recovery`` before detection fails.
        package var recoveryTimeout: Duration = .seconds(3)
        /// How long ``FaceDetectionState/scanning`` may go without finding a face before detection fails.
        package var scanningTimeout: Duration = .seconds(20)
        /// Losing the face this many times within ``lossWindow`` fails detection (tracking too
        /// unstable to be useful: flickering glasses).
        package var maximumLosses = 6
        package var lossWindow: Duration = .seconds(10)
        /// Frames in a row whose processing threw (an engine error) before detection fails.
        package var maximumProcessingFailures = 3

        package init() {}
    }

    /// What the owner must do after a transition.
    package enum Action: Sendable, Equatable {
        /// Nothing changed.
        case none
        /// The state changed: publish it.
        case emitStateChanged(FaceDetectionState)
        /// Clear the tracker (the next frame searches the full frame); the state did not change.
        case resetTracker
        /// Clear the tracker, then publish the new state.
        case resetTrackerAndEmitStateChanged(FaceDetectionState)
        /// The request is not valid in the current state (given); nothing changed.
        case rejected(FaceDetectionState)
    }

    package let configuration: Configuration
    package private(set) var state: FaceDetectionState = .uninitialized

    private var scanningSince: Duration = .zero
    private var lostAt: Duration = .zero
    private var losses: [Duration] = []
    private var processingFailures = 0

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Whether frames should be processed (the tracker runs): scanning, detected or recovery.
    package var isRunning: Bool { state == .scanning || state == .detected || state == .recovery }

    /// The landmark model is loaded.
    package mutating func engineReady() -> Action {
        guard state == .uninitialized else { return .none }
        state = .idle
        return .emitStateChanged(.idle)
    }

    /// A session started at `time`.
    package mutating func startRequested(at time: Duration) -> Action {
        guard state == .idle else { return .rejected(state) }
        beginScanning(at: time)
        return .resetTrackerAndEmitStateChanged(.scanning)
    }

    /// The session stopped.
    package mutating func stopRequested() -> Action {
        switch state {
        case .uninitialized: return .rejected(state)
        case .idle: return .none
        case .scanning, .detected, .recovery, .failed:
            state = .idle
            return .emitStateChanged(.idle)
        }
    }

    /// `restartFaceDetection()` at `time`: scan again from scratch.
    package mutating func restartRequested(at time: Duration) -> Action {
        switch state {
        case .uninitialized, .idle: return .rejected(state)
        case .scanning:
            beginScanning(at: time)
            return .resetTracker
        case .detected, .recovery, .failed:
            beginScanning(at: time)
            return .resetTrackerAndEmitStateChanged(.scanning)
        }
    }

    /// A frame taken at `time` was processed; `found` says whether a face is tracked in it.
    package mutating func frameProcessed(found: Bool, at time: Duration) -> Action {
        guard isRunning else { return .none }
        processingFailures = 0
        switch (state, found) {
        case (.scanning, true), (.recovery, true):
            state = .detected
            return .emitStateChanged(.detected)
        case (.scanning, false):
            return time - scanningSince >= configuration.scanningTimeout ? fail() : .none
        case (.detected, true):
            return .none
        case (.detected, false):
            losses = losses.filter { time - $0 < configuration.lossWindow } + [time]
            if losses.count >= configuration.maximumLosses { return fail() }
            lostAt = time
            state = .recovery
            return .emitStateChanged(.recovery)
        case (.recovery, false):
            return time - lostAt >= configuration.recoveryTimeout ? fail() : .none
        default:
            return .none
        }
    }

    /// Processing the frame taken at `time` threw an engine error.
    package mutating func processingFailed(at time: Duration) -> Action {
        guard isRunning else { return .none }
        processingFailures += 1
        return processingFailures >= configuration.maximumProcessingFailures ? fail() : .none
    }

    private mutating func beginScanning(at time: Duration) {
        state = .scanning
        scanningSince = time
        losses = []
        processingFailures = 0
    }

    private mutating func fail() -> Action {
        state = .failed
        return .emitStateChanged(.failed)
    }
}
