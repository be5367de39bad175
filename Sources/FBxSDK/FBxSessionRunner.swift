package import CaptureCore
package import FaceEngine

/// Owns one ``FaceDetectionSession`` (tracker, pose, renderer, state machine on clock `C`) and
/// the selected frame, so that the frame loop, `setFrame` and `restartFaceDetection` never race.
package actor FBxSessionRunner<C: Clock>: FBxSessionDriving where C.Duration == Duration {
    private var session: FaceDetectionSession<C>
    private var asset: EyewearAsset?

    package init(pipeline: TryOnPipeline, clock: C, configuration: FaceDetectionStateMachine.Configuration) {
        session = FaceDetectionSession(pipeline: pipeline, clock: clock, configuration: configuration)
    }

    package func engineReady() -> FaceDetectionState? { Self.changed(session.engineReady()) }

    package func start(asset: EyewearAsset?) -> FaceDetectionState? {
        self.asset = asset
        return Self.changed(session.start())
    }

    package func stop() -> FaceDetectionState? { Self.changed(session.stop()) }

    package func restart() -> FaceDetectionState? { Self.changed(session.restart()) }

    package func setAsset(_ asset: EyewearAsset?) { self.asset = asset }

    package func process(_ frame: Frame, index: Int) -> FBxSessionStep {
        var image = frame.image
        let result = session.process(&image, asset: asset)
        let rendered = FBxRenderedFrame(
            index: index, timestamp: frame.timestamp, faceDetected: result.output?.tracking.face != nil,
            glassesDrawn: result.output?.placement != nil, image: image)
        return FBxSessionStep(rendered: rendered, changedState: Self.changed(result.outcome), error: result.error)
    }

    private static func changed(_ outcome: FaceDetectionSession<C>.Outcome) -> FaceDetectionState? {
        if case let .changed(state) = outcome { return state }
        return nil
    }
}

/// Builds a runner for any clock (opens the existential).
package func makeSessionRunner(
    pipeline: TryOnPipeline, clock: some Clock<Duration>, configuration: FaceDetectionStateMachine.Configuration
) -> any FBxSessionDriving {
    FBxSessionRunner(pipeline: pipeline, clock: clock, configuration: configuration)
}
