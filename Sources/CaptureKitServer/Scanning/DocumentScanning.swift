package import BlinkID
package import CaptureCore
package import DocumentScanReport

/// Scans decoded photos of one document for `POST /v1/documents/scan`. The server uses
/// ``BlinkIDDocumentScanner``; tests wrap it to hold a scan open.
package protocol DocumentScanning: Sendable {
    /// Scans `images` (front, then back) in one photo-mode session.
    /// - Parameters:
    ///   - input: The report's `input` field.
    ///   - mode: One side is enough (`single`) or a two-sided document needs both (`automatic`).
    ///   - includeImages: Whether the report carries the document, face and signature crops.
    /// - Throws: ``APIError/engineUnavailable`` when the engine cannot be loaded; `CancellationError`.
    func scan(
        _ images: [RGBAImage], input: String, mode: ScanningMode, includeImages: Bool
    ) async throws
        -> ScanReport
}
