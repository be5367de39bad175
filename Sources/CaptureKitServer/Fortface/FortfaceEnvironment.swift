import FortfaceWire

/// What the Fortface routes share beyond the server environment: the key-encryption key, the device
/// CA, the session key pool and the document classifier.
package struct FortfaceEnvironment: Sendable {
    /// Seals session private keys and retained images at rest.
    package var kek: KeyEncryptionKey
    /// Certifies device keys (`POST /v1/admin/devices`) and verifies their certificates.
    package var deviceAuthority: DeviceCertificateAuthority
    /// Single-use session keys.
    package var keyPool: SessionKeyPool
    /// Classifies submitted images; nil when the document engine could not be loaded (submissions then
    /// answer 503 `classifierUnavailable`).
    package var classifier: (any DocumentClassifying)?

    package init(
        kek: KeyEncryptionKey, deviceAuthority: DeviceCertificateAuthority, keyPool: SessionKeyPool,
        classifier: (any DocumentClassifying)?
    ) {
        self.kek = kek
        self.deviceAuthority = deviceAuthority
        self.keyPool = keyPool
        self.classifier = classifier
    }

    /// The device token verifier (±120 s skew).
    package var verifier: DeviceTokenVerifier { DeviceTokenVerifier(deviceAuthority: deviceAuthority.keyring) }
}
