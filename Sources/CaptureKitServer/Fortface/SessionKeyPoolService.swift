import ServiceLifecycle

/// Runs the session key pool's generator as a service of the application, stopped on graceful
/// shutdown. Besides the wake-ups handshakes send, it wakes the generator every `pollInterval`, since
/// instances sharing the pool also see keys claimed elsewhere.
package struct SessionKeyPoolService: Service {
    let pool: SessionKeyPool
    let pollInterval: Duration

    package init(pool: SessionKeyPool, pollInterval: Duration = .seconds(2)) {
        self.pool = pool
        self.pollInterval = pollInterval
    }

    package func run() async throws {
        let pool = self.pool
        let interval = pollInterval
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await pool.run() }
                group.addTask {
                    while (try? await Task.sleep(for: interval)) != nil {
                        pool.wake()
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        pool.finish()
    }
}
