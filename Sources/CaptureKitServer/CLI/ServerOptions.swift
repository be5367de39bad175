package import ArgumentParser
import Foundation
import Hummingbird
import Logging

/// The flags of `capkit serve` and `capkit-server` (shared, so both start the same server). Each flag
/// overrides its environment variable (``ServerConfiguration/environmentVariables``), which overrides
/// the default.
package struct ServerOptions: ParsableArguments {
    @Option(help: "Address to bind (env CAPTUREKIT_HOST, default 127.0.0.1; 0.0.0.0 for every interface).")
    package var host: String?

    @Option(help: "Port (env CAPTUREKIT_PORT, default 8080; 0 picks a free port).")
    package var port: Int?

    @Option(
        name: .customLong("data-dir"),
        help:
            "Data directory: SQLite file, admin token, generated keys (env CAPTUREKIT_DATA_DIR, default ./capkit-data)."
    )
    package var dataDirectory: String?

    @Option(
        name: .customLong("database-url"),
        help: "postgres://user:password@host:port/db to use PostgreSQL instead of SQLite (env CAPTUREKIT_DATABASE_URL)."
    )
    package var databaseURL: String?

    @Option(
        name: .customLong("signing-key"),
        help:
            ArgumentHelp(
                "A signing key file <kid>.ed25519; repeat, oldest first; the last signs"
                    + " (env CAPTUREKIT_SIGNING_KEY, ':'-separated)."
            )
    )
    package var signingKeys: [String] = []

    @Option(
        name: .customLong("rate-limit-key"),
        help: "Requests per API key per minute (env CAPTUREKIT_RATE_LIMIT_KEY, default 1200).")
    package var keyRequestsPerMinute: Int?

    @Option(
        name: .customLong("rate-limit-address"),
        help: "Public requests per client address per minute (env CAPTUREKIT_RATE_LIMIT_ADDRESS, default 6000).")
    package var addressRequestsPerMinute: Int?

    @Option(
        name: .customLong("max-blob-bytes"),
        help: "Largest uploaded blob (env CAPTUREKIT_MAX_BLOB_BYTES, default 33554432).")
    package var maxBlobBytes: Int?

    @Flag(
        name: .customLong("reject-test-keys"),
        help: "Answer invalidAPIKey to fbx_test_ keys (env CAPTUREKIT_REJECT_TEST_KEYS=1).")
    package var rejectTestKeys = false

    @Flag(
        help:
            "Production mode: refuse to start with the development signing key dev-2026 (env CAPTUREKIT_PRODUCTION=1).")
    package var production = false

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (env CAPTUREKIT_LOG_LEVEL, default info).")
    package var logLevel: String?

    @Option(
        name: .customLong("metrics-auth"),
        help: ArgumentHelp(
            "Who may read /metrics: auto (a bearer token unless bound to loopback), token or open"
                + " (env CAPTUREKIT_METRICS_AUTH, default auto)."))
    package var metricsAccess: String?

    @Option(
        name: .customLong("demo-backend"),
        help: ArgumentHelp(
            "The console's demo backend for the Secure capture page: auto (on outside production on a loopback"
                + " server), on or off (env CAPTUREKIT_DEMO_BACKEND, default auto)."))
    package var demoBackend: String?

    @Option(
        name: .customLong("key-pool"),
        help: "Fortface session keys kept ready in the shared pool (env CAPTUREKIT_FORTFACE_KEY_POOL, default 4096).")
    package var keyPoolSize: Int?

    @Option(
        name: .customLong("key-workers"),
        help: "Fortface key generations at once (env CAPTUREKIT_FORTFACE_KEY_WORKERS, default: every core).")
    package var keyWorkers: Int?

    @Option(
        name: .customLong("handshake-rate"),
        help: ArgumentHelp(
            "Handshakes per second each customer may sustain (env CAPTUREKIT_FORTFACE_HANDSHAKE_RATE,"
                + " default 10)."))
    package var handshakeRate: Double?

    @Option(
        name: .customLong("handshake-burst"),
        help: ArgumentHelp(
            "Handshakes each customer may make at once on top of that rate (env CAPTUREKIT_FORTFACE_HANDSHAKE_BURST,"
                + " default 500)."))
    package var handshakeBurst: Int?

    package init() {}

    /// The configuration: defaults, then the environment, then these flags.
    package func configuration(environment: [String: String]) throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        try configuration.apply(environment: environment)
        if let host { configuration.host = host }
        if let port {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
            configuration.port = port
        }
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        if let databaseURL { configuration.databaseURL = databaseURL }
        if !signingKeys.isEmpty { configuration.signingKeyPaths = signingKeys }
        if let keyRequestsPerMinute {
            guard keyRequestsPerMinute > 0 else { throw ValidationError("--rate-limit-key must be positive.") }
            configuration.keyRequestsPerMinute = keyRequestsPerMinute
        }
        if let addressRequestsPerMinute {
            guard addressRequestsPerMinute > 0 else { throw ValidationError("--rate-limit-address must be positive.") }
            configuration.addressRequestsPerMinute = addressRequestsPerMinute
        }
        if let maxBlobBytes {
            guard maxBlobBytes >= 1024 else { throw ValidationError("--max-blob-bytes must be at least 1024.") }
            configuration.maxBlobBytes = maxBlobBytes
        }
        if rejectTestKeys { configuration.rejectTestKeys = true }
        if production { configuration.production = true }
        if let keyPoolSize {
            guard (1...1_000_000).contains(keyPoolSize) else {
                throw ValidationError("--key-pool must be 1 to 1000000.")
            }
            configuration.fortfaceKeyPoolSize = keyPoolSize
        }
        if let keyWorkers {
            guard (1...1024).contains(keyWorkers) else { throw ValidationError("--key-workers must be 1 to 1024.") }
            configuration.fortfaceKeyWorkers = keyWorkers
        }
        if let handshakeRate {
            guard handshakeRate > 0, handshakeRate <= 100_000 else {
                throw ValidationError("--handshake-rate must be above 0 and at most 100000.")
            }
            configuration.fortfaceHandshakeRatePerSecond = handshakeRate
        }
        if let handshakeBurst {
            guard (1...1_000_000).contains(handshakeBurst) else {
                throw ValidationError("--handshake-burst must be 1 to 1000000.")
            }
            configuration.fortfaceHandshakeBurst = handshakeBurst
        }
        if let metricsAccess {
            guard let access = MetricsAccess(rawValue: metricsAccess) else {
                throw ValidationError("--metrics-auth must be auto, token or open.")
            }
            configuration.metricsAccess = access
        }
        if let demoBackend {
            guard let mode = DemoBackendMode(rawValue: demoBackend) else {
                throw ValidationError("--demo-backend must be auto, on or off.")
            }
            configuration.demoBackend = mode
        }
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel) else {
                throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical.")
            }
            configuration.logLevel = level
        }
        return configuration
    }

    /// Builds and runs the server until SIGINT or SIGTERM (graceful shutdown).
    package func run() async throws {
        let configuration = try configuration(environment: ProcessInfo.processInfo.environment)
        let app = try await buildApplication(
            configuration: configuration,
            announce: { report in FileHandle.standardOutput.write(Data((report + "\n").utf8)) }
        )
        try await app.runService()
    }
}
