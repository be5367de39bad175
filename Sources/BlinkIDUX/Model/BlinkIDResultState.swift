/// What `BlinkIDUXModel.result` publishes when a scan is over: the session's result when the document
/// was scanned, nil when the user ended the scan.
public struct BlinkIDResultState: Sendable {
    /// The scanned document, or nil when the scan was ended without one.
    public let scanningResult: BlinkIDScanningResult?

    public init(scanningResult: BlinkIDScanningResult?) {
        self.scanningResult = scanningResult
    }
}
