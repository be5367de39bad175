import Foundation

/// The JSON in ``SessionEngineResult/sessionDetails`` when a session ends with
/// ``SessionEngineAction/error``: `{"error": "<code>", "message": "<what to do>"}`, plus
/// `"reason"` for a refused session key.
///
/// ```swift
/// let details = try JSONDecoder().decode(SessionDetailsModel.self, from: sessionDetails)
/// if details.error == .fileSizeTooBig { ... }
/// ```
public struct SessionDetailsModel: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    /// The error codes a session reports.
    public enum ErrorCode: String, Codable, Sendable, CaseIterable {
        /// The selected file (PDF/image) cannot be found, or no file was selected.
        case documentNotFound
        /// The selected file is larger than 4,194,304 bytes (the guide's 4 MB).
        case fileSizeTooBig
        /// The selected file is empty, truncated, or not an image or PDF a decoder can open.
        case fileCorrupted
        /// The `sessionKey` is not the RSA public key PEM the Fortface API sent (see ``reason``).
        case invalidSessionKey
        /// The `sessionId` is empty or not the Fortface API's session id.
        case invalidSessionId
        /// The payload could not be sealed or the captured image could not be encoded.
        case captureFailed
    }

    /// What went wrong.
    public let error: ErrorCode
    /// A sentence saying what happened and what to do (never personal data).
    public let message: String
    /// For ``ErrorCode/invalidSessionKey``: `mangledNewlines`, `malformed`, `notRSA` or `tooSmall`.
    public let reason: String?

    init(error: ErrorCode, message: String, reason: String? = nil) {
        self.error = error
        self.message = message
        self.reason = reason
    }

    public var description: String { "\(error.rawValue): \(message)" }

    /// The JSON form handed to the app.
    func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a struct of strings cannot fail; an empty object is the fallback all the same.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    static let documentNotFound = SessionDetailsModel(
        error: .documentNotFound, message: "The selected file cannot be found. Choose another file.")
    static let noFileSelected = SessionDetailsModel(
        error: .documentNotFound, message: "No file was selected. Choose a PDF, JPEG or PNG file.")
    static let fileSizeTooBig = SessionDetailsModel(
        error: .fileSizeTooBig,
        message: "The selected file is larger than 4 MB (4,194,304 bytes). Choose a smaller file.")
    static func fileCorrupted(_ why: String) -> SessionDetailsModel {
        SessionDetailsModel(
            error: .fileCorrupted,
            message: "The selected file cannot be opened: \(why). Choose another file.")
    }
    static let invalidSessionId = SessionDetailsModel(
        error: .invalidSessionId,
        message: "The sessionId is empty or malformed. Pass the sessionId of the handshake unchanged.")
}
