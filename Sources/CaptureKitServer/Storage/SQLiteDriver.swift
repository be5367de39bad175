import CaptureCore
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// SQLite storage: one database file, in WAL mode with `synchronous=FULL`, so a committed
/// transaction survives a crash or power loss.
///
/// Writes go through one writer connection, one transaction at a time (``AsyncLock``); reads use a
/// few reader connections, which WAL lets run beside the writer. The SQLite library is the one
/// sqlite-nio builds in (no system library needed). The file and its `-wal`/`-shm` companions are
/// owner-only (0600, ``FilePermissions``).
package final class SQLiteDriver: SQLDatabaseDriver {
    private struct Connections {
        var writer: SQLiteConnection?
        var readers: [SQLiteConnection] = []
        var nextReader = 0
    }

    /// The database file.
    package let path: String
    private let readerCount: Int
    private let logger: Logger
    private let connections = Locked(Connections())
    private let writerLock = AsyncLock()

    package var flavor: SQLFlavor { .sqlite }

    /// - Parameters:
    ///   - path: The database file; created with its schema on first start.
    ///   - readerCount: Reader connections beside the writer.
    package init(path: String, readerCount: Int = 2, logger: Logger) {
        self.path = path
        self.readerCount = max(1, readerCount)
        self.logger = logger
    }

    package func start() async throws {
        // SQLite gives its -wal and -shm files the database file's mode, so a 0600 database keeps them
        // 0600 too; existing files are set again after opening (WAL mode has created them by then).
        try FilePermissions.createOwnerOnlyFile(atPath: path)
        let writer = try await open()
        var readers: [SQLiteConnection] = []
        do {
            // WAL is a property of the file; synchronous=FULL makes every commit wait for fsync of the WAL.
            try await writer.sql(queryLogLevel: nil).raw("PRAGMA journal_mode=WAL").run()
            for _ in 0..<readerCount {
                readers.append(try await open())
            }
            try FilePermissions.restrictExistingFiles(FilePermissions.sqliteFiles(database: path))
        } catch {
            for connection in [writer] + readers {
                try? await Self.close(connection)
            }
            throw error
        }
        connections.withLock {
            $0.writer = writer
            $0.readers = readers
        }
    }

    private func open() async throws -> SQLiteConnection {
        let connection: SQLiteConnection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        do {
            let database = connection.sql(queryLogLevel: nil)
            try await database.raw("PRAGMA synchronous=FULL").run()
            try await database.raw("PRAGMA foreign_keys=ON").run()
            try await database.raw("PRAGMA busy_timeout=5000").run()
            return connection
        } catch {
            try? await Self.close(connection)
            throw error
        }
    }

    package func shutdown() async throws {
        let open = connections.withLock { state -> [SQLiteConnection] in
            let all = (state.writer.map { [$0] } ?? []) + state.readers
            state = Connections()
            return all
        }
        try await writerLock.withLock {
            for connection in open {
                try await Self.close(connection)
            }
        }
    }

    /// Closes a connection even when the calling task is cancelled (a server task cancelled at a
    /// time limit, say): SQLiteNIO's async `close()` skips the close under cancellation, and a
    /// connection released unclosed fails SQLiteNIO's assertion in debug builds. The future-based
    /// close runs regardless of the task's cancellation.
    private static func close(_ connection: SQLiteConnection) async throws {
        let closed: EventLoopFuture<Void> = connection.close()
        try await closed.get()
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let reader = connections.withLock { state -> SQLiteConnection? in
            guard !state.readers.isEmpty else { return nil }
            state.nextReader = (state.nextReader + 1) % state.readers.count
            return state.readers[state.nextReader]
        }
        guard let reader else { throw StoreError.notStarted }
        return try await body(reader.sql(queryLogLevel: nil))
    }

    package func transaction<T: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await writerLock.withLock {
            guard let writer = connections.withLock({ $0.writer }) else { throw StoreError.notStarted }
            let database = writer.sql(queryLogLevel: nil)
            try await database.raw("BEGIN IMMEDIATE").run()
            let result: T
            do {
                result = try await body(database)
            } catch {
                try? await database.raw("ROLLBACK").run()
                throw error
            }
            do {
                try await database.raw("COMMIT").run()
            } catch {
                try? await database.raw("ROLLBACK").run()
                throw error
            }
            return result
        }
    }

    /// Runs `PRAGMA integrity_check` and returns its answer (`ok` for a sound file).
    package func integrityCheck() async throws -> String {
        try await read { database in
            let rows = try await database.raw("PRAGMA integrity_check").all()
            return try rows.map { try $0.decode(column: "integrity_check", as: String.self) }.joined(separator: "; ")
        }
    }
}
