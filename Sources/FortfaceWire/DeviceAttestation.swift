/// The attestation block of a device token (`att`): evidence that the signing key lives on a
/// genuine, provisioned device running the app.
///
/// On Linux the only kind is `"simulated"`: `cert` is a ``DeviceCertificate`` issued by the
/// vendor's device CA at a simulated provisioning step. The server refuses any other kind.
package struct DeviceAttestation: Codable, Sendable, Equatable {
    /// The one kind of attestation this format defines.
    package static let simulatedKind = "simulated"

    /// The attestation kind (`"simulated"`).
    package var kind: String
    /// The device certificate (a compact JWS).
    package var cert: String

    /// A simulated attestation carrying `certificate`.
    package init(certificate: String) {
        self.kind = Self.simulatedKind
        self.cert = certificate
    }

    package init(kind: String, cert: String) {
        self.kind = kind
        self.cert = cert
    }
}
