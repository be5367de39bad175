package import Hummingbird

/// Limits requests per client address (``RateLimiter``) on public routes; over the limit → 429
/// `rateLimited` with `Retry-After`.
package struct AddressRateLimitMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    let limiter: RateLimiter

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try limiter.enforce("address:" + (context.remoteAddress ?? "local"))
        return try await next(request, context)
    }
}
