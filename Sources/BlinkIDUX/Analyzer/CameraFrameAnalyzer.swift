public import BlinkID

/// A component that analyzes camera frames and reports UI events and a final result (the guide's
/// contract between a camera loop and a scanning UI).
///
/// `ResultType` and `AlertType` are the parameters of the ``ScanningResult`` that ``result()``
/// returns; for ``BlinkIDAnalyzer`` they are `BlinkIDScanningResult` and ``BlinkIDScanningAlertType``.
/// A view model that holds any analyzer names them:
/// `let analyzer: any CameraFrameAnalyzer<BlinkIDScanningResult, BlinkIDScanningAlertType>`.
public protocol CameraFrameAnalyzer<ResultType, AlertType>: Sendable {
    /// What a completed scan produces.
    associatedtype ResultType: Sendable
    /// Why a scan can be interrupted.
    associatedtype AlertType: Sendable
    /// The kind of event stream the analyzer reports on.
    associatedtype Events: EventStream

    /// Processes one camera frame.
    func analyze(image: CameraFrame) async
    /// Stops the scan at once; ``result()`` returns ``ScanningResult/cancelled``.
    func cancel() async
    /// Ignores frames until ``resume()``, keeping the scan's progress.
    func pause() async
    /// Accepts frames again after ``pause()``.
    func resume() async
    /// Starts a new scan from the beginning.
    func restart() async throws
    /// Ends the scan (the user closed it); ``result()`` returns ``ScanningResult/ended``.
    func end() async
    /// The scan's outcome, once there is one.
    func result() async -> ScanningResult<ResultType, AlertType>
    /// The stream of UI events.
    var events: Events { get }
}
