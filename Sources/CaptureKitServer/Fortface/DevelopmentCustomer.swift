import CaptureCore
import Foundation

/// The development customer a fresh server creates on first start, so the Fortface flow works with no
/// set-up: an API key and a sandbox app, written to `<data-dir>/fortface-dev-customer.json` (mode 0600).
/// `capkit capture --data-dir DIR` reads that file; its shape is in docs/fortface.md.
package enum DevelopmentCustomer {
    /// The app id registered for the development customer.
    package static let appID = "dev.capturekit.fortface.demo"

    /// The credentials file.
    package struct File: Codable, Sendable, Equatable {
        package var customerId: String
        /// The customer API key (`Authorization: Bearer <apiKey>` on the Fortface routes).
        package var apiKey: String
        /// The registered app id (the device token's `app`).
        package var appId: String
        /// `sandbox`.
        package var environment: String
        /// The admin token file, for `POST /v1/admin/devices` (nil when the token came from the environment).
        package var adminTokenFile: String?
    }

    /// Creates the customer, its key and app, and the file, unless the file exists.
    /// - Returns: Whether it created them.
    @discardableResult
    package static func ensure(environment: ServerEnvironment) async throws -> Bool {
        let path = environment.configuration.developmentCustomerPath
        guard !FileManager.default.fileExists(atPath: path) else { return false }
        let store = environment.store
        let now = environment.nowSeconds
        let customer = CustomerRecord(
            id: RandomID.make(prefix: "cus"), name: "Fortface development", status: .active, createdAt: now
        )
        try await store.insertCustomer(customer)
        let key = FBxAPIKey.generate(mode: .test)
        try await store.insertAPIKey(
            APIKeyRecord(
                id: RandomID.make(prefix: "key"), customerID: customer.id, keyHash: key.sha256Hex, mode: .test,
                status: .active, createdAt: now
            )
        )
        try await store.upsertFortfaceApp(
            FortfaceAppRecord(customerID: customer.id, appID: appID, environment: .sandbox, createdAt: now)
        )
        let file = File(
            customerId: customer.id, apiKey: key.rawValue, appId: appID, environment: "sandbox",
            adminTokenFile: environment.adminToken.path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard
            FileManager.default.createFile(
                atPath: path, contents: try encoder.encode(file), attributes: [.posixPermissions: 0o600]
            )
        else { throw ConfigurationError.dataDirectoryUnusable(path: environment.configuration.dataDirectory) }
        return true
    }
}
