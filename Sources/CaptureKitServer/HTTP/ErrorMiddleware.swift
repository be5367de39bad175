package import Hummingbird
package import Logging
import NIOCore

/// Turns every error into a JSON ``APIError`` answer with a stable code. Unknown errors become
/// `500 internalError`; only their type is logged (driver errors may quote statement values).
package struct ErrorMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try Self.apiError(for: error, logger: context.logger).response(from: request, context: context)
        }
    }

    /// The answer for an error.
    package static func apiError(for error: any Error, logger: Logger) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as HTTPError:
            switch error.status {
            case .notFound: return .routeNotFound
            case .methodNotAllowed: return .methodNotAllowed
            case .contentTooLarge: return .payloadTooLarge(limit: 64 * 1024)
            case .badRequest: return .badRequest("The request is malformed; see /openapi.yaml.")
            default:
                return APIError(error.status, code: "httpError", message: error.status.reasonPhrase)
            }
        case is NIOTooManyBytesError:
            return .payloadTooLarge(limit: 64 * 1024)
        case let error as StoreError where error == .resourceVersionConflict:
            return .resourceVersionConflict
        case let error as StoreError where error == .notStarted:
            return .storageUnavailable
        default:
            logger.error("unhandled error", metadata: ["error.type": .string(String(reflecting: type(of: error)))])
            return .internalError
        }
    }
}
