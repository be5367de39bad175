/// The global actor on which BlinkID sessions process frames and hand out results.
///
/// `BlinkIDSession.process(inputImage:)` and `BlinkIDSession.getResult()` run here, so a session's
/// state is touched by one frame at a time. The pixel work of a frame (localisation, rectification,
/// OCR) runs inside the call, on this actor's executor; callers that must not wait should call
/// `process` from a task of their own, as the guide's analyzer does.
@globalActor
public actor ProcessingActor {
    /// The shared instance.
    public static let shared = ProcessingActor()
}
