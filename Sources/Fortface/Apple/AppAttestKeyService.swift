#if canImport(DeviceCheck) && canImport(UIKit)
import CryptoKit
import DeviceCheck
package import Foundation

/// App Attest on iOS, kept thin: creates the attested key once and produces the attestation
/// object and assertions bound to a device token's claims (`clientDataHash` = SHA-256 of the
/// canonical claims without `att`, notes/security.md §3.1).
///
/// The Fortface API in this repository accepts only the simulated attestation (Linux), so these
/// results are not yet sent; verifying them needs a CBOR reader on the server.
@available(iOS 14.0, *)
package struct AppAttestKeyService: Sendable {
    package init() {}

    /// Whether this device supports App Attest (not the simulator).
    package var isSupported: Bool { DCAppAttestService.shared.isSupported }

    /// Generates the attested key and returns its id (store it in the keychain).
    package func generateKey() async throws -> String {
        try await DCAppAttestService.shared.generateKey()
    }

    /// The attestation object for `keyId`, bound to `claims` (the canonical claims JSON without `att`).
    package func attest(keyId: String, claims: Data) async throws -> Data {
        let hash = Data(SHA256.hash(data: claims))
        return try await DCAppAttestService.shared.attestKey(keyId, clientDataHash: hash)
    }

    /// An assertion for `keyId` over `claims`, for every token after the first.
    package func assertion(keyId: String, claims: Data) async throws -> Data {
        let hash = Data(SHA256.hash(data: claims))
        return try await DCAppAttestService.shared.generateAssertion(keyId, clientDataHash: hash)
    }
}
#endif
