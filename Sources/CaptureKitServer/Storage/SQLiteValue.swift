import CSQLite3
package import Foundation
import SQLKit

/// One SQLite value: a bound parameter or a result column.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The value a bind of the store stands for: text, integers, reals, booleans, bytes, or an optional of
    /// one of those (nil binds NULL). Anything else is refused rather than guessed at.
    package init(binding value: any Encodable) throws(SQLiteFailure) {
        switch value {
        case let optional as any OptionalBind:
            guard let wrapped = optional.wrappedBind else {
                self = .null
                return
            }
            self = try SQLiteValue(binding: wrapped)
        case let text as String: self = .text(text)
        case let number as Int: self = .integer(Int64(number))
        case let number as Int64: self = .integer(number)
        case let number as Int32: self = .integer(Int64(number))
        case let number as UInt32: self = .integer(Int64(number))
        case let number as Double: self = .real(number)
        case let number as Float: self = .real(Double(number))
        case let flag as Bool: self = .integer(flag ? 1 : 0)
        case let data as Data: self = .blob(data)
        case let bytes as [UInt8]: self = .blob(Data(bytes))
        default:
            throw SQLiteFailure(code: SQLITE_MISMATCH, message: "cannot bind a value of type \(type(of: value))")
        }
    }

    /// The value of result column `index` of the row `statement` is on.
    init(column index: Int32, of statement: OpaquePointer) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            self = .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // By byte count, not up to a NUL: a text value may hold one.
            let count = Int(sqlite3_column_bytes(statement, index))
            let text = sqlite3_column_text(statement, index).map {
                String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
            }
            self = .text(text ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            if count > 0, let bytes = sqlite3_column_blob(statement, index) {
                self = .blob(Data(bytes: bytes, count: count))
            } else {
                self = .blob(Data())
            }
        default:
            self = .null
        }
    }

    /// Binds the value to parameter `index` (1-based) of `statement`.
    func bind(to statement: OpaquePointer, at index: Int32, in database: OpaquePointer) throws(SQLiteFailure) {
        let code: Int32
        switch self {
        case .null:
            code = sqlite3_bind_null(statement, index)
        case .integer(let value):
            code = sqlite3_bind_int64(statement, index, value)
        case .real(let value):
            code = sqlite3_bind_double(statement, index, value)
        case .text(let value):
            // With its byte count (a NUL inside the text is kept); an empty text is not NULL.
            var text = value
            code = text.withUTF8 { bytes -> Int32 in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(statement, index, "", 0, capturekit_sqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(
                        statement, index, $0, sqlite3_uint64(bytes.count), capturekit_sqlite_transient(),
                        UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let value) where value.isEmpty:
            // A zero-length blob through sqlite3_bind_blob's null pointer would bind NULL.
            code = sqlite3_bind_zeroblob(statement, index, 0)
        case .blob(let value):
            code = value.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(
                    statement, index, buffer.baseAddress, sqlite3_uint64(buffer.count), capturekit_sqlite_transient())
            }
        }
        guard code == SQLITE_OK else { throw SQLiteFailure(code: code, database: database, during: "bind") }
    }
}

/// An optional bind, seen through `any Encodable`: nil binds NULL.
package protocol OptionalBind {
    /// The wrapped value, or nil.
    var wrappedBind: (any Encodable)? { get }
}

extension Optional: OptionalBind where Wrapped: Encodable {
    package var wrappedBind: (any Encodable)? { self }
}

/// One result row of ``SQLiteHandle/execute(_:binds:onRow:)``, read through SQLKit's `SQLRow`.
///
/// Columns decode to the scalar types the store reads (`String`, `Int`, `Int64`, `Int32`, `Double`,
/// `Bool`, `Data`) and optionals of them; SQLite's column affinity is honoured as SQLite's own
/// conversions would (an integer column read as text, a whole real read as an integer), and a lossy or
/// impossible conversion throws `DecodingError.typeMismatch`.
package struct SQLiteRowValues: SQLRow {
    /// The result columns' names, in order.
    package let columns: [String]
    /// The values, one per column.
    package let values: [SQLiteValue]

    package var allColumns: [String] { columns }

    package func contains(column: String) -> Bool { columns.contains(column) }

    package func decodeNil(column: String) throws -> Bool {
        try value(column) == .null
    }

    package func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        let value = try value(column)
        guard let decodable = D.self as? any SQLiteColumnDecodable.Type else {
            throw DecodingError.typeMismatch(
                D.self, .init(codingPath: [], debugDescription: "column \(column): \(D.self) is not an SQLite scalar"))
        }
        guard let decoded = decodable.init(sqliteValue: value) as? D else {
            throw DecodingError.typeMismatch(
                D.self, .init(codingPath: [], debugDescription: "column \(column) does not hold a \(D.self)"))
        }
        return decoded
    }

    private func value(_ column: String) throws -> SQLiteValue {
        guard let index = columns.firstIndex(of: column) else {
            throw DecodingError.keyNotFound(
                SQLiteColumnKey(stringValue: column), .init(codingPath: [], debugDescription: "no column \(column)"))
        }
        return values[index]
    }
}

/// A column name as a coding key, for `DecodingError.keyNotFound`.
private struct SQLiteColumnKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A type a result column decodes to; `init(sqliteValue:)` is nil when the value is not one.
package protocol SQLiteColumnDecodable {
    init?(sqliteValue: SQLiteValue)
}

extension String: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .text(let text): self = text
        case .integer(let number): self = String(number)
        case .real(let number): self = String(number)
        case .blob, .null: return nil
        }
    }
}

extension Int64: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let number): self = number
        case .real(let number): self.init(exactly: number)
        case .text(let text): self.init(text)
        case .blob, .null: return nil
        }
    }
}

extension Int: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        guard let number = Int64(sqliteValue: sqliteValue) else { return nil }
        self.init(exactly: number)
    }
}

extension Int32: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        guard let number = Int64(sqliteValue: sqliteValue) else { return nil }
        self.init(exactly: number)
    }
}

extension Double: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let number): self = number
        case .integer(let number): self = Double(number)
        case .text(let text): self.init(text)
        case .blob, .null: return nil
        }
    }
}

extension Bool: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        guard case .integer(let number) = sqliteValue, number == 0 || number == 1 else { return nil }
        self = number == 1
    }
}

extension Data: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        guard case .blob(let data) = sqliteValue else { return nil }
        self = data
    }
}

extension Optional: SQLiteColumnDecodable where Wrapped: SQLiteColumnDecodable {
    package init?(sqliteValue: SQLiteValue) {
        if sqliteValue == .null {
            self = .none
            return
        }
        guard let wrapped = Wrapped(sqliteValue: sqliteValue) else { return nil }
        self = .some(wrapped)
    }
}
