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
/// Timeouts are measured between the times given with the events (the owner reads them from
/// its injected clock): a camera that stops delivering frames leaves the state where it is.
/// Frames reported while not running (idle, uninitialised, failed) are ignored.
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
    private var phase: Phase = .uninitialized

    /// The state with what is valid only in it: since when scanning, which recent losses count
    /// toward ``Configuration/maximumLosses``, when the face was lost, and how many frames in a
    /// row failed to process.
    private enum Phase: Sendable, Equatable {
        case uninitialized
        case idle
        case scanning(since: Duration, failures: Int)
        case detected(losses: [Duration], failures: Int)
        case recovery(lostAt: Duration, losses: [Duration], failures: Int)
        case failed
    }

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The current state, as the guide names it.
    package var state: FaceDetectionState {
        switch phase {
        case .uninitialized: return .uninitialized
        case .idle: return .idle
        case .scanning: return .scanning
        case .detected: return .detected
        case .recovery: return .recovery
        case .failed: return .failed
        }
    }

    /// Whether frames should be processed (the tracker runs): scanning, detected or recovery.
    package var isRunning: Bool { state == .scanning || state == .detected || state == .recovery }

    /// The landmark model is loaded.
    package mutating func engineReady() -> Action {
        guard phase == .uninitialized else { return .none }
        phase = .idle
        return .emitStateChanged(.idle)
    }

    /// A session started at `time`.
    package mutating func startRequested(at time: Duration) -> Action {
        guard phase == .idle else { return .rejected(state) }
        phase = .scanning(since: time, failures: 0)
        return .resetTrackerAndEmitStateChanged(.scanning)
    }

    /// The session stopped.
    package mutating func stopRequested() -> Action {
        switch phase {
        case .uninitialized: return .rejected(state)
        case .idle: return .none
        case .scanning, .detected, .recovery, .failed:
            phase = .idle
            return .emitStateChanged(.idle)
        }
    }

    /// `restartFaceDetection()` at `time`: scan again from scratch.
    package mutating func restartRequested(at time: Duration) -> Action {
        switch phase {
        case .uninitialized, .idle: return .rejected(state)
        case .scanning:
            phase = .scanning(since: time, failures: 0)
            return .resetTracker
        case .detected, .recovery, .failed:
            phase = .scanning(since: time, failures: 0)
            return .resetTrackerAndEmitStateChanged(.scanning)
        }
    }

    /// A frame taken at `time` was processed; `found` says whether a face is tracked in it.
    package mutating func frameProcessed(found: Bool, at time: Duration) -> Action {
        switch (phase, found) {
        case (.uninitialized, _), (.idle, _), (.failed, _):
            return .none
        case (.scanning, true):
            phase = .detected(losses: [], failures: 0)
            return .emitStateChanged(.detected)
        case let (.recovery(_, losses, _), true):
            phase = .detected(losses: losses, failures: 0)
            return .emitStateChanged(.detected)
        case let (.scanning(since, _), false):
            if time - since >= configuration.scanningTimeout { return fail() }
            phase = .scanning(since: since, failures: 0)
            return .none
        case let (.detected(losses, _), true):
            phase = .detected(losses: losses, failures: 0)
            return .none
        case let (.detected(losses, _), false):
            let recent = losses.filter { time - $0 < configuration.lossWindow } + [time]
            if recent.count >= configuration.maximumLosses { return fail() }
            phase = .recovery(lostAt: time, losses: recent, failures: 0)
            return .emitStateChanged(.recovery)
        case let (.recovery(lostAt, losses, _), false):
            if time - lostAt >= configuration.recoveryTimeout { return fail() }
            phase = .recovery(lostAt: lostAt, losses: losses, failures: 0)
            return .none
        }
    }

    /// Processing the frame taken at `time` threw an engine error.
    package mutating func processingFailed(at time: Duration) -> Action {
        let failures: Int
        switch phase {
        case .uninitialized, .idle, .failed:
            return .none
        case let .scanning(since, count):
            failures = count + 1
            phase = .scanning(since: since, failures: failures)
        case let .detected(losses, count):
            failures = count + 1
            phase = .detected(losses: losses, failures: failures)
        case let .recovery(lostAt, losses, count):
            failures = count + 1
            phase = .recovery(lostAt: lostAt, losses: losses, failures: failures)
        }
        return failures >= configuration.maximumProcessingFailures ? fail() : .none
    }

    private mutating func fail() -> Action {
        phase = .failed
        return .emitStateChanged(.failed)
    }
}
