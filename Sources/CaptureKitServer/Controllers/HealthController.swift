import Hummingbird
import NIOCore

/// Operations routes: liveness, readiness, Prometheus metrics and the OpenAPI document.
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
        router.get("metrics") { _, _ in
            Response(
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
}
