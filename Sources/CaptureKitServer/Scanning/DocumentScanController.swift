import BlinkID
import CaptureCore
import DocumentScanReport
import Foundation
package import HTTPTypes
package import Hummingbird
import Logging
import NIOCore

/// `POST /v1/documents/scan`: the self-hosted BlinkID scan. One or two photos (front, back) in, the
/// `capkit scan --json` schema out, for a customer API key whose licence covers `blinkid`.
///
/// Limits, in order: the per-address and per-key rate limits (429), the body and per-image size
/// (413), then the time limit, which covers the wait in the engine queue (503 `engineBusy` when it is
/// full), decoding (the decoder's pixel limit: 413; damaged or not an image: 422) and the scan itself
/// (503 `engineTimedOut`). Images live in memory for the request only: they are never written to
/// disk, and the log line of a scan holds its request id, outcome and duration, never content.
package struct DocumentScanController: Sendable {
    let environment: ServerEnvironment

    /// The `X-Request-Id` header, answered on every response of the engine routes.
    package static let requestIDField = HTTPField.Name("X-Request-Id")!

    /// Largest decoded image, in pixels (the Fortface intake's limit).
    package static let maximumImagePixels = 40_000_000

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let environment = self.environment
        group.post("documents/scan") { request, _ in
            let requestID = Self.requestID(from: request.headers)
            return try await EngineRequest.answer(
                engine: "documents", logMessage: "document scan", requestID: requestID, environment: environment
            ) {
                let report = try await Self.scan(request, environment: environment)
                var headers: HTTPFields = [
                    .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
                ]
                headers[Self.requestIDField] = requestID
                return Response(
                    status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: report.jsonLine())))
            }
        }
    }

    /// Authorises, reads, queues, decodes and scans.
    private static func scan(_ request: Request, environment: ServerEnvironment) async throws -> ScanReport {
        _ = try await CustomerKeyAuthentication(environment: environment).authorise(
            authorization: request.headers[.authorization], product: "blinkid", scope: "scan")
        let upload = try await ScanUpload.read(
            from: request, maxImageBytes: environment.configuration.maxScanImageBytes)
        let engines = environment.engines
        let limit = environment.configuration.scanTimeLimitSeconds
        return try await withTimeLimit(.seconds(limit), clock: engines.clock, limitSeconds: limit) {
            try await engines.queue.run {
                var images = [try decode(upload.front, part: "front")]
                if let back = upload.back { images.append(try decode(back, part: "back")) }
                return try await engines.documentScanner.scan(
                    images, input: upload.back == nil ? "front" : "front+back", mode: upload.mode,
                    includeImages: upload.includeImages)
            }
        }
    }

    /// Decodes one upload under the pixel limit.
    static func decode(_ data: Data, part: String) throws -> RGBAImage {
        do {
            return try ImageCodec.decode(data, maxPixels: maximumImagePixels)
        } catch .tooLarge {
            throw APIError.imageTooLarge(limit: maximumImagePixels)
        } catch {
            throw APIError.imageUnreadable(part: part, reason: error.description)
        }
    }

    /// Runs `work`, or throws ``APIError/engineTimedOut(limitSeconds:retryAfterSeconds:)`` once `limit`
    /// has passed on `clock`; `work` is then cancelled (a waiting job leaves the queue, a running scan
    /// stops at its next step) and awaited before this returns.
    static func withTimeLimit<T: Sendable>(
        _ limit: Duration, clock: any Clock<Duration>, limitSeconds: Int,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await clock.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw APIError.engineTimedOut(limitSeconds: limitSeconds, retryAfterSeconds: 1)
            }
            return value
        }
    }

    /// The client's `X-Request-Id` when it is 1 to 64 characters of letters, digits, `-`, `_`, `.`;
    /// else a new one.
    static func requestID(from headers: HTTPFields) -> String {
        if let given = headers[requestIDField], LicenseService.isToken(given, length: 1...64, extra: ".") {
            return given
        }
        return RandomID.make(prefix: "req")
    }
}
