/// How a scan ended, as returned by ``CameraFrameAnalyzer/result()``.
public enum ScanningResult<ResultType: Sendable, AlertType: Sendable>: Sendable {
    /// The document was scanned; the session's result.
    case completed(ResultType)
    /// The scan stopped on its own before completing (for example a timeout); show the alert and offer
    /// to try again with `restart()`.
    case interrupted(AlertType)
    /// The scan was cancelled with `cancel()` (the caller stopped it, for example when leaving the screen).
    case cancelled
    /// The scan was ended with `end()` (the user pressed the close button).
    case ended
}

/// Why a BlinkID scan was interrupted.
public enum BlinkIDScanningAlertType: Sendable, Equatable, CustomStringConvertible {
    /// No document was scanned in time (per step: the first side, then the second).
    case timeout

    public var description: String {
        switch self {
        case .timeout: return "The document was not scanned in time; check the lighting and try again."
        }
    }
}
