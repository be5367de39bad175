import Foundation
package import Logging
import NIOSSL
import PostgresKit
package import PostgresNIO
package import SQLKit
import ServiceLifecycle

/// PostgreSQL storage through PostgresNIO's connection pool (``PostgresClient``), for one or several
/// server instances sharing a database.
///
/// The pool is a `Service`: ``client`` must run in the application's service group (``buildApplication``
/// adds it) before queries are answered.
package final class PostgresDriver: SQLDatabaseDriver {
    /// The connection pool; run it as a service.
    package let client: PostgresClient
    private let logger: Logger

    package var flavor: SQLFlavor { .postgres }

    /// - Parameter url: `postgres://user:password@host:port/database?sslmode=disable|prefer|require`.
    package init(url: String, maximumConnections: Int = 20, logger: Logger) throws {
        var configuration = try PostgresDriver.clientConfiguration(url: url)
        configuration.options.maximumConnections = maximumConnections
        // PostgresNIO logs statements at debug level; keep its logs at notice and above so statement
        // values (key hashes, tokens) never reach the log.
        var driverLogger = logger
        driverLogger.logLevel = max(logger.logLevel, .notice)
        self.client = PostgresClient(configuration: configuration, backgroundLogger: driverLogger)
        self.logger = driverLogger
    }

    /// Parses a PostgreSQL URL into a pool configuration.
    package static func clientConfiguration(url text: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
        else {
            throw StoreError.invalidDatabaseURL("the scheme must be postgres://")
        }
        guard let host = components.host, !host.isEmpty else { throw StoreError.invalidDatabaseURL("no host") }
        guard let user = components.user, !user.isEmpty else { throw StoreError.invalidDatabaseURL("no user") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        let sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        default: throw StoreError.invalidDatabaseURL("unknown sslmode")
        }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user,
            password: components.password,
            database: database.isEmpty ? nil : database, tls: tls
        )
    }

    package func start() async throws {}

    package func shutdown() async throws {}

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(connection.sql(queryLogLevel: nil))
        }
    }

    package func transaction<T: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(connection.sql(queryLogLevel: nil))
            }
        } catch let error as PostgresTransactionError {
            // PostgresNIO wraps what the body threw; once rolled back, callers see their own error (as
            // with SQLite), so a body may throw to roll back and answer (an empty key pool, say).
            if let thrown = error.closureError, error.rollbackError == nil { throw thrown }
            throw error
        }
    }
}
