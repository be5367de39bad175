package import SQLKit

/// Connections to one SQL database, as ``SQLCaptureStore`` needs them: plain reads, and transactions
/// that commit before returning.
package protocol SQLDatabaseDriver: Sendable {
    /// Which SQL flavour the driver speaks (for the few dialect-specific statements).
    var flavor: SQLFlavor { get }
    /// Opens connections (and sets connection options).
    func start() async throws
    /// Closes connections.
    func shutdown() async throws
    /// Runs `body` with a connection for reads (and single-statement writes).
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Runs `body` inside a transaction, committed when `body` returns and rolled back when it throws.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
}

/// The SQL flavours CaptureKit's schema is written for.
package enum SQLFlavor: String, Sendable {
    case sqlite
    case postgres

    /// The column type of raw bytes.
    var blobType: String { self == .sqlite ? "BLOB" : "BYTEA" }
    /// The column type of floating-point numbers.
    var doubleType: String { self == .sqlite ? "REAL" : "DOUBLE PRECISION" }
}
