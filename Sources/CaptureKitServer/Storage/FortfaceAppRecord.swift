/// An app registered by a customer for Fortface: device tokens must name one of the customer's apps,
/// for the environment it is registered in.
package struct FortfaceAppRecord: Codable, Sendable, Equatable {
    /// The deployment environments an app can be registered for.
    package enum Environment: String, Codable, Sendable, CaseIterable {
        case sandbox
        case production
    }

    package var customerID: String
    /// The bundle or package id (`app` claim of device tokens).
    package var appID: String
    package var environment: Environment
    /// Seconds since 1970.
    package var createdAt: Int64

    package init(customerID: String, appID: String, environment: Environment, createdAt: Int64) {
        self.customerID = customerID
        self.appID = appID
        self.environment = environment
        self.createdAt = createdAt
    }
}
