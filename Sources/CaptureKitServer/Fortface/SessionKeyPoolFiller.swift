package import Foundation
package import Logging
import PostgresNIO

/// Fills the shared session key pool from a process that is not serving (`capkit keys generate`): it
/// opens the same database a server uses (SQLite in `--data-dir`, or PostgreSQL), takes the same
/// key-encryption key, generates keys with every core it is given and adds them to the pool, where
/// any server instance on that database hands them out.
package enum SessionKeyPoolFiller {
    /// The outcome of a fill.
    package struct Outcome: Sendable, Equatable {
        /// Keys this run added.
        package var added: Int
        /// Fresh keys in the pool afterwards (every instance's).
        package var depth: Int
    }

    /// Generates `count` keys into the pool of the database `configuration` names (schema migrated first).
    /// - Throws: ``ConfigurationError``, ``KeyEncryptionKeyError`` or the store's error.
    package static func generate(
        count: Int, configuration: ServerConfiguration, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> Outcome {
        do {
            try FilePermissions.secureDirectory(atPath: configuration.dataDirectory)
        } catch {
            throw ConfigurationError.dataDirectoryUnusable(path: configuration.dataDirectory)
        }
        let kek: KeyEncryptionKey =
            if let text = configuration.fortfaceKEK {
                try KeyEncryptionKey(base64: text)
            } else {
                try KeyEncryptionKey.loadOrCreate(path: configuration.fortfaceKEKPath)
            }
        if let url = configuration.databaseURL {
            let postgres = try PostgresDriver(url: url, logger: logger)
            return try await withThrowingTaskGroup(of: Outcome?.self) { group in
                group.addTask {
                    await postgres.client.run()
                    return nil
                }
                defer { group.cancelAll() }
                let outcome = try await fill(
                    count: count, store: SQLCaptureStore(driver: postgres, now: now), kek: kek,
                    configuration: configuration, logger: logger, now: now)
                return outcome
            }
        }
        let path = URL(fileURLWithPath: configuration.sqlitePath).standardizedFileURL.path
        return try await fill(
            count: count, store: SQLCaptureStore(driver: SQLiteDriver(path: path, logger: logger), now: now), kek: kek,
            configuration: configuration, logger: logger, now: now)
    }

    private static func fill(
        count: Int, store: SQLCaptureStore, kek: KeyEncryptionKey, configuration: ServerConfiguration,
        logger: Logger, now: @escaping @Sendable () -> Date
    ) async throws -> Outcome {
        try await store.start()
        do {
            let pool = SessionKeyPool(
                provider: RSASessionKeyProvider(bits: configuration.fortfaceKeyBits), store: store, kek: kek,
                targetSize: configuration.fortfaceKeyPoolSize, maxAge: Int64(configuration.fortfaceKeyMaxAgeSeconds),
                workers: configuration.fortfaceKeyWorkers, logger: logger, now: now
            )
            let added = try await pool.generate(count: count)
            let outcome = Outcome(added: added, depth: try await pool.depth())
            try await store.shutdown()
            return outcome
        } catch {
            try? await store.shutdown()
            throw error
        }
    }
}
