import CaptureCore
import CaptureKitServer
import Crypto
import FBxSDK
import FaceEngine
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The server `capkit tryon` uses when no `--server` is given: a capkit-server in this process on
/// a free loopback port (SQLite in a temporary folder, a signing key made for the run), with one
/// customer, API key and `fbx` licence, and the procedural catalog published. The SDK trusts the
/// run's key only; the folder is removed afterwards.
enum TryOnLocalServer {
    /// What the body receives.
    struct Running: Sendable {
        var url: URL
        var apiKey: String
        var bundleID: String
        var keyring: JWSKeyring
        /// A folder removed after the run (for the throwaway key's cached licence answer).
        var scratch: URL
    }

    static let bundleID = "org.capturekit.capkit-tryon"

    static func run(_ body: @escaping @Sendable (Running) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capkit-tryon-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try SigningKey.generate(kid: "capkit-tryon", directory: folder.appendingPathComponent("signing").path)
        var keyring = JWSKeyring()
        try keyring.add(kid: key.kid, rawPublicKey: key.publicKey.rawRepresentation)
        let adminToken = Base64URL.encode((0..<24).map { _ in UInt8.random(in: .min ... .max) })

        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.dataDirectory = folder.appendingPathComponent("data").path
        configuration.adminToken = adminToken
        configuration.signingKeyPaths = [key.path ?? ""]
        configuration.logLevel = .error
        configuration.fortfaceKeyGeneration = false  // no Fortface here: no session keys to generate
        let (announced, announce) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(
            configuration: configuration,
            announce: { report in
                // "capkit-server listening on http://127.0.0.1:PORT" is the first line.
                let first = report.split(separator: "\n").first ?? ""
                if let port = first.split(separator: ":").last.flatMap({ Int($0) }) { announce.yield(port) }
                announce.finish()
            })
        // Shut down gracefully (cancelling the server task skips closing the SQLite store).
        var logger = Logger(label: "capkit-tryon-server")
        logger.logLevel = .error
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = announced.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CommandFailure("the embedded server did not start") }
            let url = URL(string: "http://127.0.0.1:\(port)")!
            let admin = FBxServerProvisioner(client: FBxServerClient(baseURL: url), adminToken: adminToken)
            let provisioned = try await admin.provision(customerName: "capkit tryon", bundleIDs: [bundleID])
            _ = try await admin.publish(ProceduralFrameCatalog.frames)
            do {
                try await body(
                    Running(
                        url: url, apiKey: provisioned.apiKey, bundleID: bundleID, keyring: keyring,
                        scratch: folder))
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }
}
