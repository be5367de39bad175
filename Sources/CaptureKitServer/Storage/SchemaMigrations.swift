import CaptureCore
package import SQLKit

/// The database schema, as an ordered list of migrations applied once each and recorded in
/// `schema_migrations`. Never edit a published migration: append a new one.
package enum SchemaMigrations {
    /// One schema step: statements, then (optionally) a data step in Swift, then more statements, all in
    /// the migrating transaction.
    package struct Migration: Sendable {
        package var version: Int
        package var name: String
        /// The statements, for a flavour.
        package var statements: @Sendable (SQLFlavor) -> [String]
        /// Rewrites rows where SQL alone cannot (hashing, say), after ``statements``.
        package var dataStep: (@Sendable (any SQLDatabase) async throws -> Void)?
        /// Statements run after ``dataStep``.
        package var finalStatements: @Sendable (SQLFlavor) -> [String]

        package init(
            version: Int, name: String, statements: @escaping @Sendable (SQLFlavor) -> [String],
            dataStep: (@Sendable (any SQLDatabase) async throws -> Void)? = nil,
            finalStatements: @escaping @Sendable (SQLFlavor) -> [String] = { _ in [] }
        ) {
            self.version = version
            self.name = name
            self.statements = statements
            self.dataStep = dataStep
            self.finalStatements = finalStatements
        }
    }

    /// All migrations, oldest first.
    package static let all: [Migration] = [
        Migration(version: 1, name: "initial schema") { flavor in
            [
                """
                CREATE TABLE customers (
                    id TEXT PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, created_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE api_keys (
                    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customers (id),
                    key_hash TEXT NOT NULL UNIQUE, mode TEXT NOT NULL, status TEXT NOT NULL,
                    created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX api_keys_customer ON api_keys (customer_id)",
                """
                CREATE TABLE licenses (
                    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customers (id),
                    product TEXT NOT NULL, bundle_ids TEXT NOT NULL, platforms TEXT NOT NULL,
                    features TEXT NOT NULL, issued_at BIGINT NOT NULL, not_before BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL, max_sdk TEXT NOT NULL, status TEXT NOT NULL,
                    signing_key_id TEXT NOT NULL, token TEXT NOT NULL)
                """,
                "CREATE INDEX licenses_customer_product ON licenses (customer_id, product)",
                """
                CREATE TABLE blobs (
                    sha256 TEXT PRIMARY KEY, media_type TEXT NOT NULL, size BIGINT NOT NULL,
                    data \(flavor.blobType) NOT NULL, created_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE resources (
                    name TEXT NOT NULL, version TEXT NOT NULL, sha256 TEXT NOT NULL REFERENCES blobs (sha256),
                    size BIGINT NOT NULL, first_manifest_version BIGINT NOT NULL, PRIMARY KEY (name, version))
                """,
                "CREATE INDEX resources_sha256 ON resources (sha256)",
                "CREATE TABLE manifest_head (id BIGINT PRIMARY KEY, version BIGINT NOT NULL)",
                "INSERT INTO manifest_head (id, version) VALUES (1, 0)",
                """
                CREATE TABLE manifests (
                    version BIGINT PRIMARY KEY, published_at BIGINT NOT NULL, entries TEXT NOT NULL)
                """,
                """
                CREATE TABLE frames (
                    sku TEXT PRIMARY KEY, name TEXT NOT NULL, lens_width_mm \(flavor.doubleType) NOT NULL,
                    bridge_width_mm \(flavor.doubleType) NOT NULL, temple_length_mm \(flavor.doubleType) NOT NULL,
                    colors TEXT NOT NULL, assets TEXT NOT NULL, updated_at BIGINT NOT NULL)
                """,
            ]
        },
        Migration(version: 2, name: "fortface sessions") { flavor in
            [
                """
                CREATE TABLE fortface_apps (
                    customer_id TEXT NOT NULL REFERENCES customers (id), app_id TEXT NOT NULL,
                    environment TEXT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (customer_id, app_id))
                """,
                "CREATE TABLE fortface_jtis (jti TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)",
                "CREATE INDEX fortface_jtis_expiry ON fortface_jtis (expires_at)",
                """
                CREATE TABLE fortface_sessions (
                    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customers (id),
                    device_kid TEXT NOT NULL, dri_jti TEXT NOT NULL, app_id TEXT NOT NULL, state TEXT NOT NULL,
                    created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, public_key_pem TEXT NOT NULL,
                    enc_private_key \(flavor.blobType), payload_digest TEXT, outcome TEXT, result TEXT,
                    consumed_at BIGINT)
                """,
                "CREATE INDEX fortface_sessions_open ON fortface_sessions (state, expires_at)",
                """
                CREATE TABLE fortface_documents (
                    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customers (id),
                    document_type TEXT NOT NULL, front_session_id TEXT NOT NULL, back_session_id TEXT,
                    created_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE fortface_images (
                    session_id TEXT PRIMARY KEY, sealed \(flavor.blobType) NOT NULL, expires_at BIGINT NOT NULL)
                """,
                "CREATE INDEX fortface_images_expiry ON fortface_images (expires_at)",
            ]
        },
        // Licence keys are shown once and stored as SHA-256 only (validation reads the claim columns).
        Migration(
            version: 3, name: "licence keys stored as SHA-256",
            statements: { _ in ["ALTER TABLE licenses ADD COLUMN token_sha256 TEXT"] },
            dataStep: { database in
                let rows = try await database.raw("SELECT id, token FROM licenses").all()
                for row in rows {
                    let id = try row.decode(column: "id", as: String.self)
                    let hash = FBxAPIKey.sha256Hex(of: try row.decode(column: "token", as: String.self))
                    try await database.raw("UPDATE licenses SET token_sha256 = \(bind: hash) WHERE id = \(bind: id)")
                        .run()
                }
            },
            finalStatements: { _ in ["ALTER TABLE licenses DROP COLUMN token"] }
        ),
        Migration(version: 4, name: "shared session key pool") { flavor in
            [
                """
                CREATE TABLE fortface_key_pool (
                    id TEXT PRIMARY KEY, public_key_pem TEXT NOT NULL,
                    sealed_private_key \(flavor.blobType) NOT NULL, created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX fortface_key_pool_age ON fortface_key_pool (created_at, id)",
            ]
        },
    ]

    /// The newest schema version this server knows.
    package static var latestVersion: Int { all.last?.version ?? 0 }

    /// Applies pending migrations in one transaction. On PostgreSQL an advisory lock makes instances
    /// starting together apply them once.
    /// `upTo` stops after that version (tests build old databases with it).
    /// - Returns: The versions applied now.
    @discardableResult
    package static func apply(
        using driver: any SQLDatabaseDriver, at time: Int64, upTo: Int? = nil
    ) async throws
        -> [Int]
    {
        let flavor = driver.flavor
        return try await driver.transaction { database in
            if flavor == .postgres {
                try await database.raw("SELECT pg_advisory_xact_lock(7341002)").run()
            }
            try await database.raw(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
                """
            ).run()
            let rows = try await database.raw("SELECT version FROM schema_migrations").all()
            let applied = Set(try rows.map { try $0.decode(column: "version", as: Int.self) })
            if let newest = applied.max(), newest > latestVersion {
                throw StoreError.schemaTooNew(found: newest, known: latestVersion)
            }
            var appliedNow: [Int] = []
            for migration in all where !applied.contains(migration.version) && migration.version <= (upTo ?? .max) {
                for statement in migration.statements(flavor) {
                    try await database.raw(SQLQueryString(statement)).run()
                }
                if let dataStep = migration.dataStep { try await dataStep(database) }
                for statement in migration.finalStatements(flavor) {
                    try await database.raw(SQLQueryString(statement)).run()
                }
                try await database.raw(
                    """
                    INSERT INTO schema_migrations (version, name, applied_at)
                    VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: time))
                    """
                ).run()
                appliedNow.append(migration.version)
            }
            return appliedNow
        }
    }
}
