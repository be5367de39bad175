import Foundation

/// Runs the built `capkit` executable as a user would, from the repository root, and collects its
/// exit status and output.
///
/// The binary sits beside the test bundle (`.build/<triple>/debug/capkit`, built by
/// `swift build --build-tests` and `swift test`); `CAPKIT_TEST_BINARY` names another one.
struct CapKitRunner {
    /// What one run gave.
    struct Outcome: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The repository root (the working directory of every run: `keys/`, `samples/`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable, or nil when it has not been built.
    static var binary: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CAPKIT_TEST_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // On Linux the tests run inside `<build>/CaptureKitPackageTests.xctest`; on Apple platforms
        // inside `<build>/CaptureKitPackageTests.xctest/Contents/MacOS/…`.
        for folder in [
            runner.deletingLastPathComponent(),
            runner.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent(),
        ] {
            let candidate = folder.appendingPathComponent("capkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `capkit arguments…` with the caller's environment minus the licence and signing-key
    /// variables, plus `environment`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        guard let binary else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey: "capkit is not built: run `swift build --build-tests` first"
                ])
        }
        var variables = ProcessInfo.processInfo.environment
        for name in ["CAPTUREKIT_LICENSE_KEY", "CAPTUREKIT_SIGNING_KEY", "CAPTUREKIT_BUNDLE_ID"] {
            variables.removeValue(forKey: name)
        }
        variables.merge(environment) { _, new in new }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capkit-run-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = variables
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // Waited for without blocking a thread: the termination handler resumes this task.
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try out.close()
        try err.close()
        return Outcome(
            status: status,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
