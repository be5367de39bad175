import CaptureCore
package import Hummingbird

/// Licences: the public FBx-style validation route and the administration of licence keys.
package struct LicenseController: Sendable {
    let environment: ServerEnvironment

    /// Largest validation request body.
    package static let maxValidationBytes = 4096

    /// A licence as answered. ``token`` (the licence key to hand to the customer) is in the answer that
    /// issued the licence only; it is stored as ``tokenSha256`` alone, like API keys.
    package struct LicenseResponse: Codable, Sendable, Equatable {
        package var id: String
        package var customerId: String
        package var product: String
        package var bundleIds: [String]
        package var platforms: [String]
        package var features: [String]
        package var issuedAt: Int64
        package var notBefore: Int64
        package var expiresAt: Int64
        package var maxSdk: String
        package var status: LicenseRecord.Status
        /// The kid of the key that signed ``token``.
        package var keyId: String
        /// Lowercase hex SHA-256 of the licence key.
        package var tokenSha256: String
        /// The licence key; only in the answer of `POST /v1/admin/customers/{customerId}/licenses`.
        package var token: String?

        init(_ record: LicenseRecord, token: String? = nil) {
            self.id = record.id
            self.customerId = record.customerID
            self.product = record.product
            self.bundleIds = record.bundleIDs
            self.platforms = record.platforms
            self.features = record.features
            self.issuedAt = record.issuedAt
            self.notBefore = record.notBefore
            self.expiresAt = record.expiresAt
            self.maxSdk = record.maxSdk
            self.status = record.status
            self.keyId = record.signingKeyID
            self.tokenSha256 = record.tokenSHA256
            self.token = token
        }
    }

    package func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        let service = LicenseService(environment: environment)
        let metrics = environment.metrics
        group.post("licenses/validate") { request, _ in
            do {
                let body = try await RequestBody.decodeJSON(
                    LicenseService.ValidationRequest.self, from: request, limit: Self.maxValidationBytes
                )
                let answer = try await service.validate(body)
                metrics.recordValidation(outcome: "active")
                return try JSONResponse.make(LicenseService.ValidationResponse(token: answer.token))
            } catch let error as APIError {
                metrics.recordValidation(outcome: error.code)
                throw error
            }
        }
    }

    package func addAdminRoutes(to group: RouterGroup<AppRequestContext>) {
        let service = LicenseService(environment: environment)
        let store = environment.store
        let limit = environment.configuration.maxJSONBytes

        group.post("customers/:customerId/licenses") { request, context in
            let body = try await RequestBody.decodeJSON(LicenseService.IssueRequest.self, from: request, limit: limit)
            let issued = try await service.issue(
                customerID: try context.parameters.require("customerId"), request: body)
            return try JSONResponse.make(LicenseResponse(issued.record, token: issued.token), status: .created)
        }

        group.get("licenses/:licenseId") { _, context in
            guard let record = try await store.license(id: try context.parameters.require("licenseId")) else {
                throw APIError.licenseNotFound
            }
            return try JSONResponse.make(LicenseResponse(record))
        }

        group.post("licenses/:licenseId/revoke") { _, context in
            let id = try context.parameters.require("licenseId")
            guard try await store.updateLicenseStatus(id: id, to: .revoked),
                let record = try await store.license(id: id)
            else { throw APIError.licenseNotFound }
            return try JSONResponse.make(LicenseResponse(record))
        }
    }
}
