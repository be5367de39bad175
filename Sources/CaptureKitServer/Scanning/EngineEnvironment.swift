import Foundation

/// What the self-hosted engine routes share: the document scanner, the try-on engine, the bounded
/// queue in front of them, and the clock their time limit is measured on.
package struct EngineEnvironment: Sendable {
    /// Scans documents for `POST /v1/documents/scan`.
    package var documentScanner: any DocumentScanning
    /// Draws catalog frames on faces for `POST /v1/eyewear/tryon`.
    package var tryOn: EyewearTryOnEngine
    /// The queue every engine job goes through.
    package var queue: EngineQueue
    /// Measures the per-request time limit (a manual clock in tests).
    package var clock: any Clock<Duration>

    package init(
        documentScanner: any DocumentScanning, tryOn: EyewearTryOnEngine, queue: EngineQueue,
        clock: any Clock<Duration>
    ) {
        self.documentScanner = documentScanner
        self.tryOn = tryOn
        self.queue = queue
        self.clock = clock
    }
}
