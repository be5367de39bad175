import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import CaptureKitServer

@Suite("Shutting the server down", .timeLimit(.minutes(1)))
struct ServerShutdownTests {
    /// A server embedded in a task that is cancelled (a caller's time limit, a failed test) must
    /// still close its SQLite store: the connections are closed, and later store calls fail with a
    /// typed error instead of touching a closed connection.
    @Test("cancelling the task that runs the server closes the SQLite store")
    func cancellationClosesTheStore() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let (listening, announce) = AsyncStream.makeStream(of: Void.self)
        let app = buildApplication(
            environment: fixture.environment, services: fixture.services,
            announce: { _ in
                announce.yield(); announce.finish()
            })
        var logger = Logger(label: "capkit-server-shutdown-test")
        logger.logLevel = .critical
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let server = Task { try await group.run() }
        var iterator = listening.makeAsyncIterator()
        _ = await iterator.next()
        try await fixture.environment.store.ping()

        server.cancel()
        _ = await server.result
        await #expect(throws: StoreError.self) { try await fixture.environment.store.ping() }
    }
}
