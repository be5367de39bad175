package import Logging
package import NIOCore
import NIOPosix
package import SQLKit

/// SQLKit's view of one ``SQLiteHandle``: queries serialise with ``SQLiteDialect`` and run at once, on
/// the awaiting thread (see ``SQLiteHandle`` for why).
package struct SQLiteDatabase: SQLDatabase {
    /// The connection the queries run on.
    package let handle: SQLiteHandle
    package let logger: Logger

    package init(handle: SQLiteHandle, logger: Logger) {
        self.handle = handle
        self.logger = logger
    }

    /// Futures of the EventLoopFuture API complete on one of the shared event loops (the async API,
    /// which the store uses, needs none).
    package var eventLoop: any EventLoop { MultiThreadedEventLoopGroup.singleton.any() }
    package var dialect: any SQLDialect { SQLiteDialect() }
    /// Queries are never logged: their binds may be personal data.
    package var queryLogLevel: Logger.Level? { nil }

    package func execute(
        sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        try handle.execute(sql, binds: binds) { row in onRow(row) }
    }
}

/// SQLite's SQL as SQLKit writes it: `"identifiers"`, `'strings'`, `?NNN` parameters, `RETURNING`
/// and `ON CONFLICT` upserts (SQLite 3.35 and later; Debian 12 has 3.40).
package struct SQLiteDialect: SQLDialect {
    package init() {}

    package var name: String { "sqlite" }
    package var identifierQuote: any SQLExpression { SQLRaw("\"") }
    package var literalStringQuote: any SQLExpression { SQLRaw("'") }
    package func bindPlaceholder(at position: Int) -> any SQLExpression { SQLRaw("?\(position)") }
    package func literalBoolean(_ value: Bool) -> any SQLExpression { SQLRaw(value ? "TRUE" : "FALSE") }
    package var literalDefault: any SQLExpression { SQLLiteral.null }
    package var supportsIfExists: Bool { true }
    package var supportsDropBehavior: Bool { false }
    package var supportsAutoIncrement: Bool { false }
    package var autoIncrementClause: any SQLExpression { SQLRaw("AUTOINCREMENT") }
    package var enumSyntax: SQLEnumSyntax { .unsupported }
    package var upsertSyntax: SQLUpsertSyntax { .standard }
    package var supportsReturning: Bool { true }
    package var unionFeatures: SQLUnionFeatures { [.union, .unionAll, .intersect, .except] }
}
