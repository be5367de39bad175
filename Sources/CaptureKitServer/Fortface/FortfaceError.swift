package import FortfaceWire
import HTTPTypes

/// Why a Fortface route refused a request. ``apiError`` is what the client sees; the case itself is
/// for tests and for the log's `reason` (never personal data).
package enum FortfaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No or wrong `Authorization: Bearer <API key>`, or a revoked key or customer.
    case unauthorized
    /// The device token was refused (the case says why; the client sees one generic error).
    case deviceToken(DeviceTokenError)
    /// The key pool is empty: back-pressure.
    case sessionKeysExhausted(retryAfterSeconds: Int)
    /// This customer used up its share of handshakes (the others are still served).
    case handshakeQuotaExceeded(retryAfterSeconds: Int)
    /// No session with this id for this customer.
    case sessionNotFound
    /// The session expired before a payload consumed it.
    case sessionExpired
    /// A different payload was already accepted on this session.
    case sessionKeyAlreadyUsed
    /// The payload could not be opened or does not hold together.
    case payload(PayloadError)
    /// The image is not a JPEG, PNG or PDF that a decoder can open (or it decompresses past the limit).
    case fileCorrupted
    /// A capture sent to `/v1/metrics`, or a cancel/timeout sent to `/v1/documents`.
    case wrongRoute(status: String)
    /// A second side without the first side's `documentId`.
    case frontSideRequired
    /// A first side that names a `documentId`.
    case documentIdOnFirstSide
    /// No document with this id for this customer.
    case documentNotFound
    /// The document already has its second side.
    case documentAlreadyComplete
    /// The second side does not match the first side's type.
    case documentTypeMismatch
    /// The document engine's classifier could not be loaded on this server.
    case classifierUnavailable

    package var description: String { apiError.message }

    /// The log reason: the case name (and the device token's reason), never any content.
    package var reason: String {
        switch self {
        case let .deviceToken(error): return "deviceToken.\(error.reasonCode)"
        case let .payload(error): return "payload.\(error)"
        default: return apiError.code
        }
    }

    /// The answer sent.
    package var apiError: APIError {
        switch self {
        case .unauthorized:
            return APIError(
                .unauthorized, code: "invalidAPIKey",
                message: "Send the customer API key as 'Authorization: Bearer <key>'; it is unknown or revoked.",
                headers: [.wwwAuthenticate: "Bearer"]
            )
        case .deviceToken:
            return APIError(
                .unauthorized, code: "deviceRequestInfoRefused",
                message: "The deviceRequestInfo was refused; call FortfaceSDK.start() again for a fresh one."
            )
        case let .handshakeQuotaExceeded(seconds):
            var headers = HTTPFields()
            headers[.retryAfter] = String(seconds)
            return APIError(
                .tooManyRequests, code: "handshakeQuotaExceeded",
                message:
                    "This customer made more handshakes than its share (a rate with a burst allowance);"
                    + " retry after \(seconds) s, or ask the vendor for a larger quota.",
                headers: headers
            )
        case let .sessionKeysExhausted(seconds):
            var headers = HTTPFields()
            headers[.retryAfter] = String(seconds)
            return APIError(
                .serviceUnavailable, code: "sessionKeysExhausted",
                message: "No session key is ready; retry the handshake after \(seconds) s.", headers: headers
            )
        case .sessionNotFound:
            return APIError(.notFound, code: "sessionNotFound", message: "No session has this id.")
        case .sessionExpired:
            return APIError(
                .gone, code: "sessionExpired", message: "The session expired; make a new handshake and capture again."
            )
        case .sessionKeyAlreadyUsed:
            return APIError(
                .conflict, code: "sessionKeyAlreadyUsed",
                message: "This session already accepted another payload; each side needs its own handshake."
            )
        case let .payload(error):
            switch error {
            case .fileTooBig:
                return APIError(
                    .contentTooLarge, code: "fileSizeTooBig",
                    message: "The image is larger than 4 MB (4,194,304 bytes)."
                )
            case .imageMismatch, .missingImage, .unexpectedImage, .sessionMismatch:
                return APIError(.unprocessableContent, code: error.code, message: error.description)
            case .invalidPayload, .sealingFailed:
                return APIError(
                    .badRequest, code: "invalidPayload",
                    message: "The payload is invalid: send {key, data, imgData} exactly as the SDK produced them."
                )
            }
        case .fileCorrupted:
            return APIError(
                .unprocessableContent, code: "fileCorrupted",
                message: "The image cannot be decoded as JPEG, PNG or PDF; capture or pick it again."
            )
        case let .wrongRoute(status):
            let message =
                status == "success"
                ? "A capture goes to POST /v1/documents, not /v1/metrics."
                : "A \(status) payload goes to POST /v1/metrics, not /v1/documents."
            return APIError(.unprocessableContent, code: "wrongRoute", message: message)
        case .frontSideRequired:
            return APIError(
                .conflict, code: "frontSideRequired",
                message: "A second side needs the documentId answered for the first side."
            )
        case .documentIdOnFirstSide:
            return APIError(
                .badRequest, code: "documentIdOnFirstSide", message: "Only a second side names a documentId."
            )
        case .documentNotFound:
            return APIError(.notFound, code: "documentNotFound", message: "No document has this id.")
        case .documentAlreadyComplete:
            return APIError(
                .conflict, code: "documentAlreadyComplete", message: "This document already has its second side."
            )
        case .classifierUnavailable:
            return APIError(
                .serviceUnavailable, code: "classifierUnavailable",
                message: "The document classifier is not available on this server; retry later or contact the vendor."
            )
        case .documentTypeMismatch:
            return APIError(
                .conflict, code: "documentTypeMismatch",
                message: "The second side does not match the first side's document type; capture the right side."
            )
        }
    }
}

extension PayloadError {
    /// A stable camel-case code.
    var code: String {
        switch self {
        case .invalidPayload: return "invalidPayload"
        case .fileTooBig: return "fileSizeTooBig"
        case .imageMismatch: return "imageMismatch"
        case .missingImage: return "missingImage"
        case .unexpectedImage: return "unexpectedImage"
        case .sessionMismatch: return "sessionMismatch"
        case .sealingFailed: return "sealingFailed"
        }
    }
}

extension DeviceTokenError {
    /// A stable camel-case reason for logs (no content from the token).
    var reasonCode: String {
        switch self {
        case .tooLarge: return "tooLarge"
        case .malformed: return "malformed"
        case .unsupportedAlgorithm: return "unsupportedAlgorithm"
        case .wrongType: return "wrongType"
        case .unsupportedVersion: return "unsupportedVersion"
        case .unsupportedAttestation: return "unsupportedAttestation"
        case .untrustedCertificate: return "untrustedCertificate"
        case .certificateExpired: return "certificateExpired"
        case .certificateMismatch: return "certificateMismatch"
        case .badSignature: return "badSignature"
        case .expired: return "expired"
        case .notYetValid: return "notYetValid"
        case .invalidLifetime: return "invalidLifetime"
        case .replayed: return "replayed"
        case .appNotRegistered: return "appNotRegistered"
        case .environmentMismatch: return "environmentMismatch"
        case .debugInProduction: return "debugInProduction"
        case .unsuitableDevice: return "unsuitableDevice"
        }
    }
}
