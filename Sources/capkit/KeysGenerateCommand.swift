import ArgumentParser
import CaptureKitServer
import Foundation
import Logging

/// `capkit keys generate --count N`: fills the shared session key pool from this machine, pointed at
/// the database a server uses (its `--data-dir` for SQLite, or `--database-url`), with the server's
/// key-encryption key (`CAPTUREKIT_FORTFACE_KEK` or `<data-dir>/fortface-kek`).
struct KeysGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate session keys into the shared pool of a server's database.",
        discussion: """
            Keys are RSA (CAPTUREKIT_FORTFACE_KEY_BITS, default 2048), sealed under the server's \
            key-encryption key and stored in the pool every instance on that database draws from. \
            Run it on another machine to fill the pool without spending the servers' CPU. See docs/fortface.md.
            """
    )

    @Option(help: "Keys to generate.")
    var count: Int

    @Option(
        name: .customLong("data-dir"),
        help: "The server's data directory: SQLite file and key-encryption key (env CAPTUREKIT_DATA_DIR).")
    var dataDirectory: String?

    @Option(
        name: .customLong("database-url"),
        help: "postgres://… of the servers' shared database (env CAPTUREKIT_DATABASE_URL).")
    var databaseURL: String?

    @Option(help: "Generations at once (env CAPTUREKIT_FORTFACE_KEY_WORKERS, default: every core).")
    var workers: Int?

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    func validate() throws {
        guard (1...1_000_000).contains(count) else { throw ValidationError("--count must be 1 to 1000000.") }
        if let workers, !(1...1024).contains(workers) { throw ValidationError("--workers must be 1 to 1024.") }
    }

    func run() async throws {
        var configuration = ServerConfiguration()
        try configuration.apply(environment: ProcessInfo.processInfo.environment)
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        if let databaseURL { configuration.databaseURL = databaseURL }
        if let workers { configuration.fortfaceKeyWorkers = workers }
        var logger = Logger(label: "capkit.keys")
        logger.logLevel = .warning
        let started = ContinuousClock.now
        let outcome = try await SessionKeyPoolFiller.generate(
            count: count, configuration: configuration, logger: logger)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        if json {
            print(
                #"{"added":\#(outcome.added),"poolDepth":\#(outcome.depth),"workers":\#(configuration.fortfaceKeyWorkers),"seconds":\#(String(format: "%.2f", seconds))}"#
            )
        } else {
            print(
                "added \(outcome.added) session keys in \(String(format: "%.1f", seconds)) s with"
                    + " \(configuration.fortfaceKeyWorkers) workers; the pool holds \(outcome.depth) fresh keys")
        }
        if outcome.added < count {
            throw CommandFailure("key generation failed after \(outcome.added) of \(count) keys")
        }
    }
}
