import Foundation
package import Logging

/// Everything `capkit serve` / `capkit-server` can be told, with defaults that start a working server
/// with no set-up: SQLite in `./capkit-data`, on `127.0.0.1:8080`.
///
/// Each setting has a flag and an environment variable (flags win); see ``ServerOptions`` and
/// `docs/server.md`.
package struct ServerConfiguration: Sendable {
    /// Address to bind (`CAPTUREKIT_HOST`); `0.0.0.0` to listen on every interface.
    package var host = "127.0.0.1"
    /// Port (`CAPTUREKIT_PORT`); 0 picks a free one.
    package var port = 8080
    /// Directory for the SQLite file, the admin token and generated signing keys (`CAPTUREKIT_DATA_DIR`).
    package var dataDirectory = "capkit-data"
    /// `postgres://…` to use PostgreSQL instead of SQLite (`CAPTUREKIT_DATABASE_URL`).
    package var databaseURL: String?
    /// The admin token itself (`CAPTUREKIT_ADMIN_TOKEN`); when nil it is read from, or created in,
    /// `<data-dir>/admin-token`.
    package var adminToken: String?
    /// Signing key files, oldest first; the last one signs (`CAPTUREKIT_SIGNING_KEY`, `:`-separated).
    /// When empty: `keys/dev-2026.ed25519` under the working directory if present (refused in
    /// ``production`` mode), else the keys in `<data-dir>/keys/`, else a new key generated there.
    package var signingKeyPaths: [String] = []
    /// Requests per API key per minute, licence validations and Fortface routes
    /// (`CAPTUREKIT_RATE_LIMIT_KEY`): 1200 (20 a second, bursts of 1200), what a 2-core server can give one
    /// key without starving the others (a document submission costs tens of milliseconds of CPU).
    package var keyRequestsPerMinute = 1200
    /// Requests per client address per minute on public routes (`CAPTUREKIT_RATE_LIMIT_ADDRESS`).
    package var addressRequestsPerMinute = 6000
    /// Largest JSON body accepted (`CAPTUREKIT_MAX_JSON_BYTES`).
    package var maxJSONBytes = 64 * 1024
    /// Largest blob accepted by `POST /v1/admin/blobs` (`CAPTUREKIT_MAX_BLOB_BYTES`).
    package var maxBlobBytes = 32 * 1024 * 1024
    /// How long an SDK may use a validation answer without asking again (`CAPTUREKIT_VALIDATION_CACHE_SECONDS`).
    package var validationCacheSeconds = 24 * 3600
    /// How long after that it may keep working offline with a warning (`CAPTUREKIT_VALIDATION_GRACE_SECONDS`).
    package var validationGraceSeconds = 7 * 24 * 3600
    /// Lifetime of a signed manifest (`expiresAt - issuedAt`).
    package var manifestLifetimeSeconds = 7 * 24 * 3600
    /// Answer `invalidAPIKey` to `fbx_test_` keys (`CAPTUREKIT_REJECT_TEST_KEYS=1`), for production.
    package var rejectTestKeys = false
    /// Production mode (`CAPTUREKIT_PRODUCTION=1`, `--production`): the server refuses to start when
    /// any of its signing keys is the development key `dev-2026`, whose private half is public.
    package var production = false
    /// The most SQLite transactions one commit covers (`CAPTUREKIT_SQLITE_COMMIT_BATCH`): transactions
    /// that queue behind the writer share a commit (and its fsync); 1 commits each on its own.
    package var sqliteCommitBatch = 128
    /// Committed SQLite transactions between two background checkpoints
    /// (`CAPTUREKIT_SQLITE_CHECKPOINT_INTERVAL`); 0 leaves checkpoints to SQLite, inside the commits.
    package var sqliteCheckpointInterval = 256
    /// Log level (`CAPTUREKIT_LOG_LEVEL`).
    package var logLevel: Logger.Level = .info
    /// Lifetime of a Fortface session after its handshake (`CAPTUREKIT_FORTFACE_SESSION_SECONDS`).
    package var fortfaceSessionSeconds = 15 * 60
    /// Session keys kept ready in the shared, persisted pool (`CAPTUREKIT_FORTFACE_KEY_POOL`): enough
    /// for a burst of a few thousand handshakes.
    package var fortfaceKeyPoolSize = 4096
    /// Below this many keys the paused generator fills the pool again (`CAPTUREKIT_FORTFACE_KEY_POOL_LOW`;
    /// nil: half the pool size).
    package var fortfaceKeyPoolLowWatermark: Int?
    /// Key generations at once (`CAPTUREKIT_FORTFACE_KEY_WORKERS`; default every core).
    package var fortfaceKeyWorkers = ProcessInfo.processInfo.activeProcessorCount
    /// Whether this instance generates keys (`CAPTUREKIT_FORTFACE_KEY_GENERATION=0` leaves it to other
    /// instances or to `capkit keys generate`).
    package var fortfaceKeyGeneration = true
    /// Seconds a pooled key may wait before it is discarded unused (`CAPTUREKIT_FORTFACE_KEY_MAX_AGE_SECONDS`).
    package var fortfaceKeyMaxAgeSeconds = 86_400
    /// Handshakes per second each customer may sustain (`CAPTUREKIT_FORTFACE_HANDSHAKE_RATE`): its fair
    /// share of key generation (a 2-core server makes about 45 keys a second).
    package var fortfaceHandshakeRatePerSecond = 10.0
    /// Handshakes each customer may make at once beyond that rate (`CAPTUREKIT_FORTFACE_HANDSHAKE_BURST`):
    /// one eighth of the default pool, so one customer's burst leaves the pool to the others.
    package var fortfaceHandshakeBurst = 500
    /// RSA session key size, 2048 or 3072 (`CAPTUREKIT_FORTFACE_KEY_BITS`).
    package var fortfaceKeyBits = 2048
    /// How long decrypted images are kept, sealed under the KEK; 0 keeps none
    /// (`CAPTUREKIT_FORTFACE_IMAGE_RETENTION_SECONDS`).
    package var fortfaceImageRetentionSeconds = 0
    /// The key-encryption key in base64 (`CAPTUREKIT_FORTFACE_KEK`); when nil it is read from, or
    /// created in, `<data-dir>/fortface-kek`.
    package var fortfaceKEK: String?
    /// Validity of device certificates issued by `POST /v1/admin/devices`, in days.
    package var deviceCertificateDays = 30
    /// Largest body of `POST /v1/documents` (6 MiB: a 4 MiB image in base64 plus the rest).
    package var maxDocumentBytes = 6 * 1024 * 1024
    /// Largest image accepted by the scanning routes, per image (`CAPTUREKIT_SCAN_MAX_IMAGE_BYTES`; 413 above).
    package var maxScanImageBytes = 8 * 1024 * 1024
    /// Engine jobs (scans) run at once (`CAPTUREKIT_SCAN_WORKERS`). BlinkID sessions process frames on one
    /// global actor, so a second worker only overlaps decoding with scanning.
    package var scanWorkers = 2
    /// Requests that may wait for a worker (`CAPTUREKIT_SCAN_QUEUE`); beyond them the scanning routes
    /// answer 503 with `Retry-After`, so waiting requests never hold unbounded memory.
    package var scanQueueLength = 16
    /// Time limit of one scanning request, waiting included (`CAPTUREKIT_SCAN_TIME_LIMIT_SECONDS`).
    package var scanTimeLimitSeconds = 30
    /// Who may read `GET /metrics` (`CAPTUREKIT_METRICS_AUTH`): by default a bearer token is needed
    /// unless the server is bound to loopback.
    package var metricsAccess: MetricsAccess = .auto
    /// The metrics token itself (`CAPTUREKIT_METRICS_TOKEN`); when nil and a token is needed it is read
    /// from, or created in, `<data-dir>/metrics-token`.
    package var metricsToken: String?
    /// Create a development customer with a sandbox app on first start (`CAPTUREKIT_FORTFACE_DEV_CUSTOMER=0`
    /// to disable).
    package var createDevelopmentCustomer = true
    /// The console's demo backend, `POST /v1/demo/fortface/handshake` and `/documents`, which stand in for
    /// a customer's backend on the Secure capture page (`CAPTUREKIT_DEMO_BACKEND`, `--demo-backend`):
    /// `auto` turns it on only outside production on a loopback-only server.
    package var demoBackend: DemoBackendMode = .auto

    package init() {}

    /// Whether the demo backend routes serve (else they answer 404 `demoBackendOff`).
    package var demoBackendEnabled: Bool {
        switch demoBackend {
        case .on: return true
        case .off: return false
        case .auto: return !production && bindsLoopbackOnly
        }
    }

    /// Whether storage is PostgreSQL.
    package var usesPostgres: Bool { databaseURL != nil }

    /// The SQLite file (SQLite mode).
    package var sqlitePath: String { (dataDirectory as NSString).appendingPathComponent("capturekit.sqlite") }

    /// The admin token file.
    package var adminTokenPath: String { (dataDirectory as NSString).appendingPathComponent("admin-token") }

    /// The metrics token file.
    package var metricsTokenPath: String { (dataDirectory as NSString).appendingPathComponent("metrics-token") }

    /// Whether `host` only accepts connections from this machine (`127.0.0.0/8`, `::1`, `localhost`).
    package var bindsLoopbackOnly: Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name == "[::1]" || name.hasPrefix("127.")
    }

    /// Whether `GET /metrics` needs the metrics (or admin) token.
    package var metricsRequireToken: Bool {
        switch metricsAccess {
        case .auto: return !bindsLoopbackOnly
        case .token: return true
        case .open: return false
        }
    }

    /// The Fortface key-encryption key file.
    package var fortfaceKEKPath: String { (dataDirectory as NSString).appendingPathComponent("fortface-kek") }

    /// The Fortface device CA key file.
    package var deviceAuthorityKeyPath: String {
        (dataDirectory as NSString).appendingPathComponent("fortface-device-ca.key")
    }

    /// The development customer's credentials file (see docs/fortface.md).
    package var developmentCustomerPath: String {
        (dataDirectory as NSString).appendingPathComponent("fortface-dev-customer.json")
    }

    /// Where generated signing keys go.
    package var generatedKeysDirectory: String { (dataDirectory as NSString).appendingPathComponent("keys") }

    /// The environment variables read, with what they set (for `--help` and the docs).
    package static let environmentVariables: [(name: String, meaning: String)] = [
        ("CAPTUREKIT_HOST", "address to bind (default 127.0.0.1)"),
        ("CAPTUREKIT_PORT", "port (default 8080; 0 picks a free port)"),
        ("CAPTUREKIT_DATA_DIR", "data directory (default ./capkit-data)"),
        ("CAPTUREKIT_DATABASE_URL", "postgres://user:password@host:port/db[?sslmode=...] to use PostgreSQL"),
        ("CAPTUREKIT_ADMIN_TOKEN", "admin token (default: read or create <data-dir>/admin-token)"),
        ("CAPTUREKIT_SIGNING_KEY", "signing key files, ':'-separated, oldest first; the last signs"),
        ("CAPTUREKIT_RATE_LIMIT_KEY", "requests per API key per minute (default 1200)"),
        ("CAPTUREKIT_RATE_LIMIT_ADDRESS", "requests per client address per minute (default 6000)"),
        ("CAPTUREKIT_MAX_JSON_BYTES", "largest JSON body (default 65536)"),
        ("CAPTUREKIT_MAX_BLOB_BYTES", "largest uploaded blob (default 33554432)"),
        ("CAPTUREKIT_VALIDATION_CACHE_SECONDS", "validation answer cache time (default 86400)"),
        ("CAPTUREKIT_VALIDATION_GRACE_SECONDS", "validation grace time after that (default 604800)"),
        ("CAPTUREKIT_REJECT_TEST_KEYS", "1 to refuse fbx_test_ keys (production)"),
        ("CAPTUREKIT_PRODUCTION", "1 for production: refuse to start with the development signing key"),
        ("CAPTUREKIT_SQLITE_COMMIT_BATCH", "most SQLite transactions per commit (default 128; 1: one commit each)"),
        (
            "CAPTUREKIT_SQLITE_CHECKPOINT_INTERVAL",
            "transactions between background WAL checkpoints (default 256; 0: SQLite's, inside commits)"
        ),
        ("CAPTUREKIT_LOG_LEVEL", "trace, debug, info, notice, warning, error, critical (default info)"),
        ("CAPTUREKIT_FORTFACE_SESSION_SECONDS", "Fortface session lifetime (default 900)"),
        ("CAPTUREKIT_FORTFACE_KEY_POOL", "session keys kept ready in the shared pool (default 4096)"),
        ("CAPTUREKIT_FORTFACE_KEY_POOL_LOW", "refill the pool below this many keys (default half the pool)"),
        ("CAPTUREKIT_FORTFACE_KEY_WORKERS", "key generations at once (default: every core)"),
        ("CAPTUREKIT_FORTFACE_KEY_GENERATION", "0 to generate no keys in this instance (default 1)"),
        ("CAPTUREKIT_FORTFACE_KEY_MAX_AGE_SECONDS", "discard pooled keys older than this (default 86400)"),
        ("CAPTUREKIT_FORTFACE_HANDSHAKE_RATE", "handshakes per second each customer may sustain (default 10)"),
        ("CAPTUREKIT_FORTFACE_HANDSHAKE_BURST", "handshakes each customer may make at once (default 500)"),
        ("CAPTUREKIT_FORTFACE_KEY_BITS", "RSA session key size, 2048 or 3072 (default 2048)"),
        ("CAPTUREKIT_FORTFACE_IMAGE_RETENTION_SECONDS", "keep sealed images this long (default 0: not kept)"),
        ("CAPTUREKIT_FORTFACE_KEK", "key-encryption key, base64 of 32 bytes (default: <data-dir>/fortface-kek)"),
        ("CAPTUREKIT_FORTFACE_DEV_CUSTOMER", "0 to skip creating the development customer"),
        ("CAPTUREKIT_DEMO_BACKEND", "console demo backend: auto (on outside production on loopback), on or off"),
        ("CAPTUREKIT_SCAN_MAX_IMAGE_BYTES", "largest image per upload on the scanning routes (default 8388608)"),
        ("CAPTUREKIT_SCAN_WORKERS", "scans run at once (default 2)"),
        ("CAPTUREKIT_SCAN_QUEUE", "scan requests that may wait for a worker before 503 (default 16)"),
        ("CAPTUREKIT_SCAN_TIME_LIMIT_SECONDS", "time limit of one scan request, waiting included (default 30)"),
        ("CAPTUREKIT_METRICS_AUTH", "auto (token unless bound to loopback), token or open (default auto)"),
        ("CAPTUREKIT_METRICS_TOKEN", "metrics bearer token (default: read or create <data-dir>/metrics-token)"),
    ]

    /// Applies the environment variables that are set.
    /// - Throws: ``ConfigurationError`` naming the variable when a value cannot be used.
    package mutating func apply(environment: [String: String]) throws(ConfigurationError) {
        func integer(_ name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw .invalidValue(name: name, expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        }
        func text(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        host = text("CAPTUREKIT_HOST") ?? host
        port = try integer("CAPTUREKIT_PORT", in: 0...65535) ?? port
        dataDirectory = text("CAPTUREKIT_DATA_DIR") ?? dataDirectory
        databaseURL = text("CAPTUREKIT_DATABASE_URL") ?? databaseURL
        adminToken = text("CAPTUREKIT_ADMIN_TOKEN") ?? adminToken
        if let keys = text("CAPTUREKIT_SIGNING_KEY") {
            signingKeyPaths = keys.split(separator: ":").map(String.init)
        }
        keyRequestsPerMinute = try integer("CAPTUREKIT_RATE_LIMIT_KEY", in: 1...10_000_000) ?? keyRequestsPerMinute
        addressRequestsPerMinute =
            try integer("CAPTUREKIT_RATE_LIMIT_ADDRESS", in: 1...10_000_000) ?? addressRequestsPerMinute
        maxJSONBytes = try integer("CAPTUREKIT_MAX_JSON_BYTES", in: 1024...16_777_216) ?? maxJSONBytes
        maxBlobBytes = try integer("CAPTUREKIT_MAX_BLOB_BYTES", in: 1024...1_073_741_824) ?? maxBlobBytes
        validationCacheSeconds =
            try integer("CAPTUREKIT_VALIDATION_CACHE_SECONDS", in: 60...31_536_000) ?? validationCacheSeconds
        validationGraceSeconds =
            try integer("CAPTUREKIT_VALIDATION_GRACE_SECONDS", in: 0...31_536_000) ?? validationGraceSeconds
        if let reject = text("CAPTUREKIT_REJECT_TEST_KEYS") {
            guard ["0", "1", "true", "false"].contains(reject) else {
                throw .invalidValue(name: "CAPTUREKIT_REJECT_TEST_KEYS", expected: "1 or 0")
            }
            rejectTestKeys = reject == "1" || reject == "true"
        }
        if let production = text("CAPTUREKIT_PRODUCTION") {
            guard ["0", "1", "true", "false"].contains(production) else {
                throw .invalidValue(name: "CAPTUREKIT_PRODUCTION", expected: "1 or 0")
            }
            self.production = production == "1" || production == "true"
        }
        sqliteCommitBatch = try integer("CAPTUREKIT_SQLITE_COMMIT_BATCH", in: 1...10_000) ?? sqliteCommitBatch
        sqliteCheckpointInterval =
            try integer("CAPTUREKIT_SQLITE_CHECKPOINT_INTERVAL", in: 0...1_000_000) ?? sqliteCheckpointInterval
        fortfaceSessionSeconds =
            try integer("CAPTUREKIT_FORTFACE_SESSION_SECONDS", in: 60...86_400) ?? fortfaceSessionSeconds
        fortfaceKeyPoolSize = try integer("CAPTUREKIT_FORTFACE_KEY_POOL", in: 1...1_000_000) ?? fortfaceKeyPoolSize
        fortfaceKeyPoolLowWatermark =
            try integer("CAPTUREKIT_FORTFACE_KEY_POOL_LOW", in: 1...1_000_000) ?? fortfaceKeyPoolLowWatermark
        fortfaceKeyWorkers = try integer("CAPTUREKIT_FORTFACE_KEY_WORKERS", in: 1...1024) ?? fortfaceKeyWorkers
        if let generation = text("CAPTUREKIT_FORTFACE_KEY_GENERATION") {
            guard ["0", "1", "true", "false"].contains(generation) else {
                throw .invalidValue(name: "CAPTUREKIT_FORTFACE_KEY_GENERATION", expected: "1 or 0")
            }
            fortfaceKeyGeneration = generation == "1" || generation == "true"
        }
        fortfaceKeyMaxAgeSeconds =
            try integer("CAPTUREKIT_FORTFACE_KEY_MAX_AGE_SECONDS", in: 60...31_536_000) ?? fortfaceKeyMaxAgeSeconds
        if let rate = text("CAPTUREKIT_FORTFACE_HANDSHAKE_RATE") {
            guard let value = Double(rate), value > 0, value <= 100_000 else {
                throw .invalidValue(
                    name: "CAPTUREKIT_FORTFACE_HANDSHAKE_RATE", expected: "a number above 0, at most 100000")
            }
            fortfaceHandshakeRatePerSecond = value
        }
        fortfaceHandshakeBurst =
            try integer("CAPTUREKIT_FORTFACE_HANDSHAKE_BURST", in: 1...1_000_000) ?? fortfaceHandshakeBurst
        fortfaceKeyBits = try integer("CAPTUREKIT_FORTFACE_KEY_BITS", in: 2048...3072) ?? fortfaceKeyBits
        guard [2048, 3072].contains(fortfaceKeyBits) else {
            throw .invalidValue(name: "CAPTUREKIT_FORTFACE_KEY_BITS", expected: "2048 or 3072")
        }
        fortfaceImageRetentionSeconds =
            try integer(
                "CAPTUREKIT_FORTFACE_IMAGE_RETENTION_SECONDS", in: 0...31_536_000) ?? fortfaceImageRetentionSeconds
        fortfaceKEK = text("CAPTUREKIT_FORTFACE_KEK") ?? fortfaceKEK
        if let dev = text("CAPTUREKIT_FORTFACE_DEV_CUSTOMER") {
            guard ["0", "1", "true", "false"].contains(dev) else {
                throw .invalidValue(name: "CAPTUREKIT_FORTFACE_DEV_CUSTOMER", expected: "1 or 0")
            }
            createDevelopmentCustomer = dev == "1" || dev == "true"
        }
        maxScanImageBytes =
            try integer("CAPTUREKIT_SCAN_MAX_IMAGE_BYTES", in: 1024...268_435_456) ?? maxScanImageBytes
        scanWorkers = try integer("CAPTUREKIT_SCAN_WORKERS", in: 1...256) ?? scanWorkers
        scanQueueLength = try integer("CAPTUREKIT_SCAN_QUEUE", in: 0...100_000) ?? scanQueueLength
        scanTimeLimitSeconds = try integer("CAPTUREKIT_SCAN_TIME_LIMIT_SECONDS", in: 1...3600) ?? scanTimeLimitSeconds
        if let demo = text("CAPTUREKIT_DEMO_BACKEND") {
            guard let parsed = DemoBackendMode(rawValue: demo) else {
                throw .invalidValue(name: "CAPTUREKIT_DEMO_BACKEND", expected: "auto, on or off")
            }
            demoBackend = parsed
        }
        if let access = text("CAPTUREKIT_METRICS_AUTH") {
            guard let parsed = MetricsAccess(rawValue: access) else {
                throw .invalidValue(name: "CAPTUREKIT_METRICS_AUTH", expected: "auto, token or open")
            }
            metricsAccess = parsed
        }
        metricsToken = text("CAPTUREKIT_METRICS_TOKEN") ?? metricsToken
        if let level = text("CAPTUREKIT_LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level) else {
                throw .invalidValue(name: "CAPTUREKIT_LOG_LEVEL", expected: "trace, debug, info, ... critical")
            }
            logLevel = parsed
        }
    }
}

/// When the console's demo backend serves (``ServerConfiguration/demoBackendEnabled``).
package enum DemoBackendMode: String, Sendable, CaseIterable {
    /// On unless the server runs in production mode or listens beyond loopback.
    case auto
    /// Always on, production included (a deliberate choice, reported at start).
    case on
    /// Always off.
    case off
}

/// Who may read `GET /metrics`.
package enum MetricsAccess: String, Sendable, CaseIterable {
    /// A token is needed unless the server is bound to loopback only.
    case auto
    /// A token is always needed.
    case token
    /// Anyone who can reach the server may read the metrics.
    case open
}

/// Why a configuration value cannot be used.
package enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidValue(name: String, expected: String)
    case dataDirectoryUnusable(path: String)

    package var description: String {
        switch self {
        case let .invalidValue(name, expected):
            return "\(name) has a value that cannot be used; expected \(expected)."
        case let .dataDirectoryUnusable(path):
            return "The data directory \(path) cannot be created or written; choose another with --data-dir."
        }
    }
}
