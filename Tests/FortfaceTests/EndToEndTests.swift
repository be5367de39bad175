import CaptureCore
import CaptureKitServer
import CaptureKitTesting
import FortfaceWire
import Foundation
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
    /// store is closed, and the issue recorded would be the cancellation instead of the cause.
    private func withServer(
        _ source: FortfaceCaptureFlow.Source,
        _ body: @Sendable (FortfaceCaptureFlow) async throws -> Void
    ) async throws {
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

    /// One server for several flows (each server start costs key generation on a shared machine).
    @Test func onOneServerAPassportIsClassifiedATimeoutGoesToMetricsAndAnOversizedFileStopsInTheSDK() async throws {
        // Given credentials certified by a device CA this server does not know (an earlier server)
        let sample = FortfaceFixtures.repositoryFile("samples/documents/td3.jpg").path
        let folder = try TemporaryFolder()
        let store = DeviceCredentialStore(file: folder.child("device.json"))
        try store.save(try FortfaceFixtures.credentials(app: "dev.capturekit.fortface.demo"))
        let stale = try store.deviceCredentials().kid
        let big = folder.child("big.pdf")
        try FortfaceFixtures.pdf(size: 4_194_305).write(to: big)
        try await withServer(.upload([sample])) { flow in
            var flow = flow
            flow.store = store
            // When a passport photo is uploaded, the refused token leads to a new provisioning,
            // and the passport is classified
            let uploaded = try await flow.run()
            #expect(uploaded.map(\.result.action) == [.capture])
            #expect(uploaded.first?.answer?.status == 200)
            #expect(uploaded.first?.document?.providers.fortfaceSdk.type == "PASSPORT")
            #expect(uploaded.first?.document?.documentId.isEmpty == false)
            #expect(try store.deviceCredentials().kid != stale)

            // When a camera shows nothing until the time limit, the timeout payload goes to /v1/metrics
            let clock = ManualClock()
            var timing = flow
            timing.source = .camera(FrameSourceCamera(source: ListedFrames(count: 0, hangs: true)))
            timing.sessionConfiguration.clock = clock
            let running = Task { [timing] in try await timing.run() }
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(20))
            let timedOut = try await running.value
            #expect(timedOut.map(\.result.action) == [.timeout])
            let answer = timedOut.first?.answer
            #expect(answer.map { (200..<300).contains($0.status) } == true)
            let object = answer.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
            #expect(object?["status"] as? String == "timeout")

            // When a file of 4,194,305 bytes is picked, the SDK stops it: nothing reaches the API
            var oversized = flow
            oversized.source = .upload([big.path])
            let refused = try await oversized.run()
            #expect(refused.map(\.result.action) == [.error])
            #expect(refused.first?.details?.error == .fileSizeTooBig)
            #expect(refused.first?.answer == nil)
        }
    }
}
