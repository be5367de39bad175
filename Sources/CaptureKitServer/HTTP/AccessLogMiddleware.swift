import Foundation
package import Hummingbird
import Logging

/// Outermost middleware: one log line and one metric sample per request.
///
/// It logs the method, the route *template* (`/v1/frames/{sku}`, never the raw path or query), the
/// status and the duration, and nothing from headers or bodies, so keys, tokens and personal data
/// cannot reach the logs through it.
package struct AccessLogMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    let metrics: ServerMetrics

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ErrorMiddleware answers every error; reaching here means a response could not be built.
            record(request, context: context, status: 500, start: start)
            throw error
        }
        record(request, context: context, status: response.status.code, start: start)
        return response
    }

    private func record(_ request: Request, context: Context, status: Int, start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.recordRequest(method: request.method.rawValue, route: route, status: status, duration: duration)
        let milliseconds = Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
        context.logger.info(
            "request",
            metadata: [
                "http.method": .string(request.method.rawValue), "http.route": .string(route),
                "http.status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.2f", milliseconds)),
            ]
        )
    }
}
