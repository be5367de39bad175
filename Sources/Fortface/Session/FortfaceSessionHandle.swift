/// A running session, returned by the ``FortfaceManagerSession`` start calls (the guide ignores it:
/// the result reaches the engine either way).
///
/// ``cancel()`` is the back button. ``result`` waits for the result the engine receives.
public final class FortfaceSessionHandle: Sendable {
    let session: DocSession
    let task: Task<SessionEngineResult, Never>

    init(session: DocSession, task: Task<SessionEngineResult, Never>) {
        self.session = session
        self.task = task
    }

    /// Presses the back button: the session ends with ``SessionEngineAction/cancel`` and a
    /// `{key, data}` payload. Returns false, changing nothing, when the back button is hidden or
    /// the session already has its outcome.
    @discardableResult
    public func cancel() -> Bool {
        session.cancel()
    }

    /// The session's result, once the engine has received it.
    public var result: SessionEngineResult {
        get async { await task.value }
    }
}
