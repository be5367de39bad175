package import FortfaceWire
package import NIOPosix

/// What the Fortface routes share beyond the server environment: the key-encryption key, the device
/// CA, the session key pool, the document classifier and its threads.
package struct FortfaceEnvironment: Sendable {
    /// Seals session private keys and retained images at rest.
    package var kek: KeyEncryptionKey
    /// Certifies device keys (`POST /v1/admin/devices`) and verifies their certificates.
    package let deviceAuthority: DeviceCertificateAuthority
    /// Single-use session keys.
    package var keyPool: SessionKeyPool
    /// Classifies submitted images; nil when the document engine could not be loaded (submissions then
    /// answer 503 `classifierUnavailable`).
    package var classifier: (any DocumentClassifying)?
    /// Where submissions are decoded and classified (tens of milliseconds of blocking work each): on
    /// threads of their own, neither on the few threads all async request handling shares nor on
    /// NIO's shared blocking pool, which the SQLite driver needs for every query. Started; stopped by
    /// a ``ThreadPoolService``.
    package var classificationThreads: NIOThreadPool
    /// Device certificates already verified against ``deviceAuthority`` (a device sends the same one
    /// with every token), shared by every verifier this environment hands out.
    package let certificateCache: DeviceCertificateCache

    package init(
        kek: KeyEncryptionKey, deviceAuthority: DeviceCertificateAuthority, keyPool: SessionKeyPool,
        classifier: (any DocumentClassifying)?, classificationThreads: NIOThreadPool
    ) {
        self.kek = kek
        self.deviceAuthority = deviceAuthority
        self.keyPool = keyPool
        self.classifier = classifier
        self.classificationThreads = classificationThreads
        self.certificateCache = DeviceCertificateCache()
    }

    /// The device token verifier (±120 s skew), with the environment's certificate cache.
    package var verifier: DeviceTokenVerifier {
        DeviceTokenVerifier(deviceAuthority: deviceAuthority.keyring, certificateCache: certificateCache)
    }
}
