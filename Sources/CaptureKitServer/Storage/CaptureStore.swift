package import CaptureCore
package import Foundation

/// Everything the server keeps: customers, API keys, licences, blobs, the resource manifest and the
/// eyewear catalog.
///
/// Two implementations share the SQL in ``SQLCaptureStore``: SQLite (``SQLiteDriver``, the embedded
/// default, one file in the data directory) and PostgreSQL (``PostgresDriver``, for several instances).
/// Every write method returns only after its transaction committed: an answered write is durable.
package protocol CaptureStore: Sendable {
    /// Opens connections and applies pending schema migrations.
    func start() async throws
    /// Closes connections. Further calls fail.
    func shutdown() async throws
    /// Runs a trivial query; throws when the database is not reachable.
    func ping() async throws

    func insertCustomer(_ customer: CustomerRecord) async throws
    func customer(id: String) async throws -> CustomerRecord?
    /// Returns false when no customer has this id.
    func updateCustomerStatus(id: String, to status: CustomerRecord.Status) async throws -> Bool

    func insertAPIKey(_ key: APIKeyRecord) async throws
    func apiKey(id: String) async throws -> APIKeyRecord?
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// The active customer owning the active API key whose SHA-256 is `apiKeyHash`, in one query (the
    /// per-request authentication of customer routes); nil when the key is unknown, suspended or
    /// revoked, or its customer is not active.
    func activeCustomer(apiKeyHash: String) async throws -> CustomerRecord?
    func updateAPIKeyStatus(id: String, to status: APIKeyRecord.Status) async throws -> Bool

    func insertLicense(_ license: LicenseRecord) async throws
    func license(id: String) async throws -> LicenseRecord?
    func licenses(customerID: String, product: String) async throws -> [LicenseRecord]
    func updateLicenseStatus(id: String, to status: LicenseRecord.Status) async throws -> Bool

    /// Stores a blob; storing the same bytes again changes nothing.
    func insertBlob(_ blob: BlobRecord) async throws
    func blob(sha256: String) async throws -> BlobRecord?
    /// Size and media type of a stored blob, without its bytes.
    func blobInfo(sha256: String) async throws -> (size: Int, mediaType: String)?

    /// Adds or replaces the resource named `entry.name` and records a new manifest version, atomically.
    /// Republishing identical content returns the current snapshot unchanged.
    /// - Throws: ``StoreError/resourceVersionConflict`` when this name and version exist with other bytes.
    func publishResource(_ entry: ResourceManifest.Entry, at time: Int64) async throws -> ManifestSnapshot
    func latestManifest() async throws -> ManifestSnapshot?
    /// Whether a blob was ever published as a resource (old versions stay downloadable).
    func isPublishedResource(sha256: String) async throws -> Bool

    /// Inserts or replaces frames by SKU, all or none.
    func upsertFrames(_ frames: [FrameRecord]) async throws
    func frame(sku: String) async throws -> FrameRecord?

    // MARK: Fortface

    /// Registers an app for a customer (or changes its environment).
    func upsertFortfaceApp(_ app: FortfaceAppRecord) async throws
    func fortfaceApp(customerID: String, appID: String) async throws -> FortfaceAppRecord?

    /// Consumes the device token's `jti`, claims the oldest pooled key created after `keysCreatedAfter`
    /// and creates the session with it, in one transaction (all or nothing); expired sessions are
    /// shredded and expired `jti`s forgotten on the way. The session's `publicKeyPEM` and
    /// `sealedPrivateKey` come from the claimed key: `sealForSession` re-seals its private key for
    /// the session. On PostgreSQL the claim skips rows other transactions hold (`FOR UPDATE SKIP
    /// LOCKED`), so instances sharing the pool never hand out one key twice.
    func openFortfaceSession(
        _ session: FortfaceSessionRecord, jtiExpiresAt: Int64, now: Int64, keysCreatedAfter: Int64,
        sealForSession: @escaping @Sendable (PooledSessionKey) throws -> Data
    ) async throws -> FortfaceSessionOpening
    func fortfaceSession(id: String) async throws -> FortfaceSessionRecord?
    /// Moves an open session past its expiry to `expired`, wiping its key. Returns whether it did.
    func expireFortfaceSession(id: String, now: Int64) async throws -> Bool
    /// Consumes an open, unexpired session with compare-and-swap, wiping its key and recording the
    /// payload digest, the answer and the document change, all or nothing.
    func consumeFortfaceSession(
        _ consumption: FortfaceConsumption, now: Int64
    ) async throws
        -> FortfaceConsumption.Outcome
    func fortfaceDocument(id: String) async throws -> FortfaceDocumentRecord?
    /// Number of device token ids remembered (for tests and metrics).
    func fortfaceJtiCount() async throws -> Int
    /// The sealed image retained for a session, if any.
    func fortfaceSealedImage(sessionID: String) async throws -> Data?

    // MARK: Session key pool

    /// Adds keys to the shared pool, all or none.
    func insertPooledSessionKeys(_ keys: [PooledSessionKey]) async throws
    /// Keys in the pool created after `createdAfter` (the fresh ones).
    func pooledSessionKeyCount(createdAfter: Int64) async throws -> Int
    /// Removes the oldest fresh key from the pool and returns it (nil when none is left); never the same
    /// key to two callers, even on several instances.
    func claimPooledSessionKey(createdAfter: Int64) async throws -> PooledSessionKey?
    /// Deletes keys created at or before `createdAt` (too old to hand out). Returns how many.
    func deletePooledSessionKeys(createdAtOrBefore createdAt: Int64) async throws -> Int
}
