import Foundation
package import Hummingbird
import NIOCore

/// Operations routes: liveness, readiness, Prometheus metrics and the OpenAPI document.
///
/// `/metrics` needs `Authorization: Bearer <metrics token or admin token>` when
/// ``ServerEnvironment/metricsToken`` is set (by default whenever the server is not bound to loopback):
/// the pool depth and refusal counts tell an attacker when to strike, so only operators see them.
package struct HealthController: Sendable {
    let environment: ServerEnvironment

    private struct Status: Codable {
        var status: String
    }

    package func addRoutes(to router: Router<AppRequestContext>) {
        router.get("health") { _, _ in try JSONResponse.make(Status(status: "ok")) }
        router.get("ready") { _, _ in
            do {
                try await environment.store.ping()
            } catch {
                throw APIError.storageUnavailable
            }
            return try JSONResponse.make(Status(status: "ready"))
        }
        router.get("metrics") { request, _ in
            if let required = environment.metricsToken {
                try Self.authorizeMetrics(request, token: required, adminToken: environment.adminToken)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: environment.metrics.exposition()))
            )
        }
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml))
            )
        }
    }

    /// Throws `401 metricsTokenRequired` without a bearer token and `401 invalidMetricsToken` when it is
    /// neither the metrics token nor the admin token (both compared in constant time).
    static func authorizeMetrics(_ request: Request, token: AdminToken, adminToken: AdminToken) throws {
        let prefix = "bearer "
        guard let header = request.headers[.authorization], header.count > prefix.count,
            header.prefix(prefix.count).lowercased() == prefix
        else { throw APIError.metricsTokenRequired }
        let presented = String(header.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        // Both comparisons run, so the time taken does not say which token was close.
        let isMetricsToken = token.matches(presented)
        let isAdminToken = adminToken.matches(presented)
        guard isMetricsToken || isAdminToken else { throw APIError.invalidMetricsToken }
    }
}
