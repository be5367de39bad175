import ServiceLifecycle

/// Closes the store when the application shuts down (SQLite connections must be closed before they
/// are released). The store is opened, and migrated, before the server accepts connections.
package struct StoreLifecycleService: Service {
    let store: any CaptureStore

    package func run() async throws {
        // Returns on graceful shutdown, throws on cancellation: close the store either way.
        try? await gracefulShutdown()
        try await store.shutdown()
    }
}
