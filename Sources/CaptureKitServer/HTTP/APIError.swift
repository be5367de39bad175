import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore

/// An error answered to a client: an HTTP status, a stable machine code and a human message, sent as
/// `{"error": {"code": "...", "message": "..."}}`.
///
/// Codes never change once published (SDKs switch on them); messages say what happened and what to do,
/// and never contain keys, tokens or personal data.
package struct APIError: Error, HTTPResponseError, Sendable, Equatable, CustomStringConvertible {
    package var status: HTTPResponse.Status
    package var code: String
    package var message: String
    /// Extra headers (e.g. `Retry-After`, `Content-Range`).
    package var headers: HTTPFields

    package init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    package var description: String { "\(status.code) \(code): \(message)" }

    /// The JSON body of an error answer.
    package struct Body: Codable, Sendable, Equatable {
        /// The code and message.
        package struct Detail: Codable, Sendable, Equatable {
            package var code: String
            package var message: String
        }

        package var error: Detail
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Body(error: .init(code: code, message: message)))
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError {
    // MARK: Generic

    package static func badRequest(_ message: String) -> APIError {
        APIError(.badRequest, code: "badRequest", message: message)
    }

    package static let invalidJSON = APIError(
        .badRequest, code: "invalidJSON",
        message: "The request body is not the JSON object this route expects; see /openapi.yaml."
    )

    package static func payloadTooLarge(limit: Int) -> APIError {
        APIError(
            .contentTooLarge, code: "payloadTooLarge",
            message: "The request body is larger than the \(limit) bytes this route accepts."
        )
    }

    package static let unsupportedMediaType = APIError(
        .unsupportedMediaType, code: "unsupportedMediaType",
        message: "This route expects Content-Type: application/json."
    )

    package static let routeNotFound = APIError(
        .notFound, code: "routeNotFound",
        message: "No route has this method and path; see /openapi.yaml for the routes."
    )

    package static let methodNotAllowed = APIError(
        .methodNotAllowed, code: "methodNotAllowed",
        message: "This path does not accept this method; see /openapi.yaml."
    )

    package static func rateLimited(retryAfterSeconds: Int) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return APIError(
            .tooManyRequests, code: "rateLimited",
            message: "Too many requests for this key or address; retry after \(retryAfterSeconds) s.",
            headers: headers
        )
    }

    package static let storageUnavailable = APIError(
        .serviceUnavailable, code: "storageUnavailable",
        message: "The database is not reachable; retry later."
    )

    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // (each static is named after its wire `code`, as `storageUnavailable` is.)
    package static let internalError = APIError(
        .internalServerError, code: "internalError",
        message: "The server failed to answer; retry later, and report it if it persists."
    )

    // MARK: Administration

    package static let adminTokenRequired = APIError(
        .unauthorized, code: "adminTokenRequired",
        message: "This route needs the admin token as 'Authorization: Bearer <token>'.",
        headers: [.wwwAuthenticate: "Bearer"]
    )

    package static let invalidAdminToken = APIError(
        .unauthorized, code: "invalidAdminToken",
        message: "The bearer token is not the admin token; read it from the file the server printed at start.",
        headers: [.wwwAuthenticate: "Bearer"]
    )

    package static let metricsTokenRequired = APIError(
        .unauthorized, code: "metricsTokenRequired",
        message:
            "/metrics needs 'Authorization: Bearer <token>' with the metrics token (<data-dir>/metrics-token)"
            + " or the admin token.",
        headers: [.wwwAuthenticate: "Bearer"]
    )

    package static let invalidMetricsToken = APIError(
        .unauthorized, code: "invalidMetricsToken",
        message: "The bearer token is neither the metrics token nor the admin token.",
        headers: [.wwwAuthenticate: "Bearer"]
    )

    package static let adminOnly = APIError(
        .forbidden, code: "adminOnly",
        message: "Customer API keys cannot use administration routes; use the admin token."
    )

    package static let customerNotFound = APIError(
        .notFound, code: "customerNotFound", message: "No customer has this id."
    )

    package static let customerRevoked = APIError(
        .conflict, code: "customerRevoked", message: "The customer is revoked; create a new customer."
    )

    package static let apiKeyIdNotFound = APIError(
        .notFound, code: "apiKeyIdNotFound", message: "No API key has this id."
    )

    package static let licenseNotFound = APIError(
        .notFound, code: "licenseNotFound", message: "No licence has this id."
    )

    package static let alreadyRevoked = APIError(
        .conflict, code: "alreadyRevoked", message: "It is revoked, and revocation is final; issue a new one."
    )

    package static let blobNotFound = APIError(
        .unprocessableContent, code: "blobNotFound",
        message: "A referenced sha256 was never uploaded; upload it with POST /v1/admin/blobs first."
    )

    package static let resourceVersionConflict = APIError(
        .conflict, code: "resourceVersionConflict",
        message: "This resource name and version was already published with other bytes; publish a new version."
    )

    // MARK: Licence validation (names from the FBx guide)

    package static let invalidAPIKey = APIError(
        .unauthorized, code: "invalidAPIKey",
        message: "The API key is malformed, revoked or suspended; check it in the vendor console."
    )

    package static let apiKeyNotFound = APIError(
        .notFound, code: "apiKeyNotFound",
        message: "The API key is well formed but unknown; check that it belongs to this environment."
    )

    package static let licenseForAPIKeyNotFound = APIError(
        .forbidden, code: "licenseForAPIKeyNotFound",
        message: "The API key has no active licence for this product and bundle id; ask the vendor for one."
    )

    // MARK: Scanning service (documents, try-on)

    package static let apiKeyRequired = APIError(
        .unauthorized, code: "apiKeyRequired",
        message: "This route needs a customer API key as 'Authorization: Bearer <key>'.",
        headers: [.wwwAuthenticate: "Bearer"]
    )

    package static func productNotLicensed(_ product: String) -> APIError {
        APIError(
            .forbidden, code: "productNotLicensed",
            message: "The API key's customer has no licence in force for \(product); ask the vendor for one."
        )
    }

    package static func imageTooLarge(limit: Int) -> APIError {
        APIError(
            .contentTooLarge, code: "imageTooLarge",
            message: "An image is larger than the \(limit) bytes (or the pixel count) this route accepts; downscale it."
        )
    }

    /// An upload that is not a JPEG or PNG the decoder can read (the decoder's reason, never pixel data).
    package static func imageUnreadable(part: String, reason: String) -> APIError {
        APIError(.unprocessableContent, code: "imageUnreadable", message: "The \(part) image cannot be read: \(reason)")
    }

    package static func engineBusy(retryAfterSeconds: Int) -> APIError {
        APIError(
            .serviceUnavailable, code: "engineBusy",
            message: "Every engine worker is busy and the queue is full; retry after \(retryAfterSeconds) s.",
            headers: [.retryAfter: String(retryAfterSeconds)]
        )
    }

    package static func engineTimedOut(limitSeconds: Int, retryAfterSeconds: Int) -> APIError {
        APIError(
            .serviceUnavailable, code: "engineTimedOut",
            message: "The request did not finish within \(limitSeconds) s (waiting included); retry later.",
            headers: [.retryAfter: String(retryAfterSeconds)]
        )
    }

    package static let noFaceFound = APIError(
        .unprocessableContent, code: "noFaceFound",
        message: "No face was found; send a photo with a frontal face at least 80 pixels wide."
    )

    package static let poseNotEstimated = APIError(
        .unprocessableContent, code: "poseNotEstimated",
        message: "The head pose could not be estimated; send a more frontal photo."
    )

    package static let frameModelUnusable = APIError(
        .unprocessableContent, code: "frameModelUnusable",
        message: "This frame's catalog entry (its model asset or dimensions) cannot be drawn; fix it in the catalog."
    )

    package static let engineUnavailable = APIError(
        .serviceUnavailable, code: "engineUnavailable",
        message: "The engine's resources could not be loaded on this server; see its log, and retry later."
    )

    // MARK: Resources and catalog

    package static let manifestNotPublished = APIError(
        .notFound, code: "manifestNotPublished", message: "No resource has been published yet."
    )

    package static let resourceNotFound = APIError(
        .notFound, code: "resourceNotFound", message: "No published resource has this sha256."
    )

    package static func rangeNotSatisfiable(size: Int) -> APIError {
        APIError(
            .rangeNotSatisfiable, code: "rangeNotSatisfiable",
            message: "The requested range is outside the \(size) bytes of this resource.",
            headers: [.contentRange: "bytes */\(size)"]
        )
    }

    package static let invalidSKU = APIError(
        .badRequest, code: "invalidSKU",
        message: "A SKU must be \(SafeName.ruleDescription)."
    )

    package static let frameNotFound = APIError(
        .notFound, code: "frameNotFound", message: "No eyewear frame has this SKU."
    )

    package static let assetNotFound = APIError(
        .notFound, code: "assetNotFound", message: "This frame has no asset with this sha256."
    )
}
