import CaptureCore

/// Namespace for the document engine's version and shared constants.
package enum DocumentEngineInfo {
    /// Version of the engine, reported by the CLI and embedded in results.
    package static let version = "0.1.0"
}
