/// Why the face engine could not do what was asked. Messages never contain pixel data.
package enum FaceEngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The landmark model file does not exist or cannot be opened.
    case modelNotFound(path: String)
    /// The landmark model file exists but is not a model the backend can read.
    case modelUnreadable(path: String, reason: String)
    /// An input was unusable (an empty image, a degenerate face placement, ...).
    case invalidInput(String)
    /// The native library ran out of memory.
    case outOfMemory
    /// The native library failed for another reason.
    case backendFailure(operation: String, reason: String)

    package var description: String {
        switch self {
        case let .modelNotFound(path):
            return "The face landmark model \(path) is missing: run scripts/bootstrap "
                + "(apt-get install libdlib-data) or pass the path of a shape_predictor_68_face_landmarks.dat."
        case let .modelUnreadable(path, reason):
            return "The face landmark model \(path) cannot be read (\(reason)): reinstall libdlib-data "
                + "or pass a dlib 68-point shape predictor."
        case let .invalidInput(reason):
            return "The face engine rejected its input: \(reason)."
        case .outOfMemory:
            return "The face engine ran out of memory: use smaller frames."
        case let .backendFailure(operation, reason):
            return "The face engine failed while \(operation): \(reason)."
        }
    }
}
