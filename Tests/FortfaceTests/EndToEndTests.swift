import CaptureCore
import CaptureKitServer
import CaptureKitTesting
import Foundation
import FortfaceWire
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import Fortface

/// The client SDK against a real in-process capkit server on a loopback port: the flow `capkit capture`
/// runs (provisioning, device token, handshake, session, submission), over HTTP.
@Suite(.timeLimit(.minutes(2)))
struct EndToEndTests {
    struct CleanDevice: IntegritySignalsProvider {
        func currentSignals() -> IntegritySignals { IntegritySignals() }
    }

    /// Runs `body` with a flow wired to a fresh server (development customer, a pool of 1 session key). Bodies
    /// record issues rather than throw: a throw out of `app.test` cancels the server before its SQLite
    /// store is closed, which SQLiteNIO turns into an assertion failure.
    private func withServer(_ source: FortfaceCaptureFlow.Source,
                            _ body: @Sendable (FortfaceCaptureFlow) async throws -> Void) async throws {
        let folder = try TemporaryFolder()
        var configuration = ServerConfiguration()
        configuration.dataDirectory = folder.child("server").path
        configuration.port = 0
        configuration.fortfaceKeyPoolSize = 1
        configuration.logLevel = .critical
        let app = try await buildApplication(configuration: configuration, announce: { _ in })
        let customerPath = configuration.developmentCustomerPath
        let adminTokenPath = configuration.adminTokenPath
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let customer = try JSONDecoder().decode(
                DevelopmentCustomer.File.self,
                from: try Data(contentsOf: URL(fileURLWithPath: customerPath)))
            let adminToken = try String(contentsOfFile: adminTokenPath, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            var flow = FortfaceCaptureFlow(
                api: FortfaceAPIClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)"))),
                apiKey: customer.apiKey, appId: customer.appId, adminToken: adminToken,
                store: DeviceCredentialStore(file: folder.child("device.json")), source: source)
            flow.integrity = CleanDevice()
            flow.deployment = customer.environment
            do {
                try await body(flow)
            } catch {
                Issue.record(error)
            }
        }
    }

    @Test func bothSidesAreOneDocumentTheBackCarryingTheFrontsTypeAndId() async throws {
        // An ID card's back photographed twice: the API cannot name its type (UNDEFINED), which
        // accepts any second side; the back is submitted with the front's documentId.
        let sample = FortfaceFixtures.repositoryFile("samples/documents/td1Back.jpg").path
        try await withServer(.upload([sample, sample])) { flow in
            var flow = flow
            flow.bothSides = true
            let results = try await flow.run()
            #expect(results.map(\.side) == ["front", "back"])
            #expect(results.map { $0.answer?.status } == [200, 200])
            #expect(results.first?.document?.documentId != nil)
            #expect(results.count == 2 && results.first?.document?.documentId == results.last?.document?.documentId)
        }
    }

    @Test func aTimeoutPayloadGoesToTheMetricsRoute() async throws {
        let clock = ManualClock()
        try await withServer(.camera(FrameSourceCamera(source: ListedFrames(count: 0, hangs: true)))) { flow in
            var flow = flow
            flow.sessionConfiguration.clock = clock
            let running = Task { try await flow.run() }
            await waitForSleeper(on: clock)
            clock.advance(by: .seconds(20))
            let results = try await running.value
            #expect(results.map(\.result.action) == [.timeout])
            let answer = results.first?.answer
            #expect(answer.map { (200..<300).contains($0.status) } == true)
            let object = answer.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
            #expect(object?["status"] as? String == "timeout")
        }
    }

    @Test func anOversizedUploadStopsInTheSDKWithoutReachingTheAPI() async throws {
        let folder = try TemporaryFolder()
        let big = folder.child("big.pdf")
        try FortfaceFixtures.pdf(size: 4_194_305).write(to: big)
        try await withServer(.upload([big.path])) { flow in
            let results = try await flow.run()
            #expect(results.map(\.result.action) == [.error])
            #expect(results.first?.details?.error == .fileSizeTooBig)
            #expect(results.first?.answer == nil)
        }
    }

    @Test func anUploadedPassportPhotoIsClassifiedAfterTheDeviceIsProvisionedForThisServer() async throws {
        // Given credentials certified by a device CA this server does not know (an earlier server)
        let sample = FortfaceFixtures.repositoryFile("samples/documents/td3.jpg").path
        let folder = try TemporaryFolder()
        let store = DeviceCredentialStore(file: folder.child("device.json"))
        try store.save(try FortfaceFixtures.credentials(app: "dev.capturekit.fortface.demo"))
        let stale = try store.deviceCredentials().kid
        try await withServer(.upload([sample])) { flow in
            var flow = flow
            flow.store = store
            // When the flow runs
            let results = try await flow.run()
            // Then the refused token led to a new provisioning, and the passport was classified
            #expect(results.map(\.result.action) == [.capture])
            #expect(results.first?.answer?.status == 200)
            #expect(results.first?.document?.providers.fortfaceSdk.type == "PASSPORT")
            #expect(results.first?.document?.documentId.isEmpty == false)
            #expect(try store.deviceCredentials().kid != stale)
        }
    }
}
