import CaptureCore
import Foundation

/// Authorises the self-hosted engine routes: a customer API key as `Authorization: Bearer <key>`,
/// active, of an active customer holding a licence in force for the route's product, within the
/// per-key rate limit.
package struct CustomerKeyAuthentication: Sendable {
    let environment: ServerEnvironment

    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    /// The customer allowed to use `product` (and `feature`, when given) with the key in `authorization`.
    /// - Throws: ``APIError`` `apiKeyRequired` (401, no or malformed header), `invalidAPIKey` (401,
    ///   unknown, revoked or suspended key or customer), `rateLimited` (429, per key and `scope`),
    ///   `productNotLicensed` (403).
    package func authorise(
        authorization: String?, product: String, feature: String? = nil, scope: String
    )
        async throws -> CustomerRecord
    {
        let prefix = "bearer "
        guard let header = authorization, header.utf8.count > prefix.utf8.count,
            header.prefix(prefix.count).lowercased() == prefix
        else { throw APIError.apiKeyRequired }
        guard
            let key = try? FBxAPIKey(parsing: header.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
        else { throw APIError.invalidAPIKey }
        if key.mode == .test, environment.configuration.rejectTestKeys { throw APIError.invalidAPIKey }
        try environment.keyLimiter.enforce(scope + ":" + key.sha256Hex)
        let store = environment.store
        guard let customer = try await store.activeCustomer(apiKeyHash: key.sha256Hex) else {
            throw APIError.invalidAPIKey
        }
        let now = environment.nowSeconds
        let licences = try await store.licenses(customerID: customer.id, product: product)
        guard
            licences.contains(where: { licence in
                licence.isInForce(at: now) && (feature.map { licence.features.contains($0) } ?? true)
            })
        else { throw APIError.productNotLicensed(feature.map { "\(product) (feature \($0))" } ?? product) }
        return customer
    }
}
