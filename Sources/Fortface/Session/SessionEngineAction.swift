/// What ended a session: the `action` of a ``SessionEngineResult``.
public enum SessionEngineAction: String, Sendable, Codable, CaseIterable {
    /// A document was captured or uploaded; `data` holds `{key, data, imgData}`.
    case capture
    /// The user left with the back button; `data` holds `{key, data}` for the metrics call.
    case cancel
    /// The time limit ran out; `data` holds `{key, data}` for the metrics call.
    case timeout
    /// The camera is not accessible (permission refused, device missing or busy).
    case deniedCamera
    /// The capture or upload failed; `sessionDetails` holds a ``SessionDetailsModel`` JSON.
    case error
}
