import ServiceLifecycle

/// Runs the session key pool's background refill as a service of the application, stopped on
/// graceful shutdown.
package struct SessionKeyPoolService: Service {
    let pool: SessionKeyPool

    package init(pool: SessionKeyPool) {
        self.pool = pool
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            await pool.run()
        }
        pool.finish()
    }
}
