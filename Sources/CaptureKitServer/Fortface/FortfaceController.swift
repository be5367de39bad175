import Crypto
import FortfaceWire
import Foundation
package import Hummingbird
import Logging

/// The Fortface routes: `POST /v1/handshake`, `/v1/documents` and `/v1/metrics` for customer backends
/// (Bearer API key), and device provisioning and app registration for the administrator.
package struct FortfaceController: Sendable {
    let environment: ServerEnvironment

    /// The body of `POST /v1/admin/devices`.
    package struct DeviceRequest: Codable, Sendable {
        /// The device's P-256 public key, SPKI PEM.
        package var publicKey: String
        /// The app (bundle or package id) the device runs.
        package var app: String
    }

    /// The answer to `POST /v1/admin/devices`.
    package struct DeviceResponse: Codable, Sendable, Equatable {
        package var kid: String
        package var certificate: String
        package var expiresAt: Int64
    }

    /// The body of `POST /v1/admin/customers/{customerId}/fortface-apps`.
    package struct AppRequest: Codable, Sendable {
        package var appId: String
        package var environment: FortfaceAppRecord.Environment
    }

    /// An app registration as answered.
    package struct AppResponse: Codable, Sendable, Equatable {
        package var customerId: String
        package var appId: String
        package var environment: FortfaceAppRecord.Environment
        package var createdAt: Int64
    }

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let service = FortfaceService(environment: environment)
        let configuration = environment.configuration
        let metrics = environment.metrics
        let logger = environment.logger

        group.post("handshake") { request, _ in
            do {
                let customer = try await service.authenticate(authorization: request.headers[.authorization])
                let body = try await RequestBody.decodeJSON(
                    HandshakeRequest.self, from: request, limit: configuration.maxJSONBytes
                )
                let answer = try await service.handshake(customer: customer, deviceRequestInfo: body.deviceRequestInfo)
                metrics.recordHandshake(outcome: "ok")
                return try JSONResponse.make(answer, status: .created)
            } catch let error as FortfaceError {
                metrics.recordHandshake(outcome: error.reason)
                throw Self.refusal(error, route: "handshake", logger: logger)
            }
        }

        group.post("documents") { request, _ in
            do {
                let customer = try await service.authenticate(authorization: request.headers[.authorization])
                return try await Self.submitDocument(request, customer: customer, service: service)
            } catch let error as FortfaceError {
                throw Self.refusal(error, route: "documents", logger: logger)
            }
        }

        group.post("metrics") { request, _ in
            do {
                let customer = try await service.authenticate(authorization: request.headers[.authorization])
                let body = try await RequestBody.decodeJSON(
                    SubmissionRequest.self, from: request, limit: configuration.maxJSONBytes
                )
                return Self.json(try await service.submitMetric(customer: customer, request: body))
            } catch let error as FortfaceError {
                throw Self.refusal(error, route: "metrics", logger: logger)
            }
        }
    }

    package func addAdminRoutes(to group: RouterGroup<AppRequestContext>) {
        let limit = environment.configuration.maxJSONBytes
        let store = environment.store
        let authority = environment.fortface.deviceAuthority
        let validityDays = environment.configuration.deviceCertificateDays
        let environment = self.environment

        group.post("devices") { request, _ in
            let body = try await RequestBody.decodeJSON(DeviceRequest.self, from: request, limit: limit)
            guard LicenseService.isPrintable(body.app, length: 1...200) else {
                throw APIError.badRequest("app must be 1 to 200 printable characters.")
            }
            guard let publicKey = try? P256.Signing.PublicKey(pemRepresentation: body.publicKey) else {
                throw APIError.badRequest("publicKey must be a P-256 public key in SPKI PEM.")
            }
            let now = environment.now()
            let validity = TimeInterval(validityDays * 86_400)
            let certificate = try DeviceCertificate.issue(
                devicePublicKey: publicKey, app: body.app, issuedAt: now, validity: validity, authority: authority
            )
            let answer = DeviceResponse(
                kid: DeviceCredentials.kid(for: publicKey), certificate: certificate,
                expiresAt: environment.nowSeconds + Int64(validity)
            )
            return try JSONResponse.make(answer, status: .created)
        }

        group.post("customers/:customerId/fortface-apps") { request, context in
            let body = try await RequestBody.decodeJSON(AppRequest.self, from: request, limit: limit)
            guard LicenseService.isPrintable(body.appId, length: 1...200) else {
                throw APIError.badRequest("appId must be 1 to 200 printable characters.")
            }
            guard let customer = try await store.customer(id: try context.parameters.require("customerId")) else {
                throw APIError.customerNotFound
            }
            guard customer.status == .active else { throw APIError.customerRevoked }
            let record = FortfaceAppRecord(
                customerID: customer.id, appID: body.appId, environment: body.environment,
                createdAt: environment.nowSeconds
            )
            try await store.upsertFortfaceApp(record)
            return try JSONResponse.make(
                AppResponse(
                    customerId: record.customerID, appId: record.appID, environment: record.environment,
                    createdAt: record.createdAt
                ),
                status: .created
            )
        }
    }

    /// The body of `POST /v1/documents` submitted for `customer`: the strict `SubmissionRequest` (at
    /// most `maxDocumentBytes`) opened, classified and answered. The console's demo backend relays its
    /// uploads through this same function, so a browser's payload meets exactly the SDK's path.
    static func submitDocument(
        _ request: Request, customer: CustomerRecord, service: FortfaceService
    ) async throws -> Response {
        let body = try await RequestBody.decodeJSON(
            SubmissionRequest.self, from: request, limit: service.environment.configuration.maxDocumentBytes
        )
        return json(try await service.submitDocument(customer: customer, request: body))
    }

    /// Logs the refusal's reason (never content) and returns the client's error.
    static func refusal(_ error: FortfaceError, route: String, logger: Logger) -> APIError {
        logger.notice("fortface request refused", metadata: ["route": "\(route)", "reason": "\(error.reason)"])
        return error.apiError
    }

    private static func json(_ data: Data) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
