import CaptureCore
package import Logging
import NIOCore
package import SQLKit
import SQLiteKit

/// SQLite storage: one database file, in WAL mode with `synchronous=FULL`, so a committed
/// transaction survives a crash or power loss.
///
/// Writes go through one writer connection with **group commit**: transactions that arrive while the
/// writer is busy wait in a queue, and the next batch runs them one after another inside a single
/// SQLite transaction, each in its own savepoint, then commits once. Every caller still gets its
/// answer only after the commit that made its writes durable, a transaction that throws is rolled
/// back to its savepoint without touching the others, and a failed commit fails every transaction of
/// its batch. One fsync then covers a whole batch: under a burst of handshakes the writer commits
/// tens of transactions per fsync instead of one. Reads use a few reader connections, which WAL lets
/// run beside the writer. The SQLite library is the one
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
    private let queue = Locked(WriteQueue())
    private let maximumBatch: Int

    /// Transactions waiting for the writer, and whether a drain is running.
    private struct WriteQueue {
        var pending: [PendingTransaction] = []
        var isDraining = false
        var commits = 0
        var transactions = 0
    }

    /// One caller's transaction as the writer runs it: `run` executes the body (inside the batch's
    /// transaction) and reports whether its writes are kept; `finish` hands the caller its answer once
    /// the batch's commit succeeded (nil) or failed.
    private struct PendingTransaction: Sendable {
        let run: @Sendable (any SQLDatabase) async -> Bool
        let finish: @Sendable ((any Error)?) -> Void
    }

    package var flavor: SQLFlavor { .sqlite }

    /// - Parameters:
    ///   - path: The database file; created with its schema on first start.
    ///   - readerCount: Reader connections beside the writer.
    ///   - maximumBatch: The most transactions one commit covers.
    package init(path: String, readerCount: Int = 2, maximumBatch: Int = 128, logger: Logger) {
        self.path = path
        self.readerCount = max(1, readerCount)
        self.maximumBatch = max(1, maximumBatch)
        self.logger = logger
    }

    /// Commits made so far, and the transactions they covered (equal without group commit).
    package var commitStatistics: (commits: Int, transactions: Int) {
        queue.withLock { ($0.commits, $0.transactions) }
    }

    /// Transactions waiting for the writer.
    package var pendingTransactionCount: Int {
        queue.withLock { $0.pending.count }
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
        let outcome = Locked<Result<T, any Error>?>(nil)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let pending = PendingTransaction(
                run: { database in
                    do {
                        let value = try await body(database)
                        outcome.withLock { $0 = .success(value) }
                        return true
                    } catch {
                        outcome.withLock { $0 = .failure(error) }
                        return false
                    }
                },
                finish: { commitError in
                    let result = outcome.withLock { $0 } ?? .failure(StoreError.notStarted)
                    // A body that threw was rolled back whatever the commit did; one that succeeded
                    // holds only if the commit did.
                    if case .success = result, let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: result)
                    }
                }
            )
            enqueue(pending)
        }
    }

    /// Queues a transaction and starts a drain unless one is running.
    private func enqueue(_ pending: PendingTransaction) {
        let startDrain = queue.withLock { state -> Bool in
            state.pending.append(pending)
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        guard startDrain else { return }
        // The drain is not the caller's task: a caller cancelled while waiting cannot cancel the writes
        // of others in its batch (SQLiteNIO skips work under cancellation).
        Task { await self.drain() }
    }

    /// Runs batches until the queue is empty.
    private func drain() async {
        while true {
            let batch = queue.withLock { state -> [PendingTransaction] in
                let batch = Array(state.pending.prefix(maximumBatch))
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.isDraining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let commitError: (any Error)?
            do {
                if try await runBatch(batch) {
                    queue.withLock {
                        $0.commits += 1
                        $0.transactions += batch.count
                    }
                }
                commitError = nil
            } catch {
                commitError = error
            }
            for pending in batch {
                pending.finish(commitError)
            }
        }
    }

    /// Runs a batch in one SQLite transaction (a savepoint per member when there are several) and
    /// commits it. Returns false when a lone member threw and was rolled back (nothing to commit);
    /// throws what kept the batch from committing.
    private func runBatch(_ batch: [PendingTransaction]) async throws -> Bool {
        try await writerLock.withLock {
            guard let writer = connections.withLock({ $0.writer }) else { throw StoreError.notStarted }
            let database = writer.sql(queryLogLevel: nil)
            try await database.raw("BEGIN IMMEDIATE").run()
            do {
                if batch.count == 1 {
                    // A lone transaction needs no savepoint: rolling the transaction back undoes it.
                    guard await batch[0].run(database) else {
                        try await database.raw("ROLLBACK").run()
                        return false
                    }
                } else {
                    for pending in batch {
                        try await database.raw("SAVEPOINT member").run()
                        if await pending.run(database) {
                            try await database.raw("RELEASE member").run()
                        } else {
                            try await database.raw("ROLLBACK TO member").run()
                            try await database.raw("RELEASE member").run()
                        }
                    }
                }
                try await database.raw("COMMIT").run()
                return true
            } catch {
                try? await database.raw("ROLLBACK").run()
                throw error
            }
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
