/// Why the store refused an operation (beyond the database driver's own errors).
package enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The resource name and version exist with different bytes.
    case resourceVersionConflict
    /// A stored row could not be read back (a column has an unexpected value).
    case corruptRow(table: String)
    /// The store is not started, or was shut down.
    case notStarted
    /// The database URL cannot be used.
    case invalidDatabaseURL(String)
    /// The database schema is newer than this server knows.
    case schemaTooNew(found: Int, known: Int)

    package var description: String {
        switch self {
        case .resourceVersionConflict:
            return "This resource name and version was already published with other bytes; publish a new version."
        case let .corruptRow(table):
            return "A row of table \(table) could not be read; check the database's integrity."
        case .notStarted:
            return "The store is not open; start the server's store before using it."
        case let .invalidDatabaseURL(why):
            return "The database URL cannot be used: \(why). Expected postgres://user:password@host:port/database."
        case let .schemaTooNew(found, known):
            return
                "The database schema is at version \(found) but this server knows up to \(known); upgrade the server."
        }
    }
}
