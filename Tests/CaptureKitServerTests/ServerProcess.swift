import CaptureCore
import Foundation
import HTTPTypes
import Testing

/// A `capkit-server` process started from the built binary, for tests that need a real process
/// (kill -9, restart).
final class ServerProcess: Sendable {
    private struct State {
        var output = ""
        var port: Int?
        var exited = false
        var portWaiter: CheckedContinuation<Int, any Error>?
        var exitWaiter: CheckedContinuation<Void, Never>?
    }

    /// Why the process could not be used.
    enum Failure: Error, CustomStringConvertible {
        case binaryNotFound([String])
        case exitedBeforeListening(String)

        var description: String {
            switch self {
            case let .binaryNotFound(candidates):
                return "capkit-server is not built (looked at \(candidates)); run swift build --build-tests first."
            case let .exitedBeforeListening(output):
                return "capkit-server exited before listening; its output: \(output)"
            }
        }
    }

    private let process: Process
    private let state = Locked(State())

    /// The built `capkit-server`, next to the test binary.
    static func binaryPath() throws -> String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            testBinary.appendingPathComponent("capkit-server").path,
            testBinary.deletingLastPathComponent().appendingPathComponent("capkit-server").path,
            FileManager.default.currentDirectoryPath + "/.build/debug/capkit-server",
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure.binaryNotFound(candidates)
        }
        return found
    }

    /// Starts the server with `arguments` and waits until it prints its URL.
    static func start(arguments: [String], environment: [String: String]) async throws -> (ServerProcess, port: Int) {
        let server = try ServerProcess(arguments: arguments, environment: environment)
        let port = try await server.waitUntilListening()
        return (server, port)
    }

    private init(arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.binaryPath())
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let state = self.state
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            let waiter = state.withLock { state -> (CheckedContinuation<Int, any Error>, Int)? in
                state.output += String(decoding: data, as: UTF8.self)
                guard state.port == nil, let port = Self.listeningPort(in: state.output) else { return nil }
                state.port = port
                defer { state.portWaiter = nil }
                return state.portWaiter.map { ($0, port) }
            }
            if let (continuation, port) = waiter { continuation.resume(returning: port) }
        }
        process.terminationHandler = { _ in
            let waiters = state.withLock {
                state -> (CheckedContinuation<Int, any Error>?, CheckedContinuation<Void, Never>?, String) in
                state.exited = true
                defer {
                    state.portWaiter = nil
                    state.exitWaiter = nil
                }
                return (state.portWaiter, state.exitWaiter, state.output)
            }
            waiters.0?.resume(throwing: Failure.exitedBeforeListening(waiters.2))
            waiters.1?.resume()
        }
        try process.run()
    }

    private static func listeningPort(in output: String) -> Int? {
        guard let range = output.range(of: "listening on http://127.0.0.1:") else { return nil }
        let digits = output[range.upperBound...].prefix { $0.isNumber }
        guard output[range.upperBound...].dropFirst(digits.count).first == "\n" else { return nil }
        return Int(digits)
    }

    private func waitUntilListening() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = state.withLock { state -> Result<Int, any Error>? in
                if let port = state.port { return .success(port) }
                if state.exited { return .failure(Failure.exitedBeforeListening(state.output)) }
                state.portWaiter = continuation
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Everything the process printed on stdout so far.
    var output: String { state.withLock { $0.output } }

    /// Sends SIGKILL (no chance to flush or close anything) and waits for the exit.
    func killHard() async {
        kill(process.processIdentifier, SIGKILL)
        await waitForExit()
    }

    /// Sends SIGTERM (graceful shutdown) and waits for the exit.
    func terminate() async {
        process.terminate()
        await waitForExit()
    }

    private func waitForExit() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let exited = state.withLock { state -> Bool in
                if state.exited { return true }
                state.exitWaiter = continuation
                return false
            }
            if exited { continuation.resume() }
        }
    }
}
