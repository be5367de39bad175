import CaptureKitTesting
import Foundation
import Logging
import SQLKit
import Testing

@testable import CaptureKitServer

/// The store's own SQLite connection: binds, column decoding, the statement cache and its errors.
@Suite("SQLite connection (system library, cached statements)")
struct SQLiteHandleTests {
    /// Runs `body` with a connection to a fresh file holding `v(id, t, i, r, b)`; the folder lives until
    /// `body` returns.
    private func withTable<T>(_ body: (SQLiteHandle) async throws -> T) async throws -> T {
        let folder = try TemporaryFolder()
        let handle = try SQLiteHandle(path: folder.child("handle.sqlite").path)
        try handle.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, t TEXT, i INTEGER, r REAL, b BLOB)")
        let result = try await body(handle)
        handle.close()
        withExtendedLifetime(folder) {}
        return result
    }

    private func rows(
        _ handle: SQLiteHandle, _ sql: String, _ binds: [any Encodable & Sendable] = []
    ) throws
        -> [SQLiteRowValues]
    {
        var rows: [SQLiteRowValues] = []
        try handle.execute(sql, binds: binds) { rows.append($0) }
        return rows
    }

    @Test("values round-trip through binds and columns, an empty blob stays a blob and nil binds NULL")
    func valuesRoundTrip() async throws {
        try await withTable { handle in
            let none: String? = nil
            try handle.execute(
                "INSERT INTO v (id, t, i, r, b) VALUES (?1, ?2, ?3, ?4, ?5)",
                binds: [1, "zoë", Int64.max, 2.5, Data([0, 1, 255])])
            try handle.execute(
                "INSERT INTO v (id, t, i, r, b) VALUES (?1, ?2, ?3, ?4, ?5)", binds: [2, none, true, 3, Data()])
            let found = try rows(handle, "SELECT * FROM v ORDER BY id")
            #expect(found.count == 2)
            #expect(try found[0].decode(column: "t", as: String.self) == "zoë")
            #expect(try found[0].decode(column: "i", as: Int64.self) == .max)
            #expect(try found[0].decode(column: "r", as: Double.self) == 2.5)
            #expect(try found[0].decode(column: "b", as: Data.self) == Data([0, 1, 255]))
            #expect(try found[1].decode(column: "t", as: String?.self) == nil)
            #expect(try found[1].decodeNil(column: "t"))
            #expect(try found[1].decode(column: "i", as: Bool.self))
            #expect(try found[1].decode(column: "r", as: Int.self) == 3)
            #expect(try found[1].decode(column: "b", as: Data.self) == Data())
            #expect(try !found[1].decodeNil(column: "b"))
            #expect(found[0].allColumns == ["id", "t", "i", "r", "b"])
            // A NUL inside a text and an empty text survive; neither becomes NULL.
            try handle.execute("INSERT INTO v (id, t) VALUES (3, ?1), (4, ?2)", binds: ["a\u{0}b", ""])
            let texts = try rows(handle, "SELECT t FROM v WHERE id >= 3 ORDER BY id").map {
                try $0.decode(column: "t", as: String?.self)
            }
            #expect(texts == ["a\u{0}b", ""])
        }
    }

    @Test("a column read as a type it does not hold throws instead of guessing")
    func mismatchedColumnsThrow() async throws {
        try await withTable { handle in
            try handle.execute("INSERT INTO v (id, t, r) VALUES (1, 'abc', 2.5)")
            let row = try #require(try rows(handle, "SELECT * FROM v").first)
            #expect(throws: DecodingError.self) { try row.decode(column: "t", as: Int.self) }
            #expect(throws: DecodingError.self) { try row.decode(column: "r", as: Int.self) }
            #expect(throws: DecodingError.self) { try row.decode(column: "b", as: Data.self) }
            #expect(throws: DecodingError.self) { try row.decode(column: "missing", as: String.self) }
            #expect(throws: DecodingError.self) { try row.decode(column: "t", as: [String].self) }
        }
    }

    @Test("wrong binds, several statements, constraint violations and a closed connection are typed errors")
    func errorsAreTyped() async throws {
        try await withTable { handle in
            #expect(throws: SQLiteFailure.self) {
                try handle.execute("INSERT INTO v (id) VALUES (?1)", binds: [UUID()])
            }
            #expect(throws: SQLiteFailure.self) { try handle.execute("INSERT INTO v (id) VALUES (?1)", binds: []) }
            #expect(throws: SQLiteFailure.self) { try handle.execute("SELECT 1; DELETE FROM v") }
            #expect(throws: SQLiteFailure.self) { try handle.execute("SELEKT 1") }
            try handle.execute("INSERT INTO v (id) VALUES (1)")
            let duplicate = #expect(throws: SQLiteFailure.self) { try handle.execute("INSERT INTO v (id) VALUES (1)") }
            #expect(duplicate?.isConstraintViolation == true)
            // The statement that failed was reset: the same text runs again with another value.
            try handle.execute("INSERT INTO v (id) VALUES (?1)", binds: [2])
            try handle.execute("INSERT INTO v (id) VALUES (?1)", binds: [3])
            #expect(try rows(handle, "SELECT id FROM v").count == 3)
            handle.close()
            #expect(handle.isClosed)
            #expect(throws: SQLiteFailure.closed) { try handle.execute("SELECT 1") }
        }
    }

    @Test("more distinct statements than the cache holds still run, each with its own answer")
    func statementCacheOverflow() async throws {
        try await withTable { handle in
            for round in 0..<2 {
                for index in 0..<(SQLiteHandle.statementCacheLimit + 10) {
                    let answer = try rows(handle, "SELECT \(index) + ?1 AS n", [round])
                    #expect(try answer.first?.decode(column: "n", as: Int.self) == index + round)
                }
            }
        }
    }

    @Test("SQLKit queries with interpolated binds run through SQLiteDatabase")
    func sqlKitQueries() async throws {
        try await withTable { handle in
            let database = SQLiteDatabase(handle: handle, logger: Logger(label: "sqlite-handle-test"))
            let text = "it's"
            try await database.raw("INSERT INTO v (id, t) VALUES (\(bind: 7), \(bind: text))").run()
            let row = try await database.raw("SELECT t FROM v WHERE id = \(bind: 7)").first()
            #expect(try row?.decode(column: "t", as: String.self) == text)
            let none = try await database.raw("SELECT t FROM v WHERE id = \(bind: 8)").first()
            #expect(none == nil)
        }
    }
}
