import CaptureCore
import FortfaceWire
package import Foundation
package import Hummingbird
package import Logging
import NIOCore
import NIOPosix
package import ServiceLifecycle

/// Resolves the configuration into a ready ``ServerEnvironment``: the data directory, the admin
/// token (created on first start), the signing keys and the store (SQLite or PostgreSQL).
/// - Returns: The environment and the lines to report at start (never a secret).
///
/// `sessionKeyProvider` replaces RSA generation for the session key pool (tests inject a few keys
/// generated once);
/// `classifier` replaces the document engine's classifier;
/// `documentScanner` the BlinkID scanner of `POST /v1/documents/scan`, and `engineClock` the clock of
/// the engine routes' time limit.
package func buildEnvironment(
    configuration: ServerConfiguration, logger: Logger, now: @escaping @Sendable () -> Date = { Date() },
    sessionKeyProvider: (any SessionKeyProvider)? = nil, classifier: (any DocumentClassifying)? = nil,
    documentScanner: (any DocumentScanning)? = nil, engineClock: any Clock<Duration> = ContinuousClock()
) throws -> (environment: ServerEnvironment, report: [String], services: [any Service]) {
    var report: [String] = []
    // Owner-only, whatever the umask, and repaired at every start (the database holds customer names,
    // key hashes and session answers).
    do {
        try FilePermissions.secureDirectory(atPath: configuration.dataDirectory)
        if FileManager.default.fileExists(atPath: configuration.generatedKeysDirectory) {
            try FilePermissions.secureDirectory(atPath: configuration.generatedKeysDirectory)
        }
        try FilePermissions.restrictExistingFiles(
            [
                configuration.adminTokenPath, configuration.metricsTokenPath, configuration.fortfaceKEKPath,
                configuration.deviceAuthorityKeyPath,
                configuration.developmentCustomerPath,
            ] + FilePermissions.sqliteFiles(database: configuration.sqlitePath)
        )
    } catch {
        throw ConfigurationError.dataDirectoryUnusable(path: configuration.dataDirectory)
    }
    let adminToken: AdminToken
    if let token = configuration.adminToken {
        adminToken = AdminToken(token: token)
        report.append("admin token: from CAPTUREKIT_ADMIN_TOKEN")
    } else {
        adminToken = try AdminToken.loadOrCreate(path: configuration.adminTokenPath)
        let path = URL(fileURLWithPath: configuration.adminTokenPath).standardizedFileURL.path
        report.append("admin token: \(path)\(adminToken.wasCreated ? " (created now)" : "")")
    }
    var metricsToken: AdminToken?
    if configuration.metricsRequireToken {
        if let token = configuration.metricsToken {
            metricsToken = AdminToken(token: token)
            report.append("metrics: bearer token from CAPTUREKIT_METRICS_TOKEN (or the admin token)")
        } else {
            let token = try AdminToken.loadOrCreate(path: configuration.metricsTokenPath, prefix: "ckm_")
            metricsToken = token
            let path = URL(fileURLWithPath: configuration.metricsTokenPath).standardizedFileURL.path
            report.append(
                "metrics: bearer token \(path)\(token.wasCreated ? " (created now)" : "") (or the admin token)")
        }
    } else {
        report.append("metrics: open (\(configuration.metricsAccess == .open ? "--metrics-auth open" : "loopback"))")
    }
    let signing = try SigningKeyResolver.resolve(configuration: configuration, now: now())
    report.append(signing.note)

    let driver: any SQLDatabaseDriver
    var services: [any Service] = []
    if let url = configuration.databaseURL {
        let postgres = try PostgresDriver(url: url, logger: logger)
        driver = postgres
        services.append(postgres.client)
        report.append("storage: PostgreSQL")
    } else {
        let path = URL(fileURLWithPath: configuration.sqlitePath).standardizedFileURL.path
        driver = SQLiteDriver(
            path: path, maximumBatch: configuration.sqliteCommitBatch,
            checkpointInterval: configuration.sqliteCheckpointInterval, logger: logger
        )
        report.append("storage: SQLite \(path)")
    }
    let store = SQLCaptureStore(driver: driver, now: now)
    services.append(StoreLifecycleService(store: store))

    let kek: KeyEncryptionKey
    if let text = configuration.fortfaceKEK {
        kek = try KeyEncryptionKey(base64: text)
        report.append("fortface key-encryption key: from CAPTUREKIT_FORTFACE_KEK")
    } else {
        kek = try KeyEncryptionKey.loadOrCreate(path: configuration.fortfaceKEKPath)
        let path = URL(fileURLWithPath: configuration.fortfaceKEKPath).standardizedFileURL.path
        report.append("fortface key-encryption key: \(path)\(kek.wasCreated ? " (created now)" : "")")
    }
    let authority = try DeviceAuthorityKey.loadOrCreate(path: configuration.deviceAuthorityKeyPath)
    report.append("fortface device CA: \(authority.kid)")
    let metrics = ServerMetrics()
    let pool = SessionKeyPool(
        provider: sessionKeyProvider ?? RSASessionKeyProvider(bits: configuration.fortfaceKeyBits), store: store,
        kek: kek, targetSize: configuration.fortfaceKeyPoolSize,
        lowWatermark: configuration.fortfaceKeyPoolLowWatermark,
        maxAge: Int64(configuration.fortfaceKeyMaxAgeSeconds), workers: configuration.fortfaceKeyWorkers,
        metrics: metrics, logger: logger, now: now
    )
    if configuration.fortfaceKeyGeneration {
        services.append(SessionKeyPoolService(pool: pool))
        report.append(
            "fortface session keys: pool of \(pool.targetSize) (refill below \(pool.lowWatermark)),"
                + " \(pool.workers) generator\(pool.workers == 1 ? "" : "s")")
    } else {
        report.append(
            "fortface session keys: pool of \(pool.targetSize), filled by other instances (no generator here)")
    }
    var documentClassifier = classifier
    if documentClassifier == nil {
        do {
            documentClassifier = try EngineDocumentClassifier()
        } catch {
            report.append("fortface document classifier unavailable (submissions answer 503): \(error)")
        }
    }
    let classificationThreads = NIOThreadPool(numberOfThreads: max(1, System.coreCount))
    classificationThreads.start()
    services.append(ThreadPoolService(pool: classificationThreads))
    let fortface = FortfaceEnvironment(
        kek: kek, deviceAuthority: authority, keyPool: pool, classifier: documentClassifier,
        classificationThreads: classificationThreads
    )
    if configuration.createDevelopmentCustomer {
        let path = URL(fileURLWithPath: configuration.developmentCustomerPath).standardizedFileURL.path
        report.append("fortface development customer: \(path)")
    }
    if configuration.demoBackendEnabled {
        report.append(
            "console demo backend: on (/v1/demo/fortface/*, acting as the development customer)"
                + (configuration.production ? " IN PRODUCTION MODE, by --demo-backend on" : ""))
    }
    let environment = ServerEnvironment(
        configuration: configuration, store: store, signingKeys: signing.keys, adminToken: adminToken,
        fortface: fortface, metricsToken: metricsToken, metrics: metrics, now: now, logger: logger,
        documentScanner: documentScanner, engineClock: engineClock
    )
    return (environment, report, services)
}

/// Builds the router: one controller per resource, public routes under `/v1` limited per client
/// address, administration under `/v1/admin` behind the admin token.
package func buildRouter(environment: ServerEnvironment) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: AccessLogMiddleware(metrics: environment.metrics))
    router.add(middleware: ErrorMiddleware())

    HealthController(environment: environment).addRoutes(to: router)
    ConsoleController().addRoutes(to: router)

    let manifests = ManifestService(environment: environment)
    let licenses = LicenseController(environment: environment)
    let resources = ResourceController(environment: environment, manifests: manifests)
    let catalog = CatalogController(environment: environment)

    let publicRoutes = router.group("v1").add(
        middleware: AddressRateLimitMiddleware(limiter: environment.addressLimiter))
    KeysController(environment: environment).addRoutes(to: publicRoutes)
    licenses.addPublicRoutes(to: publicRoutes)
    resources.addPublicRoutes(to: publicRoutes)
    catalog.addPublicRoutes(to: publicRoutes)
    let fortface = FortfaceController(environment: environment)
    fortface.addPublicRoutes(to: publicRoutes)
    DocumentScanController(environment: environment).addPublicRoutes(to: publicRoutes)
    TryOnController(environment: environment).addPublicRoutes(to: publicRoutes)
    DemoBackendController(environment: environment).addPublicRoutes(to: publicRoutes)

    let adminRoutes = router.group("v1/admin").add(middleware: AdminAuthMiddleware(token: environment.adminToken))
    CustomerController(environment: environment).addAdminRoutes(to: adminRoutes)
    licenses.addAdminRoutes(to: adminRoutes)
    resources.addAdminRoutes(to: adminRoutes)
    catalog.addAdminRoutes(to: adminRoutes)
    fortface.addAdminRoutes(to: adminRoutes)
    return router
}

/// Builds the application from a configuration: ``buildEnvironment(configuration:logger:now:)``,
/// ``buildRouter(environment:)``, the store opened and migrated before the server listens, and
/// closed on shutdown. `announce` receives the start-up report (URL, admin-token file, signing key,
/// storage) once the server listens.
package func buildApplication(
    configuration: ServerConfiguration, logger: Logger? = nil, now: @escaping @Sendable () -> Date = { Date() },
    announce: @escaping @Sendable (String) -> Void = { print($0) }
) async throws -> some ApplicationProtocol {
    var logger = logger ?? Logger(label: "capkit-server")
    logger.logLevel = configuration.logLevel
    let built = try buildEnvironment(configuration: configuration, logger: logger, now: now)
    return buildApplication(
        environment: built.environment, services: built.services, report: built.report, announce: announce)
}

/// Builds the application around an assembled environment (tests keep the environment to look inside).
package func buildApplication(
    environment: ServerEnvironment, services: [any Service], report: [String] = [],
    announce: @escaping @Sendable (String) -> Void = { _ in }
) -> some ApplicationProtocol {
    let configuration = environment.configuration
    var app = Application(
        router: buildRouter(environment: environment),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "capkit-server"
        ),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            announce((["capkit-server listening on http://\(host):\(port)"] + report).joined(separator: "\n"))
        },
        logger: environment.logger
    )
    let store = environment.store
    let keyPool = environment.fortface.keyPool
    app.beforeServerStarts {
        try await store.start()
        keyPool.wake()
        if configuration.createDevelopmentCustomer {
            try await DevelopmentCustomer.ensure(environment: environment)
        }
    }
    return app
}
