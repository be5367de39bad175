package import Foundation

/// How the search for a document ended, before the payload is sealed.
package enum SessionOutcome: Sendable, Equatable {
    /// A camera frame was captured (JPEG bytes).
    case captured(CapturedDocument)
    /// A file passed the upload checks.
    case uploaded(UploadedDocument)
    /// The back button.
    case cancelled(attempts: Int)
    /// The time limit.
    case timedOut(attempts: Int)
    /// The camera could not be opened.
    case cameraDenied
    /// The session failed before sealing.
    case failed(SessionDetailsModel)

    /// The action the engine will see for this outcome.
    package var action: SessionEngineAction {
        switch self {
        case .captured, .uploaded: return .capture
        case .cancelled: return .cancel
        case .timedOut: return .timeout
        case .cameraDenied: return .deniedCamera
        case .failed: return .error
        }
    }
}

/// A captured camera frame, encoded.
package struct CapturedDocument: Sendable, Equatable {
    package var jpeg: Data
    package var documentType: DocumentTypeEnum?
    package var attempts: Int
    package var capturedAt: Date
}
