import CaptureCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import CaptureKitServer

@Suite("Crash durability (real process, kill -9)", .timeLimit(.minutes(2)))
struct CrashDurabilityTests {
    private static let adminToken = "fault-test-admin-token-0123456789"

    @Test("every licence acknowledged before a kill -9 is there after restart, and the database is intact")
    func acknowledgedWritesSurviveKill() async throws {
        let directory = NSTemporaryDirectory() + "capkit-fault-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = try SigningKey.generate(kid: "fault-2026", directory: directory + "/signing")
        let arguments = ["--port", "0", "--data-dir", directory + "/data", "--signing-key", key.path ?? ""]
        let environment = ["CAPTUREKIT_ADMIN_TOKEN": Self.adminToken, "CAPTUREKIT_LOG_LEVEL": "error"]
        let headers: HTTPFields = [.authorization: "Bearer \(Self.adminToken)", .contentType: "application/json"]

        // Given a running server with a customer
        let (first, port) = try await ServerProcess.start(arguments: arguments, environment: environment)
        let customerID = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let response = try await client.post(
                "/v1/admin/customers", headers: headers, body: ByteBuffer(string: #"{"name":"Fault"}"#))
            return try JSONDecoder().decode(
                CustomerController.CustomerResponse.self, from: Data((response.body ?? ByteBuffer()).readableBytesView)
            ).id
        }

        // When four clients create licences and the server is killed after 120 acknowledgements
        let acknowledged = Locked([String: String]())
        let (events, sink) = AsyncStream<Int>.makeStream()
        let licenceBody = ByteBuffer(string: #"{"product":"fbx","bundleIds":["com.example.fault"],"validDays":30}"#)
        let runningWorkers = Locked(4)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(5)))
                    client.connect()
                    for _ in 0..<2000 {
                        guard
                            let response = try? await client.post(
                                "/v1/admin/customers/\(customerID)/licenses", headers: headers, body: licenceBody
                            ), response.head.status == .created,
                            let licence = try? JSONDecoder().decode(
                                LicenseController.LicenseResponse.self,
                                from: Data((response.body ?? ByteBuffer()).readableBytesView))
                        else { break }
                        let count = acknowledged.withLock {
                            $0[licence.id] = licence.tokenSha256
                            return $0.count
                        }
                        sink.yield(count)
                    }
                    try? await client.shutdown()
                    if runningWorkers.withLock({
                        $0 -= 1; return $0
                    }) == 0 {
                        sink.finish()
                    }
                }
            }
            for await count in events where count >= 120 { break }
            // Killed while the workers are still sending: some requests are in flight, unacknowledged.
            await first.killHard()
            await group.waitForAll()
        }
        let written = acknowledged.withLock { $0 }
        #expect(written.count >= 120)

        // Then a restarted server has every acknowledged licence, unchanged
        let (second, secondPort) = try await ServerProcess.start(arguments: arguments, environment: environment)
        let missing = try await TestClient.withClient(host: "127.0.0.1", port: secondPort) { client in
            var missing: [String] = []
            for (id, token) in written {
                let response = try await client.get("/v1/admin/licenses/\(id)", headers: headers)
                let licence = try? JSONDecoder().decode(
                    LicenseController.LicenseResponse.self,
                    from: Data((response.body ?? ByteBuffer()).readableBytesView))
                if response.head.status != .ok || licence?.tokenSha256 != token { missing.append(id) }
            }
            return missing
        }
        #expect(missing.isEmpty, "acknowledged licences lost: \(missing.count) of \(written.count)")
        await second.terminate()

        // And the SQLite file passes its integrity check
        let driver = SQLiteDriver(path: directory + "/data/capturekit.sqlite", logger: Logger(label: "fault-test"))
        try await driver.start()
        let integrity = try await driver.integrityCheck()
        try await driver.shutdown()
        #expect(integrity == "ok")
    }
}
