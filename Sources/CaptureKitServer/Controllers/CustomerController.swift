import CaptureCore
package import Hummingbird

/// Administration of customers and their API keys.
package struct CustomerController: Sendable {
    let environment: ServerEnvironment

    /// The body of `POST /v1/admin/customers`.
    package struct CreateRequest: Codable, Sendable {
        package var name: String
    }

    /// A customer as answered.
    package struct CustomerResponse: Codable, Sendable, Equatable {
        package var id: String
        package var name: String
        package var status: CustomerRecord.Status
        package var createdAt: Int64

        init(_ record: CustomerRecord) {
            self.id = record.id
            self.name = record.name
            self.status = record.status
            self.createdAt = record.createdAt
        }
    }

    /// The body of `POST /v1/admin/customers/{customerId}/api-keys`.
    package struct CreateKeyRequest: Codable, Sendable {
        package var mode: String?
    }

    /// The body of `PUT /v1/admin/api-keys/{keyId}/status`.
    package struct KeyStatusRequest: Codable, Sendable {
        package var status: APIKeyRecord.Status
    }

    /// An API key as answered; `apiKey` is present only in the answer that created it.
    package struct KeyResponse: Codable, Sendable, Equatable {
        package var id: String
        package var customerId: String
        package var mode: String
        package var status: APIKeyRecord.Status
        package var createdAt: Int64
        package var apiKey: String?

        init(_ record: APIKeyRecord, apiKey: String? = nil) {
            self.id = record.id
            self.customerId = record.customerID
            self.mode = record.mode.rawValue
            self.status = record.status
            self.createdAt = record.createdAt
            self.apiKey = apiKey
        }
    }

    package func addAdminRoutes(to group: RouterGroup<AppRequestContext>) {
        let limit = environment.configuration.maxJSONBytes
        let store = environment.store

        group.post("customers") { request, _ in
            let body = try await RequestBody.decodeJSON(CreateRequest.self, from: request, limit: limit)
            guard LicenseService.isPrintable(body.name, length: 1...200) else {
                throw APIError.badRequest("name must be 1 to 200 printable characters.")
            }
            let record = CustomerRecord(
                id: RandomID.make(prefix: "cus"), name: body.name, status: .active, createdAt: environment.nowSeconds
            )
            try await store.insertCustomer(record)
            return try JSONResponse.make(CustomerResponse(record), status: .created)
        }

        group.get("customers/:customerId") { _, context in
            guard let record = try await store.customer(id: try context.parameters.require("customerId")) else {
                throw APIError.customerNotFound
            }
            return try JSONResponse.make(CustomerResponse(record))
        }

        group.post("customers/:customerId/revoke") { _, context in
            let id = try context.parameters.require("customerId")
            guard try await store.updateCustomerStatus(id: id, to: .revoked),
                let record = try await store.customer(id: id)
            else { throw APIError.customerNotFound }
            return try JSONResponse.make(CustomerResponse(record))
        }

        group.post("customers/:customerId/api-keys") { request, context in
            let body = try await RequestBody.decodeJSON(CreateKeyRequest.self, from: request, limit: limit)
            let requestedMode: FBxAPIKey.Mode? =
                if let text = body.mode { FBxAPIKey.Mode(rawValue: text) } else { .live }
            guard let mode = requestedMode else {
                throw APIError.badRequest("mode must be live or test.")
            }
            guard let customer = try await store.customer(id: try context.parameters.require("customerId")) else {
                throw APIError.customerNotFound
            }
            guard customer.status == .active else { throw APIError.customerRevoked }
            let key = FBxAPIKey.generate(mode: mode)
            let record = APIKeyRecord(
                id: RandomID.make(prefix: "key"), customerID: customer.id, keyHash: key.sha256Hex, mode: mode,
                status: .active, createdAt: environment.nowSeconds
            )
            try await store.insertAPIKey(record)
            return try JSONResponse.make(KeyResponse(record, apiKey: key.rawValue), status: .created)
        }

        group.get("api-keys/:keyId") { _, context in
            guard let record = try await store.apiKey(id: try context.parameters.require("keyId")) else {
                throw APIError.apiKeyIdNotFound
            }
            return try JSONResponse.make(KeyResponse(record))
        }

        group.put("api-keys/:keyId/status") { request, context in
            let body = try await RequestBody.decodeJSON(KeyStatusRequest.self, from: request, limit: limit)
            let id = try context.parameters.require("keyId")
            guard let current = try await store.apiKey(id: id) else { throw APIError.apiKeyIdNotFound }
            if current.status == .revoked, body.status != .revoked { throw APIError.alreadyRevoked }
            guard try await store.updateAPIKeyStatus(id: id, to: body.status),
                let record = try await store.apiKey(id: id)
            else { throw APIError.apiKeyIdNotFound }
            return try JSONResponse.make(KeyResponse(record))
        }
    }
}
