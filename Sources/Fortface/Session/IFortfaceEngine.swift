/// The app's side of a session: receives the result once the session ends.
///
/// Implement it in a class, as the guide's `Engine` does. The protocol is main-actor isolated (on
/// iOS the SDK's view controller calls it from the main thread; on Linux the SDK hops there before
/// calling), so a conforming class is main-actor isolated and may be handed to the SDK freely.
@MainActor
public protocol IFortfaceEngine: AnyObject, Sendable {
    /// Called exactly once per session with what ended it.
    func finishedSessionEngine(sessionEngineResult: SessionEngineResult)
}
