package import CaptureCore

/// Face detection for one camera stream: the ``TryOnPipeline`` driven by the
/// ``FaceDetectionStateMachine``, with every event timed by an injected clock.
///
/// The owner (the FBx manager, an actor) keeps one session, calls ``engineReady()``,
/// ``start()``, ``stop()``, ``restart()`` and ``process(_:asset:)``, and publishes the state each
/// returns in ``Outcome/changed(_:)``. The session carries out the machine's other actions itself
/// (it resets the tracker). Tests inject a manual clock; the product passes `ContinuousClock`.
package struct FaceDetectionSession<C: Clock>: Sendable where C.Duration == Duration {
    /// What an event did to the face-detection state.
    package enum Outcome: Sendable, Equatable {
        /// The state did not change.
        case unchanged
        /// The state changed to this one: publish it.
        case changed(FaceDetectionState)
        /// The request is not valid in this (current) state; nothing changed.
        case rejected(FaceDetectionState)
    }

    /// What one frame gave.
    package struct FrameResult: Sendable {
        /// The pipeline's output; nil when detection is not running or processing failed.
        package var output: TryOnPipeline.Output?
        /// The engine error of this frame, if processing failed.
        package var error: FaceEngineError?
        package var outcome: Outcome
    }

    package private(set) var machine: FaceDetectionStateMachine
    package private(set) var pipeline: TryOnPipeline
    private let clock: C
    private let origin: C.Instant

    package init(
        pipeline: TryOnPipeline, clock: C,
        configuration: FaceDetectionStateMachine.Configuration = .init()
    ) {
        self.machine = FaceDetectionStateMachine(configuration: configuration)
        self.pipeline = pipeline
        self.clock = clock
        self.origin = clock.now
    }

    /// The current state.
    package var state: FaceDetectionState { machine.state }

    /// The landmark model is loaded (uninitialized → idle).
    package mutating func engineReady() -> Outcome { carryOut(machine.engineReady()) }

    /// A session started: scan for a face.
    package mutating func start() -> Outcome { carryOut(machine.startRequested(at: elapsed)) }

    /// The session stopped.
    package mutating func stop() -> Outcome { carryOut(machine.stopRequested()) }

    /// `restartFaceDetection()`: forget the face and scan again.
    package mutating func restart() -> Outcome { carryOut(machine.restartRequested(at: elapsed)) }

    /// Tracks the face in `image` and, with `asset`, draws the frame model on it. Frames are
    /// ignored (no output) while detection is not running: idle, uninitialised or failed.
    package mutating func process(_ image: inout RGBAImage, asset: EyewearAsset?) -> FrameResult {
        guard machine.isRunning else { return FrameResult(output: nil, error: nil, outcome: .unchanged) }
        let time = elapsed
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
        do {
            let output = try pipeline.process(&image, at: seconds, asset: asset)
            let outcome = carryOut(machine.frameProcessed(found: output.tracking.face != nil, at: time))
            return FrameResult(output: output, error: nil, outcome: outcome)
        } catch {
            return FrameResult(output: nil, error: error, outcome: carryOut(machine.processingFailed(at: time)))
        }
    }

    private var elapsed: Duration { origin.duration(to: clock.now) }

    private mutating func carryOut(_ action: FaceDetectionStateMachine.Action) -> Outcome {
        switch action {
        case .none:
            return .unchanged
        case let .emitStateChanged(state):
            return .changed(state)
        case .resetTracker:
            pipeline.reset()
            return .unchanged
        case let .resetTrackerAndEmitStateChanged(state):
            pipeline.reset()
            return .changed(state)
        case let .rejected(state):
            return .rejected(state)
        }
    }
}
