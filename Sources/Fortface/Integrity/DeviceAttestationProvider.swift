package import FortfaceWire

/// Supplies the device's signing credentials and the attestation that vouches for them (the `att`
/// block of a `deviceRequestInfo`). On Linux: ``DeviceCredentialStore`` (a simulated attestation,
/// the device certificate issued at provisioning); on Apple platforms App Attest would go here.
package protocol DeviceAttestationProvider: Sendable {
    /// The credentials; throws ``FortfaceException/Reason/deviceNotProvisioned`` when there are none.
    func deviceCredentials() throws(FortfaceException) -> DeviceCredentials
    /// The attestation block for `credentials`.
    func attestation(for credentials: DeviceCredentials) -> DeviceAttestation
}

extension DeviceAttestationProvider {
    /// The simulated attestation: the device certificate.
    package func attestation(for credentials: DeviceCredentials) -> DeviceAttestation {
        DeviceAttestation(certificate: credentials.certificate)
    }
}
