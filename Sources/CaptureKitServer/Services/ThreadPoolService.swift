import NIOPosix
import ServiceLifecycle

/// Keeps a thread pool of the server's own (started when it was made) and shuts it down with the
/// server, after the requests that use it have stopped.
package struct ThreadPoolService: Service {
    let pool: NIOThreadPool

    package func run() async throws {
        // Returns on graceful shutdown, throws on cancellation: stop the threads either way.
        try? await gracefulShutdown()
        try await pool.shutdownGracefully()
    }
}
