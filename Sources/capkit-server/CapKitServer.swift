import ArgumentParser
import CaptureKitServer
import Logging

/// `capkit-server`: the CaptureKit vendor backend (same as `capkit serve`).
@main
struct CapKitServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capkit-server",
        abstract: "CaptureKit vendor backend: licence validation, resources, eyewear catalog (SQLite by default).",
        discussion: "Environment variables and routes: docs/server.md."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        try await options.run()
    }
}
