/// The guide's customisation: the session time limit, the back button and the texts.
public struct FortfaceCustomization: Sendable, Equatable {
    /// Seconds a session stays open, captured or not, before it ends with ``SessionEngineAction/timeout``.
    /// Default 20. Values below 1 are treated as 1.
    public var timeoutSeconds: Int
    /// Hides the back button; the session then never ends with ``SessionEngineAction/cancel``
    /// (``FortfaceSessionHandle/cancel()`` does nothing and returns false).
    public var hideBackButton: Bool
    /// The texts shown.
    public var texts: FortfaceTexts

    /// A customisation with the guide's defaults for anything not given.
    public init(timeoutSeconds: Int = 20, hideBackButton: Bool = false, texts: FortfaceTexts = FortfaceTexts()) {
        self.timeoutSeconds = timeoutSeconds
        self.hideBackButton = hideBackButton
        self.texts = texts
    }

    /// The time limit as a duration.
    var timeout: Duration { .seconds(max(1, timeoutSeconds)) }
}
