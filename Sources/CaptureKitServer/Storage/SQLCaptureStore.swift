package import CaptureCore
package import Foundation
import SQLKit

/// ``CaptureStore`` in SQL shared by SQLite and PostgreSQL: the same statements run on both through
/// SQLKit (binds are serialised per dialect), on the connections of a ``SQLDatabaseDriver``.
package final class SQLCaptureStore: CaptureStore {
    /// The driver (SQLite or PostgreSQL).
    package let driver: any SQLDatabaseDriver
    private let now: @Sendable () -> Date
    /// The second of the last sweep of expired jtis, sessions and images a handshake ran, so that a
    /// burst sweeps once a second instead of three statements per handshake.
    let lastExpirySweep = Locked<Int64>(.min)

    package init(driver: any SQLDatabaseDriver, now: @escaping @Sendable () -> Date) {
        self.driver = driver
        self.now = now
    }

    package func start() async throws {
        try await driver.start()
        do {
            try await SchemaMigrations.apply(using: driver, at: Int64(now().timeIntervalSince1970))
        } catch {
            try? await driver.shutdown()
            throw error
        }
    }

    package func shutdown() async throws {
        try await driver.shutdown()
    }

    package func ping() async throws {
        try await driver.read { database in
            _ = try await database.raw("SELECT 1 AS one").first()
        }
    }

    // MARK: Customers

    package func insertCustomer(_ customer: CustomerRecord) async throws {
        try await driver.transaction { database in
            try await database.raw(
                """
                INSERT INTO customers (id, name, status, created_at) VALUES (\(bind: customer.id),
                \(bind: customer.name), \(bind: customer.status.rawValue), \(bind: customer.createdAt))
                """
            ).run()
        }
    }

    package func customer(id: String) async throws -> CustomerRecord? {
        try await driver.read { database in
            try await database.raw("SELECT * FROM customers WHERE id = \(bind: id)").first().map(Self.customer)
        }
    }

    package func updateCustomerStatus(id: String, to status: CustomerRecord.Status) async throws -> Bool {
        try await driver.transaction { database in
            guard try await database.raw("SELECT id FROM customers WHERE id = \(bind: id)").first() != nil else {
                return false
            }
            try await database.raw("UPDATE customers SET status = \(bind: status.rawValue) WHERE id = \(bind: id)")
                .run()
            return true
        }
    }

    private static func customer(_ row: any SQLRow) throws -> CustomerRecord {
        guard let status = CustomerRecord.Status(rawValue: try row.decode(column: "status", as: String.self)) else {
            throw StoreError.corruptRow(table: "customers")
        }
        return CustomerRecord(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            status: status, createdAt: try row.decode(column: "created_at", as: Int64.self)
        )
    }

    // MARK: API keys

    package func insertAPIKey(_ key: APIKeyRecord) async throws {
        try await driver.transaction { database in
            try await database.raw(
                """
                INSERT INTO api_keys (id, customer_id, key_hash, mode, status, created_at) VALUES (\(bind: key.id),
                \(bind: key.customerID), \(bind: key.keyHash), \(bind: key.mode.rawValue),
                \(bind: key.status.rawValue), \(bind: key.createdAt))
                """
            ).run()
        }
    }

    package func apiKey(id: String) async throws -> APIKeyRecord? {
        try await driver.read { database in
            try await database.raw("SELECT * FROM api_keys WHERE id = \(bind: id)").first().map(Self.apiKey)
        }
    }

    package func apiKey(hash: String) async throws -> APIKeyRecord? {
        try await driver.read { database in
            try await database.raw("SELECT * FROM api_keys WHERE key_hash = \(bind: hash)").first().map(Self.apiKey)
        }
    }

    package func activeCustomer(apiKeyHash: String) async throws -> CustomerRecord? {
        try await driver.read { database in
            try await database.raw(
                """
                SELECT customers.id, customers.name, customers.status, customers.created_at FROM api_keys
                JOIN customers ON customers.id = api_keys.customer_id WHERE api_keys.key_hash = \(bind: apiKeyHash)
                AND api_keys.status = \(bind: APIKeyRecord.Status.active.rawValue)
                AND customers.status = \(bind: CustomerRecord.Status.active.rawValue)
                """
            ).first().map(Self.customer)
        }
    }

    package func updateAPIKeyStatus(id: String, to status: APIKeyRecord.Status) async throws -> Bool {
        try await driver.transaction { database in
            guard try await database.raw("SELECT id FROM api_keys WHERE id = \(bind: id)").first() != nil else {
                return false
            }
            try await database.raw("UPDATE api_keys SET status = \(bind: status.rawValue) WHERE id = \(bind: id)")
                .run()
            return true
        }
    }

    private static func apiKey(_ row: any SQLRow) throws -> APIKeyRecord {
        guard let status = APIKeyRecord.Status(rawValue: try row.decode(column: "status", as: String.self)),
            let mode = FBxAPIKey.Mode(rawValue: try row.decode(column: "mode", as: String.self))
        else {
            throw StoreError.corruptRow(table: "api_keys")
        }
        return APIKeyRecord(
            id: try row.decode(column: "id", as: String.self),
            customerID: try row.decode(column: "customer_id", as: String.self),
            keyHash: try row.decode(column: "key_hash", as: String.self), mode: mode, status: status,
            createdAt: try row.decode(column: "created_at", as: Int64.self)
        )
    }

    // MARK: Licences

    package func insertLicense(_ license: LicenseRecord) async throws {
        let bundleIDs = try Self.json(license.bundleIDs)
        let platforms = try Self.json(license.platforms)
        let features = try Self.json(license.features)
        try await driver.transaction { database in
            try await database.raw(
                """
                INSERT INTO licenses (id, customer_id, product, bundle_ids, platforms, features, issued_at,
                not_before, expires_at, max_sdk, status, signing_key_id, token_sha256) VALUES (\(bind: license.id),
                \(bind: license.customerID), \(bind: license.product), \(bind: bundleIDs), \(bind: platforms),
                \(bind: features),
                \(bind: license.issuedAt), \(bind: license.notBefore), \(bind: license.expiresAt),
                \(bind: license.maxSdk), \(bind: license.status.rawValue), \(bind: license.signingKeyID),
                \(bind: license.tokenSHA256))
                """
            ).run()
        }
    }

    package func license(id: String) async throws -> LicenseRecord? {
        try await driver.read { database in
            try await database.raw("SELECT * FROM licenses WHERE id = \(bind: id)").first().map(Self.license)
        }
    }

    package func licenses(customerID: String, product: String) async throws -> [LicenseRecord] {
        try await driver.read { database in
            try await database.raw(
                """
                SELECT * FROM licenses WHERE customer_id = \(bind: customerID) AND product = \(bind: product)
                ORDER BY issued_at, id
                """
            ).all().map(Self.license)
        }
    }

    package func updateLicenseStatus(id: String, to status: LicenseRecord.Status) async throws -> Bool {
        try await driver.transaction { database in
            guard try await database.raw("SELECT id FROM licenses WHERE id = \(bind: id)").first() != nil else {
                return false
            }
            try await database.raw("UPDATE licenses SET status = \(bind: status.rawValue) WHERE id = \(bind: id)")
                .run()
            return true
        }
    }

    private static func license(_ row: any SQLRow) throws -> LicenseRecord {
        guard let status = LicenseRecord.Status(rawValue: try row.decode(column: "status", as: String.self)) else {
            throw StoreError.corruptRow(table: "licenses")
        }
        return LicenseRecord(
            id: try row.decode(column: "id", as: String.self),
            customerID: try row.decode(column: "customer_id", as: String.self),
            product: try row.decode(column: "product", as: String.self),
            bundleIDs: try strings(row, "bundle_ids", table: "licenses"),
            platforms: try strings(row, "platforms", table: "licenses"),
            features: try strings(row, "features", table: "licenses"),
            issuedAt: try row.decode(column: "issued_at", as: Int64.self),
            notBefore: try row.decode(column: "not_before", as: Int64.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self),
            maxSdk: try row.decode(column: "max_sdk", as: String.self), status: status,
            signingKeyID: try row.decode(column: "signing_key_id", as: String.self),
            tokenSHA256: try row.decode(column: "token_sha256", as: String.self)
        )
    }

    // MARK: Blobs

    package func insertBlob(_ blob: BlobRecord) async throws {
        try await driver.transaction { database in
            try await database.raw(
                """
                INSERT INTO blobs (sha256, media_type, size, data, created_at) VALUES (\(bind: blob.sha256),
                \(bind: blob.mediaType), \(bind: blob.bytes.count), \(bind: Data(blob.bytes)), \(bind: blob.createdAt))
                ON CONFLICT (sha256) DO NOTHING
                """
            ).run()
        }
    }

    package func blob(sha256: String) async throws -> BlobRecord? {
        try await driver.read { database in
            guard let row = try await database.raw("SELECT * FROM blobs WHERE sha256 = \(bind: sha256)").first() else {
                return nil
            }
            return BlobRecord(
                sha256: try row.decode(column: "sha256", as: String.self),
                mediaType: try row.decode(column: "media_type", as: String.self),
                bytes: Array(try row.decode(column: "data", as: Data.self)),
                createdAt: try row.decode(column: "created_at", as: Int64.self)
            )
        }
    }

    package func blobInfo(sha256: String) async throws -> (size: Int, mediaType: String)? {
        let info = try await driver.read { database -> BlobInfo? in
            guard
                let row = try await database.raw(
                    "SELECT size, media_type FROM blobs WHERE sha256 = \(bind: sha256)"
                ).first()
            else { return nil }
            return BlobInfo(
                size: try row.decode(column: "size", as: Int.self),
                mediaType: try row.decode(column: "media_type", as: String.self)
            )
        }
        return info.map { ($0.size, $0.mediaType) }
    }

    private struct BlobInfo: Sendable {
        var size: Int
        var mediaType: String
    }

    // MARK: Resources

    package func publishResource(_ entry: ResourceManifest.Entry, at time: Int64) async throws -> ManifestSnapshot {
        try await driver.transaction { database in
            // Lock the head row first (a row lock on PostgreSQL; SQLite's writer already holds the file):
            // publishers from every instance are serialised from here on.
            try await database.raw("UPDATE manifest_head SET version = version WHERE id = 1").run()
            let previous = try await Self.latestManifest(in: database)
            let existing = try await database.raw(
                "SELECT sha256 FROM resources WHERE name = \(bind: entry.name) AND version = \(bind: entry.version)"
            ).first().map { try $0.decode(column: "sha256", as: String.self) }
            if let existing, existing != entry.sha256 { throw StoreError.resourceVersionConflict }
            if let previous, previous.entries.contains(entry) { return previous }

            try await database.raw("UPDATE manifest_head SET version = version + 1 WHERE id = 1").run()
            guard let head = try await database.raw("SELECT version FROM manifest_head WHERE id = 1").first() else {
                throw StoreError.corruptRow(table: "manifest_head")
            }
            let version = try head.decode(column: "version", as: Int.self)
            var entries = (previous?.entries ?? []).filter { $0.name != entry.name }
            entries.append(entry)
            entries.sort { $0.name < $1.name }
            let entriesJSON = try Self.json(entries)
            if existing == nil {
                try await database.raw(
                    """
                    INSERT INTO resources (name, version, sha256, size, first_manifest_version) VALUES
                    (\(bind: entry.name), \(bind: entry.version), \(bind: entry.sha256), \(bind: entry.size),
                    \(bind: version))
                    """
                ).run()
            }
            try await database.raw(
                """
                INSERT INTO manifests (version, published_at, entries) VALUES (\(bind: version), \(bind: time),
                \(bind: entriesJSON))
                """
            ).run()
            return ManifestSnapshot(version: version, publishedAt: time, entries: entries)
        }
    }

    package func latestManifest() async throws -> ManifestSnapshot? {
        try await driver.read { database in try await Self.latestManifest(in: database) }
    }

    private static func latestManifest(in database: any SQLDatabase) async throws -> ManifestSnapshot? {
        guard
            let row = try await database.raw(
                "SELECT version, published_at, entries FROM manifests ORDER BY version DESC LIMIT 1"
            ).first()
        else { return nil }
        let text = try row.decode(column: "entries", as: String.self)
        guard let entries = try? JSONDecoder().decode([ResourceManifest.Entry].self, from: Data(text.utf8)) else {
            throw StoreError.corruptRow(table: "manifests")
        }
        return ManifestSnapshot(
            version: try row.decode(column: "version", as: Int.self),
            publishedAt: try row.decode(column: "published_at", as: Int64.self), entries: entries
        )
    }

    package func isPublishedResource(sha256: String) async throws -> Bool {
        try await driver.read { database in
            try await database.raw("SELECT sha256 FROM resources WHERE sha256 = \(bind: sha256) LIMIT 1").first() != nil
        }
    }

    // MARK: Frames

    package func upsertFrames(_ frames: [FrameRecord]) async throws {
        let encoded = try frames.map { (frame: $0, colors: try Self.json($0.colors), assets: try Self.json($0.assets)) }
        try await driver.transaction { database in
            for (frame, colors, assets) in encoded {
                try await database.raw(
                    """
                    INSERT INTO frames (sku, name, lens_width_mm, bridge_width_mm, temple_length_mm, colors, assets,
                    updated_at) VALUES (\(bind: frame.sku), \(bind: frame.name), \(bind: frame.lensWidthMm),
                    \(bind: frame.bridgeWidthMm), \(bind: frame.templeLengthMm), \(bind: colors),
                    \(bind: assets), \(bind: frame.updatedAt))
                    ON CONFLICT (sku) DO UPDATE SET name = excluded.name, lens_width_mm = excluded.lens_width_mm,
                    bridge_width_mm = excluded.bridge_width_mm, temple_length_mm = excluded.temple_length_mm,
                    colors = excluded.colors, assets = excluded.assets, updated_at = excluded.updated_at
                    """
                ).run()
            }
        }
    }

    package func frame(sku: String) async throws -> FrameRecord? {
        try await driver.read { database in
            guard let row = try await database.raw("SELECT * FROM frames WHERE sku = \(bind: sku)").first() else {
                return nil
            }
            let decoder = JSONDecoder()
            guard
                let colors = try? decoder.decode(
                    [FrameRecord.Color].self, from: Data(try row.decode(column: "colors", as: String.self).utf8)),
                let assets = try? decoder.decode(
                    [FrameRecord.Asset].self, from: Data(try row.decode(column: "assets", as: String.self).utf8))
            else { throw StoreError.corruptRow(table: "frames") }
            return FrameRecord(
                sku: try row.decode(column: "sku", as: String.self),
                name: try row.decode(column: "name", as: String.self),
                lensWidthMm: try row.decode(column: "lens_width_mm", as: Double.self),
                bridgeWidthMm: try row.decode(column: "bridge_width_mm", as: Double.self),
                templeLengthMm: try row.decode(column: "temple_length_mm", as: Double.self),
                colors: colors, assets: assets, updatedAt: try row.decode(column: "updated_at", as: Int64.self)
            )
        }
    }

    // MARK: JSON columns

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func strings(_ row: any SQLRow, _ column: String, table: String) throws -> [String] {
        let text = try row.decode(column: column, as: String.self)
        guard let values = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
            throw StoreError.corruptRow(table: table)
        }
        return values
    }
}
