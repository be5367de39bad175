package import Foundation
package import Logging

/// What the controllers share: storage, signing keys, the admin token, limits, metrics and the clock.
package struct ServerEnvironment: Sendable {
    package var configuration: ServerConfiguration
    package var store: any CaptureStore
    package var signingKeys: SigningKeys
    package var adminToken: AdminToken
    /// The token `GET /metrics` needs (the admin token is accepted too); nil when metrics are open.
    package var metricsToken: AdminToken?
    package var metrics: ServerMetrics
    /// Per-API-key limiter for licence validation and the Fortface routes.
    package var keyLimiter: RateLimiter
    /// Each customer's share of handshakes (and so of session keys), by customer id.
    package var handshakeQuota: RateLimiter
    /// Per-client-address limiter for public routes.
    package var addressLimiter: RateLimiter
    /// Fortface: KEK, device CA, session key pool, classifier.
    package var fortface: FortfaceEnvironment
    /// The document scanner, the engine queue and the clock of its time limit.
    package var engines: EngineEnvironment
    /// The clock (injected in tests).
    package var now: @Sendable () -> Date
    package var logger: Logger

    package init(
        configuration: ServerConfiguration, store: any CaptureStore, signingKeys: SigningKeys, adminToken: AdminToken,
        fortface: FortfaceEnvironment, metricsToken: AdminToken? = nil, metrics: ServerMetrics = ServerMetrics(),
        now: @escaping @Sendable () -> Date, logger: Logger, documentScanner: (any DocumentScanning)? = nil,
        engineClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.metricsToken = metricsToken
        self.fortface = fortface
        self.configuration = configuration
        self.store = store
        self.signingKeys = signingKeys
        self.adminToken = adminToken
        self.metrics = metrics
        self.keyLimiter = RateLimiter(perMinute: configuration.keyRequestsPerMinute, now: now)
        self.handshakeQuota = RateLimiter(
            ratePerSecond: configuration.fortfaceHandshakeRatePerSecond, burst: configuration.fortfaceHandshakeBurst,
            now: now)
        self.addressLimiter = RateLimiter(perMinute: configuration.addressRequestsPerMinute, now: now)
        self.now = now
        self.logger = logger
        self.engines = EngineEnvironment(
            documentScanner: documentScanner ?? BlinkIDDocumentScanner(signingKeys: signingKeys, now: now),
            tryOn: EyewearTryOnEngine(),
            queue: EngineQueue(
                workers: configuration.scanWorkers, waitingLimit: configuration.scanQueueLength,
                onDepthChange: { running, waiting in
                    metrics.recordEngineQueue(engine: "all", running: running, waiting: waiting)
                }),
            clock: engineClock
        )
    }

    /// The current time in whole seconds since 1970.
    package var nowSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }
}
