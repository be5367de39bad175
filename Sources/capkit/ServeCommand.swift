import ArgumentParser
import CaptureKitServer
import Logging

/// `capkit serve`: runs the CaptureKit vendor backend (the same server as `capkit-server`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the vendor backend (licences, resources, eyewear catalog); SQLite in --data-dir by default.",
        discussion: "Environment variables and routes: docs/server.md."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        try await options.run()
    }
}
