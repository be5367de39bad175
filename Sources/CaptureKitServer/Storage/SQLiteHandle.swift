import CSQLite3
import CaptureCore
import Foundation

/// One connection to an SQLite database file through the system library (Debian's `libsqlite3`), with
/// its compiled statements kept for reuse.
///
/// A statement runs synchronously on the calling thread under the connection's lock: the queries of the
/// store take microseconds, and running them where they are awaited spares each one the thread hops of
/// a thread-pool driver (a hop to the pool, one back to an event loop, one to the awaiting task), which
/// under load cost more than the query. Work that can block for long (a commit's fsync, a checkpoint, a
/// wait for another process's write lock) is handed to a thread of its own by ``SQLiteDriver``.
///
/// Compiled statements are cached by their SQL text (the store's queries have their values bound, so
/// the text of each query is always the same); the cache holds at most ``statementCacheLimit`` and is
/// emptied when full (the migrations' one-off statements never crowd out the hot ones for long).
package final class SQLiteHandle: @unchecked Sendable {
    // @unchecked is safe: `database` and `statements` are only touched while `lock` is held.
    private let lock = NSLock()
    private var database: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    /// The most compiled statements a connection keeps.
    package static let statementCacheLimit = 96

    /// Opens (and creates, when missing) the database file at `path`.
    package init(path: String) throws(SQLiteFailure) {
        var handle: OpaquePointer?
        // NOMUTEX: this class serialises every use of the connection itself.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let failure = SQLiteFailure(code: code, database: handle, during: "open")
            sqlite3_close_v2(handle)
            throw failure
        }
        sqlite3_extended_result_codes(handle, 1)
        database = handle
    }

    deinit {
        close()
    }

    /// Whether ``close()`` was called.
    package var isClosed: Bool {
        lock.withLock { database == nil }
    }

    /// Finalises the cached statements and closes the connection; later calls throw ``SQLiteFailure``
    /// with ``SQLiteFailure/closedCode``.
    package func close() {
        lock.withLock {
            for statement in statements.values { sqlite3_finalize(statement) }
            statements.removeAll()
            if let database { sqlite3_close_v2(database) }
            database = nil
        }
    }

    /// Runs one SQL statement with `binds` for its `?NNN` placeholders, handing each result row to `onRow`.
    package func execute(
        _ sql: String, binds: [any Encodable & Sendable] = [], onRow: (SQLiteRowValues) throws -> Void = { _ in }
    ) throws {
        try lock.withLock {
            guard let database else { throw SQLiteFailure.closed }
            let statement = try prepared(sql, in: database)
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            let parameterCount = Int(sqlite3_bind_parameter_count(statement))
            guard parameterCount == binds.count else {
                throw SQLiteFailure(
                    code: SQLITE_RANGE, message: "the statement has \(parameterCount) parameters, \(binds.count) bound")
            }
            for (offset, value) in binds.enumerated() {
                try SQLiteValue(binding: value).bind(to: statement, at: Int32(offset + 1), in: database)
            }
            var columns: [String]?
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { return }
                guard code == SQLITE_ROW else { throw SQLiteFailure(code: code, database: database, during: "step") }
                let names = columns ?? Self.columnNames(of: statement)
                columns = names
                let values = (0..<Int32(names.count)).map { SQLiteValue(column: $0, of: statement) }
                try onRow(SQLiteRowValues(columns: names, values: values))
            }
        }
    }

    /// The compiled statement for `sql`, from the cache or compiled now. Text after the first statement
    /// is refused: SQLite would ignore it silently.
    private func prepared(_ sql: String, in database: OpaquePointer) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let code = sqlite3_prepare_v3(database, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            if code == SQLITE_OK, let rest = tail, !String(cString: rest).allSatisfy(\.isWhitespace) {
                return SQLITE_MISUSE
            }
            return code
        }
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            if code == SQLITE_MISUSE {
                throw SQLiteFailure(code: code, message: "one statement per call: the SQL text holds several")
            }
            throw SQLiteFailure(code: code, database: database, during: "prepare")
        }
        if statements.count >= Self.statementCacheLimit {
            for cached in statements.values { sqlite3_finalize(cached) }
            statements.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    private static func columnNames(of statement: OpaquePointer) -> [String] {
        (0..<sqlite3_column_count(statement)).map { index in
            sqlite3_column_name(statement, index).map { String(cString: $0) } ?? ""
        }
    }

    /// Sets how long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    package func setBusyTimeout(milliseconds: Int32) throws {
        try lock.withLock {
            guard let database else { throw SQLiteFailure.closed }
            sqlite3_busy_timeout(database, milliseconds)
        }
    }
}

/// An SQLite call that failed: its result code and SQLite's message (which names tables and constraints,
/// never bound values).
package struct SQLiteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...), or ``closedCode``.
    package let code: Int32
    /// SQLite's explanation.
    package let message: String

    /// The code of a call on a closed connection.
    package static let closedCode: Int32 = -1
    /// A call on a closed connection.
    package static let closed = SQLiteFailure(code: closedCode, message: "the SQLite connection is closed")

    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    init(code: Int32, database: OpaquePointer?, during step: String) {
        let detail = database.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(code: code, message: "\(step): \(detail ?? String(cString: sqlite3_errstr(code)))")
    }

    /// Whether the failure is a constraint violation (unique key, foreign key, check).
    package var isConstraintViolation: Bool { code & 0xFF == SQLITE_CONSTRAINT }

    package var description: String { "SQLite error \(code): \(message)" }
}
