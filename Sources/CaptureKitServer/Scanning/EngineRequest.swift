import Hummingbird
import Logging

/// What every engine route (scan, try-on) does around its work: count and time the request in
/// `/metrics`, log its outcome with the request id (never the images or fields), and answer every
/// error with the `X-Request-Id` header, an unexpected one as `internalError`.
enum EngineRequest {
    static func answer(
        engine: String, logMessage: Logger.Message, requestID: String, environment: ServerEnvironment,
        _ work: () async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        func finish(_ outcome: String) {
            environment.metrics.recordEngineRequest(
                engine: engine, outcome: outcome, duration: ContinuousClock.now - start)
            environment.logger.info(
                logMessage, metadata: ["request_id": .string(requestID), "outcome": .string(outcome)])
        }
        do {
            let response = try await work()
            finish("ok")
            return response
        } catch {
            var answered = (error as? APIError) ?? .internalError
            finish((error as? APIError)?.code ?? "internalError")
            answered.headers[DocumentScanController.requestIDField] = requestID
            throw answered
        }
    }
}
