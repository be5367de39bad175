import CaptureCore
import Dispatch
package import Logging
package import SQLKit

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
/// run beside the writer.
///
/// **Statements run where they are awaited.** The connections are ``SQLiteHandle``s over the system
/// SQLite library: a statement runs synchronously on the awaiting thread, compiled once and reused, so a
/// transaction of five statements costs five short calls instead of fifteen thread hops. What can block
/// for long runs on threads of its own: `BEGIN IMMEDIATE` (it may wait for another process's write lock)
/// and `COMMIT` (its fsync) on the writer's thread, checkpoints on the checkpointer's.
///
/// **Checkpoints run beside the writer.** SQLite's automatic checkpoint copies the WAL back into the
/// database file inside the commit that crosses 1,000 pages, so that one commit (and every caller of its
/// batch, and every batch queued behind it) waits for the copy and an fsync of the database file. The
/// writer's automatic checkpoint is off; after every `checkpointInterval` committed transactions a
/// `PASSIVE` checkpoint runs on a connection of its own, which never blocks the writer or the readers,
/// and a checkpoint that finds readers in the way is simply retried after the next interval. The SQLite
/// library is Debian's `libsqlite3` (scripts/bootstrap installs it). The file and its `-wal`/`-shm`
/// companions are owner-only (0600, ``FilePermissions``).
package final class SQLiteDriver: SQLDatabaseDriver {
    private struct Connections {
        var writer: SQLiteHandle?
        var checkpointer: SQLiteHandle?
        var readers: [SQLiteHandle] = []
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
    private let checkpointInterval: Int
    private let checkpoints = Locked(CheckpointState())
    /// The thread of the writer's blocking calls (`BEGIN IMMEDIATE`, `COMMIT`).
    private let writerThread = DispatchQueue(label: "capturekit.sqlite.writer")
    /// The thread of background checkpoints.
    private let checkpointThread = DispatchQueue(label: "capturekit.sqlite.checkpoint")

    /// Background checkpoints: transactions committed since the last one started, whether one runs, and
    /// what the last one reported.
    private struct CheckpointState {
        var transactionsSinceStart = 0
        var running: Task<Void, Never>?
        var completed = 0
        var lastWALFrames = 0
        var lastCheckpointedFrames = 0
    }

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
    ///   - checkpointInterval: Committed transactions between two background checkpoints; 0 leaves
    ///     checkpoints to SQLite (automatic, inside the commit that crosses 1,000 WAL pages).
    package init(
        path: String, readerCount: Int = 2, maximumBatch: Int = 128, checkpointInterval: Int = 256, logger: Logger
    ) {
        self.path = path
        self.readerCount = max(1, readerCount)
        self.maximumBatch = max(1, maximumBatch)
        self.checkpointInterval = max(0, checkpointInterval)
        self.logger = logger
    }

    /// Background checkpoints completed so far, and the WAL frames the last one found and copied back.
    package var checkpointStatistics: (completed: Int, walFrames: Int, checkpointedFrames: Int) {
        checkpoints.withLock { ($0.completed, $0.lastWALFrames, $0.lastCheckpointedFrames) }
    }

    /// Returns once the background checkpoint running now, if any, has finished.
    package func checkpointsSettled() async {
        await checkpoints.withLock { $0.running }?.value
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
        let writer = try open()
        var others: [SQLiteHandle] = []
        do {
            // WAL is a property of the file; synchronous=FULL makes every commit wait for fsync of the WAL.
            try writer.execute("PRAGMA journal_mode=WAL")
            // The writer never checkpoints inside a commit; the checkpointer connection does, beside it.
            if checkpointInterval > 0 {
                try writer.execute("PRAGMA wal_autocheckpoint=0")
            }
            for _ in 0...readerCount {
                others.append(try open())
            }
            try FilePermissions.restrictExistingFiles(FilePermissions.sqliteFiles(database: path))
        } catch {
            for connection in [writer] + others {
                connection.close()
            }
            throw error
        }
        connections.withLock {
            $0.writer = writer
            $0.checkpointer = others.removeLast()
            $0.readers = others
        }
    }

    private func open() throws -> SQLiteHandle {
        let connection = try SQLiteHandle(path: path)
        do {
            try connection.execute("PRAGMA synchronous=FULL")
            try connection.execute("PRAGMA foreign_keys=ON")
            try connection.setBusyTimeout(milliseconds: 5000)
            return connection
        } catch {
            connection.close()
            throw error
        }
    }

    package func shutdown() async throws {
        let open = connections.withLock { state -> [SQLiteHandle] in
            let all = [state.writer, state.checkpointer].compactMap { $0 } + state.readers
            state = Connections()
            return all
        }
        // A background checkpoint still running on the checkpointer connection finishes before it closes.
        await checkpointsSettled()
        try await writerLock.withLock {
            for connection in open {
                connection.close()
            }
        }
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let reader = connections.withLock { state -> SQLiteHandle? in
            guard !state.readers.isEmpty else { return nil }
            state.nextReader = (state.nextReader + 1) % state.readers.count
            return state.readers[state.nextReader]
        }
        guard let reader else { throw StoreError.notStarted }
        return try await body(SQLiteDatabase(handle: reader, logger: logger))
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
        // of others in its batch.
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
                    checkpointIfDue(afterCommitting: batch.count)
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
            let database = SQLiteDatabase(handle: writer, logger: logger)
            try await onWriterThread { try writer.execute("BEGIN IMMEDIATE") }
            do {
                if batch.count == 1 {
                    // A lone transaction needs no savepoint: rolling the transaction back undoes it.
                    guard await batch[0].run(database) else {
                        try writer.execute("ROLLBACK")
                        return false
                    }
                } else {
                    for pending in batch {
                        try writer.execute("SAVEPOINT member")
                        if await pending.run(database) {
                            try writer.execute("RELEASE member")
                        } else {
                            try writer.execute("ROLLBACK TO member")
                            try writer.execute("RELEASE member")
                        }
                    }
                }
                try await onWriterThread { try writer.execute("COMMIT") }
                return true
            } catch {
                try? writer.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs a writer call that can block (a lock wait, an fsync) on the writer's own thread, so that the
    /// thread awaiting it is free for other requests meanwhile.
    private func onWriterThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writerThread.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Starts a background `PASSIVE` checkpoint once `checkpointInterval` transactions were committed
    /// since the last one started and none is running. It runs in a task of its own on the checkpointer
    /// connection: the writer's next batch does not wait for it.
    private func checkpointIfDue(afterCommitting count: Int) {
        checkpoints.withLock { state in
            state.transactionsSinceStart += count
            guard checkpointInterval > 0, state.running == nil, state.transactionsSinceStart >= checkpointInterval
            else { return }
            state.transactionsSinceStart = 0
            state.running = Task { await self.checkpoint() }
        }
    }

    /// One `PASSIVE` checkpoint: copies back every WAL frame no reader still needs, without waiting for
    /// any lock. A failure (the database closed meanwhile, say) is logged and the next interval retries.
    private func checkpoint() async {
        defer { checkpoints.withLock { $0.running = nil } }
        guard let checkpointer = connections.withLock({ $0.checkpointer }) else { return }
        do {
            let (frames, copied) = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Int, Int), any Error>) in
                checkpointThread.async {
                    continuation.resume(
                        with: Result {
                            var answer = (0, 0)
                            try checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)") { row in
                                answer = (
                                    try row.decode(column: "log", as: Int.self),
                                    try row.decode(column: "checkpointed", as: Int.self)
                                )
                            }
                            return answer
                        })
                }
            }
            checkpoints.withLock {
                $0.completed += 1
                $0.lastWALFrames = frames
                $0.lastCheckpointedFrames = copied
            }
        } catch {
            logger.warning("SQLite background checkpoint failed", metadata: ["error": "\(String(reflecting: error))"])
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
