/// Why a payload could not be sealed or opened.
///
/// Opening deliberately has ONE generic failure, ``invalidPayload``, for every unwrap, decrypt,
/// length, encoding and format problem, so the API is not a padding or format oracle.
package enum PayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The payload could not be opened (any encoding, length, key-unwrap, decryption or format failure).
    case invalidPayload
    /// The image is larger than ``UploadLimits/maximumFileBytes``.
    case fileTooBig(bytes: Int)
    /// The image does not match the size or SHA-256 recorded in the metadata.
    case imageMismatch
    /// A successful capture without an image.
    case missingImage
    /// A cancel, timeout or error payload carrying an image (those carry `{key, data}` only).
    case unexpectedImage
    /// The metadata names another session than the one the payload is sealed for.
    case sessionMismatch
    /// Encryption failed (the session key cannot wrap the payload key).
    case sealingFailed

    package var description: String {
        switch self {
        case .invalidPayload: return "The payload is invalid: it was altered, truncated or sealed for another session."
        case let .fileTooBig(bytes):
            return "The file has \(bytes) bytes, more than the \(UploadLimits.maximumFileBytes) (4 MB) accepted."
        case .imageMismatch: return "The image does not match the size or digest in the payload's metadata."
        case .missingImage: return "A successful capture payload has no image."
        case .unexpectedImage: return "A cancel, timeout or error payload must not carry an image."
        case .sessionMismatch: return "The metadata's session id is not the session the payload is sealed for."
        case .sealingFailed: return "The payload could not be encrypted under the session key."
        }
    }
}
