import CaptureCore
import Foundation
package import Hummingbird

/// Guards administration routes: they need `Authorization: Bearer <admin token>`.
///
/// No token → `401 adminTokenRequired`; a customer API key → `403 adminOnly`; anything else that is
/// not the admin token → `401 invalidAdminToken`. The comparison is constant-time (``AdminToken``).
package struct AdminAuthMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    let token: AdminToken

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else { throw APIError.adminTokenRequired }
        let prefix = "Bearer "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix.lowercased() else {
            throw APIError.adminTokenRequired
        }
        let presented = String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        guard token.matches(presented) else {
            if (try? FBxAPIKey(parsing: presented)) != nil { throw APIError.adminOnly }
            throw APIError.invalidAdminToken
        }
        return try await next(request, context)
    }
}
