import CaptureCore
package import Foundation
import SQLKit

extension SQLCaptureStore {
    package func upsertFortfaceApp(_ app: FortfaceAppRecord) async throws {
        try await driver.transaction { database in
            try await database.raw(
                """
                INSERT INTO fortface_apps (customer_id, app_id, environment, created_at) VALUES
                (\(bind: app.customerID), \(bind: app.appID), \(bind: app.environment.rawValue), \(bind: app.createdAt))
                ON CONFLICT (customer_id, app_id) DO UPDATE SET environment = excluded.environment
                """
            ).run()
        }
    }

    package func fortfaceApp(customerID: String, appID: String) async throws -> FortfaceAppRecord? {
        try await driver.read { database in
            guard
                let row = try await database.raw(
                    "SELECT * FROM fortface_apps WHERE customer_id = \(bind: customerID) AND app_id = \(bind: appID)"
                ).first()
            else { return nil }
            guard
                let environment = FortfaceAppRecord.Environment(
                    rawValue: try row.decode(column: "environment", as: String.self))
            else { throw StoreError.corruptRow(table: "fortface_apps") }
            return FortfaceAppRecord(
                customerID: customerID, appID: appID, environment: environment,
                createdAt: try row.decode(column: "created_at", as: Int64.self)
            )
        }
    }

    package func openFortfaceSession(
        _ session: FortfaceSessionRecord, jtiExpiresAt: Int64, now: Int64, keysCreatedAfter: Int64,
        sealForSession: @escaping @Sendable (PooledSessionKey) throws -> Data
    ) async throws -> FortfaceSessionOpening {
        let flavor = driver.flavor
        // Expired jtis, sessions and images are swept at most once a second: a jti outlives its token
        // (it expires 120 s after the token), and an expired session found later is shredded on access.
        let sweep = lastExpirySweep.withLock { last in
            guard now > last else { return false }
            last = now
            return true
        }
        do {
            return try await driver.transaction { database in
                if sweep {
                    try await database.raw("DELETE FROM fortface_jtis WHERE expires_at < \(bind: now)").run()
                    try await Self.shredExpiredSessions(in: database, now: now)
                }
                // The unique key makes the jti single-use even across instances sharing PostgreSQL.
                let inserted = try await database.raw(
                    """
                    INSERT INTO fortface_jtis (jti, expires_at) VALUES (\(bind: session.driJti), \(bind: jtiExpiresAt))
                    ON CONFLICT (jti) DO NOTHING RETURNING jti
                    """
                ).first()
                guard inserted != nil else { return .replayed }
                // Rolls back the jti with it: the device may retry with the same token.
                guard
                    let key = try await Self.claimPooledKey(
                        in: database, flavor: flavor, createdAfter: keysCreatedAfter)
                else { throw NoPooledKey() }
                let sealed = try sealForSession(key)
                try await database.raw(
                    """
                    INSERT INTO fortface_sessions (id, customer_id, device_kid, dri_jti, app_id, state, created_at,
                    expires_at, public_key_pem, enc_private_key) VALUES (\(bind: session.id), \(bind: session.customerID),
                    \(bind: session.deviceKid), \(bind: session.driJti), \(bind: session.appID),
                    \(bind: session.state.rawValue), \(bind: session.createdAt), \(bind: session.expiresAt),
                    \(bind: key.publicKeyPEM), \(bind: sealed))
                    """
                ).run()
                return .opened(publicKeyPEM: key.publicKeyPEM)
            }
        } catch is NoPooledKey {
            return .noSessionKey
        }
    }

    /// Thrown inside the opening transaction to roll it back when the pool is empty.
    private struct NoPooledKey: Error {}

    /// Deletes and returns the oldest fresh pooled key. PostgreSQL skips rows that concurrent
    /// transactions have locked, so each claimer gets another key without waiting; SQLite has one
    /// writer at a time.
    private static func claimPooledKey(
        in database: any SQLDatabase, flavor: SQLFlavor, createdAfter: Int64
    ) async throws -> PooledSessionKey? {
        let lock = flavor == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        guard
            let row = try await database.raw(
                """
                DELETE FROM fortface_key_pool WHERE id = (SELECT id FROM fortface_key_pool
                WHERE created_at > \(bind: createdAfter) ORDER BY created_at, id LIMIT 1\(unsafeRaw: lock))
                RETURNING id, public_key_pem, sealed_private_key, created_at
                """
            ).first()
        else { return nil }
        return PooledSessionKey(
            id: try row.decode(column: "id", as: String.self),
            publicKeyPEM: try row.decode(column: "public_key_pem", as: String.self),
            sealedPrivateKey: try row.decode(column: "sealed_private_key", as: Data.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self)
        )
    }

    package func insertPooledSessionKeys(_ keys: [PooledSessionKey]) async throws {
        guard !keys.isEmpty else { return }
        try await driver.transaction { database in
            for key in keys {
                try await database.raw(
                    """
                    INSERT INTO fortface_key_pool (id, public_key_pem, sealed_private_key, created_at) VALUES
                    (\(bind: key.id), \(bind: key.publicKeyPEM), \(bind: key.sealedPrivateKey), \(bind: key.createdAt))
                    """
                ).run()
            }
        }
    }

    package func pooledSessionKeyCount(createdAfter: Int64) async throws -> Int {
        try await driver.read { database in
            try await database.raw(
                "SELECT COUNT(*) AS n FROM fortface_key_pool WHERE created_at > \(bind: createdAfter)"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    package func claimPooledSessionKey(createdAfter: Int64) async throws -> PooledSessionKey? {
        let flavor = driver.flavor
        return try await driver.transaction { database in
            try await Self.claimPooledKey(in: database, flavor: flavor, createdAfter: createdAfter)
        }
    }

    package func deletePooledSessionKeys(createdAtOrBefore createdAt: Int64) async throws -> Int {
        try await driver.transaction { database in
            try await database.raw(
                "DELETE FROM fortface_key_pool WHERE created_at <= \(bind: createdAt) RETURNING id"
            ).all().count
        }
    }

    private static func shredExpiredSessions(in database: any SQLDatabase, now: Int64) async throws {
        try await database.raw(
            """
            UPDATE fortface_sessions SET state = 'expired', enc_private_key = NULL
            WHERE state = 'open' AND expires_at <= \(bind: now)
            """
        ).run()
        try await database.raw("DELETE FROM fortface_images WHERE expires_at <= \(bind: now)").run()
    }

    package func fortfaceSession(id: String) async throws -> FortfaceSessionRecord? {
        try await driver.read { database in
            try await database.raw("SELECT * FROM fortface_sessions WHERE id = \(bind: id)").first()
                .map(Self.fortfaceSession)
        }
    }

    package func expireFortfaceSession(id: String, now: Int64) async throws -> Bool {
        try await driver.transaction { database in
            let row = try await database.raw(
                """
                UPDATE fortface_sessions SET state = 'expired', enc_private_key = NULL
                WHERE id = \(bind: id) AND state = 'open' AND expires_at <= \(bind: now) RETURNING id
                """
            ).first()
            return row != nil
        }
    }

    package func consumeFortfaceSession(
        _ consumption: FortfaceConsumption, now: Int64
    ) async throws -> FortfaceConsumption.Outcome {
        let result = String(decoding: consumption.result, as: UTF8.self)
        do {
            return try await driver.transaction { database in
                let swapped = try await database.raw(
                    """
                    UPDATE fortface_sessions SET state = 'consumed', enc_private_key = NULL,
                    payload_digest = \(bind: consumption.payloadDigest), outcome = \(bind: consumption.outcome),
                    result = \(bind: result), consumed_at = \(bind: now)
                    WHERE id = \(bind: consumption.sessionID) AND state = 'open' AND expires_at > \(bind: now)
                    RETURNING id
                    """
                ).first()
                guard swapped != nil else { return .sessionNotOpen }
                switch consumption.document {
                case .none:
                    break
                case let .create(document):
                    try await database.raw(
                        """
                        INSERT INTO fortface_documents (id, customer_id, document_type, front_session_id,
                        back_session_id, created_at) VALUES (\(bind: document.id), \(bind: document.customerID),
                        \(bind: document.documentType), \(bind: document.frontSessionID), NULL,
                        \(bind: document.createdAt))
                        """
                    ).run()
                case let .complete(id):
                    let completed = try await database.raw(
                        """
                        UPDATE fortface_documents SET back_session_id = \(bind: consumption.sessionID)
                        WHERE id = \(bind: id) AND back_session_id IS NULL RETURNING id
                        """
                    ).first()
                    // Rolls the session's consumption back with it.
                    guard completed != nil else { throw DocumentAlreadyComplete() }
                }
                if let sealed = consumption.sealedImage, let expiresAt = consumption.imageExpiresAt {
                    try await database.raw(
                        """
                        INSERT INTO fortface_images (session_id, sealed, expires_at) VALUES
                        (\(bind: consumption.sessionID), \(bind: sealed), \(bind: expiresAt))
                        """
                    ).run()
                }
                return .consumed
            }
        } catch is DocumentAlreadyComplete {
            return .documentAlreadyComplete
        }
    }

    /// Thrown inside the consuming transaction to roll it back.
    private struct DocumentAlreadyComplete: Error {}

    package func fortfaceDocument(id: String) async throws -> FortfaceDocumentRecord? {
        try await driver.read { database in
            guard let row = try await database.raw("SELECT * FROM fortface_documents WHERE id = \(bind: id)").first()
            else { return nil }
            return FortfaceDocumentRecord(
                id: try row.decode(column: "id", as: String.self),
                customerID: try row.decode(column: "customer_id", as: String.self),
                documentType: try row.decode(column: "document_type", as: String.self),
                frontSessionID: try row.decode(column: "front_session_id", as: String.self),
                backSessionID: try row.decode(column: "back_session_id", as: String?.self),
                createdAt: try row.decode(column: "created_at", as: Int64.self)
            )
        }
    }

    package func fortfaceJtiCount() async throws -> Int {
        try await driver.read { database in
            try await database.raw("SELECT COUNT(*) AS n FROM fortface_jtis").first()?.decode(column: "n", as: Int.self)
                ?? 0
        }
    }

    package func fortfaceSealedImage(sessionID: String) async throws -> Data? {
        try await driver.read { database in
            try await database.raw("SELECT sealed FROM fortface_images WHERE session_id = \(bind: sessionID)").first()?
                .decode(column: "sealed", as: Data.self)
        }
    }

    private static func fortfaceSession(_ row: any SQLRow) throws -> FortfaceSessionRecord {
        guard let state = FortfaceSessionRecord.State(rawValue: try row.decode(column: "state", as: String.self)) else {
            throw StoreError.corruptRow(table: "fortface_sessions")
        }
        return FortfaceSessionRecord(
            id: try row.decode(column: "id", as: String.self),
            customerID: try row.decode(column: "customer_id", as: String.self),
            deviceKid: try row.decode(column: "device_kid", as: String.self),
            driJti: try row.decode(column: "dri_jti", as: String.self),
            appID: try row.decode(column: "app_id", as: String.self), state: state,
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self),
            publicKeyPEM: try row.decode(column: "public_key_pem", as: String.self),
            sealedPrivateKey: try row.decode(column: "enc_private_key", as: Data?.self),
            payloadDigest: try row.decode(column: "payload_digest", as: String?.self),
            outcome: try row.decode(column: "outcome", as: String?.self),
            result: try row.decode(column: "result", as: String?.self).map { Data($0.utf8) }
        )
    }
}
