public import Foundation

/// The outcome of one session, handed to ``IFortfaceEngine/finishedSessionEngine(sessionEngineResult:)``
/// exactly once.
///
/// Switch on it as the guide does; the cases match on ``action`` alone:
/// ```swift
/// switch sessionEngineResult {
/// case .capture: captured(data: sessionEngineResult.data ?? Data())
/// case .cancel: canceled(data: sessionEngineResult.data ?? Data())
/// case .timeout: timeout(data: sessionEngineResult.data ?? Data())
/// case .deniedCamera: cameraNotAuthorized()
/// case .error: handleErrorAction(sessionDetails: sessionEngineResult.sessionDetails ?? Data())
/// default: return
/// }
/// ```
public struct SessionEngineResult: Sendable, Equatable {
    /// What ended the session.
    public let action: SessionEngineAction
    /// The encrypted payload as JSON: `{key, data, imgData}` for ``capture``, `{key, data}` for
    /// ``cancel`` and ``timeout``, nil otherwise.
    public let data: Data?
    /// For ``error``: a JSON object decodable as ``SessionDetailsModel``; nil otherwise.
    public let sessionDetails: Data?

    init(action: SessionEngineAction, data: Data? = nil, sessionDetails: Data? = nil) {
        self.action = action
        self.data = data
        self.sessionDetails = sessionDetails
    }

    /// A session that ended with an error described by `details`.
    init(error details: SessionDetailsModel) {
        self.init(action: .error, sessionDetails: details.jsonData())
    }

    /// Matches results that ended in a capture (pattern for `switch`).
    public static let capture = SessionEngineResult(action: .capture)
    /// Matches results that ended with the back button (pattern for `switch`).
    public static let cancel = SessionEngineResult(action: .cancel)
    /// Matches results that ended on the time limit (pattern for `switch`).
    public static let timeout = SessionEngineResult(action: .timeout)
    /// Matches results where the camera was not accessible (pattern for `switch`).
    public static let deniedCamera = SessionEngineResult(action: .deniedCamera)
    /// Matches results that ended in an error (pattern for `switch`).
    public static let error = SessionEngineResult(action: .error)

    /// `case .capture:` in a `switch` matches on the action only, whatever the payload.
    public static func ~= (pattern: SessionEngineResult, value: SessionEngineResult) -> Bool {
        pattern.action == value.action
    }
}
