import CaptureCore
import Foundation
import Testing

@testable import CaptureKitServer

/// The one-query authentication lookup: an API key's hash to its active customer.
@Suite struct ActiveCustomerLookupTests {
    @Test(
        "an active key of an active customer finds it; suspended, revoked or unknown keys and revoked customers do not")
    func onlyActiveKeysOfActiveCustomersAuthenticate() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let store = fixture.environment.store
        try await store.start()
        let customer = CustomerRecord(id: "cus_lookup", name: "Lookup", status: .active, createdAt: 1)
        let other = CustomerRecord(id: "cus_other", name: "Other", status: .active, createdAt: 1)
        try await store.insertCustomer(customer)
        try await store.insertCustomer(other)
        for (id, owner, hash) in [
            ("key_a", customer.id, "hash-a"), ("key_b", customer.id, "hash-b"), ("key_c", other.id, "hash-c"),
        ] {
            try await store.insertAPIKey(
                APIKeyRecord(id: id, customerID: owner, keyHash: hash, mode: .live, status: .active, createdAt: 1))
        }
        #expect(try await store.activeCustomer(apiKeyHash: "hash-a") == customer)
        #expect(try await store.activeCustomer(apiKeyHash: "hash-c") == other)
        #expect(try await store.activeCustomer(apiKeyHash: "hash-unknown") == nil)

        #expect(try await store.updateAPIKeyStatus(id: "key_a", to: .suspended))
        #expect(try await store.activeCustomer(apiKeyHash: "hash-a") == nil)
        #expect(try await store.activeCustomer(apiKeyHash: "hash-b") == customer)
        #expect(try await store.updateAPIKeyStatus(id: "key_b", to: .revoked))
        #expect(try await store.activeCustomer(apiKeyHash: "hash-b") == nil)

        #expect(try await store.updateCustomerStatus(id: other.id, to: .revoked))
        #expect(try await store.activeCustomer(apiKeyHash: "hash-c") == nil)
        try await store.shutdown()
    }
}
