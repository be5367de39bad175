import CaptureKitTesting
import FortfaceWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CaptureKitServer

/// The console's demo backend (`/v1/demo/fortface/*`): it acts as the development customer only, through
/// the ordinary handshake and documents paths, and only where it is switched on.
@Suite("Console demo backend routes", .timeLimit(.minutes(1)))
struct DemoBackendRouteTests {
    private static func developmentCustomer(_ fixture: ServerFixture) throws -> DevelopmentCustomer.File {
        let data = try #require(
            FileManager.default.contents(atPath: fixture.environment.configuration.developmentCustomerPath))
        return try JSONDecoder().decode(DevelopmentCustomer.File.self, from: data)
    }

    private static func post(
        _ client: some TestClientProtocol, _ uri: String, json: Data? = nil
    ) async throws
        -> TestResponse
    {
        try await client.execute(
            uri: uri, method: .post, headers: json == nil ? [:] : [.contentType: "application/json"],
            body: json.map { ByteBuffer(bytes: $0) })
    }

    @Test(
        "a demo handshake opens a development-customer session whose SDK-sealed payload the relay classifies like /v1/documents"
    )
    func handshakeAndRelay() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let api = APIClient(client: client)
            let development = try Self.developmentCustomer(fixture)
            let opened = try await Self.post(client, "/v1/demo/fortface/handshake")
            #expect(opened.status == .created)
            let session = try api.decode(HandshakeResponse.self, opened)
            let stored = try #require(try await fixture.session(session.sessionId))
            #expect(stored.customerID == development.customerId)
            #expect(stored.appID == DevelopmentCustomer.appID)
            #expect(stored.state == .open)

            let payload = try PayloadSealer.seal(
                metadata: FortfaceClient.metadata(
                    session.sessionId, status: .success, side: .front, expectedType: nil, mode: .upload),
                image: try MarkerClassifier.image(.passport), sessionId: session.sessionId,
                sessionKey: SessionPublicKey(pem: session.sessionKey)
            )
            let body = try JSONEncoder().encode(SubmissionRequest(sessionId: session.sessionId, payload: payload))
            let relayed = try await Self.post(client, "/v1/demo/fortface/documents", json: body)
            #expect(relayed.status == .ok)
            let answer = try api.decode(DocumentAnswer.self, relayed)
            #expect(answer.providers.fortfaceSdk.type == "PASSPORT")
            #expect(answer.handshake.sessionId == session.sessionId)
            #expect(try await fixture.session(session.sessionId)?.state == .consumed)

            // The documents route with the development customer's own key gives the very same answer for the
            // same payload (a resubmission): one path, one stored result.
            let direct = try await client.execute(
                uri: "/v1/documents", method: .post,
                headers: [.authorization: "Bearer \(development.apiKey)", .contentType: "application/json"],
                body: ByteBuffer(bytes: body))
            #expect(direct.status == .ok)
            #expect(Data(direct.body.readableBytesView) == Data(relayed.body.readableBytesView))

            // Another payload on the consumed session is refused as for any SDK.
            let other = try PayloadSealer.seal(
                metadata: FortfaceClient.metadata(
                    session.sessionId, status: .success, side: .front, expectedType: nil, mode: .camera),
                image: try MarkerClassifier.image(.rgFront), sessionId: session.sessionId,
                sessionKey: SessionPublicKey(pem: session.sessionKey)
            )
            let reused = try await Self.post(
                client, "/v1/demo/fortface/documents",
                json: try JSONEncoder().encode(SubmissionRequest(sessionId: session.sessionId, payload: other)))
            #expect(reused.status == .conflict)
            #expect(try api.errorCode(reused) == "sessionKeyAlreadyUsed")
            // Nothing about the payload reached the log.
            #expect(!fixture.loggedText.contains(payload.key))
            #expect(!fixture.loggedText.contains(development.apiKey))
        }
    }

    @Test("a session of another customer is not found through the relay")
    func relayActsOnlyAsTheDevelopmentCustomer() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let bank = try await FortfaceClient.make(client)
            let session = try await bank.session(now: fixture.clock.now)
            let payload = try bank.capture(session, image: try MarkerClassifier.image(.passport))
            let relayed = try await Self.post(
                client, "/v1/demo/fortface/documents",
                json: try JSONEncoder().encode(SubmissionRequest(sessionId: session.sessionId, payload: payload)))
            #expect(relayed.status == .notFound)
            #expect(try bank.errorCode(relayed) == "sessionNotFound")
            #expect(try await fixture.session(session.sessionId)?.state == .open)
        }
    }

    @Test("the development customer's handshake quota applies to the demo handshake")
    func quotaApplies() async throws {
        let fixture = try ServerFixture.fortface(keys: 4) {
            $0.fortfaceHandshakeRatePerSecond = 0.5
            $0.fortfaceHandshakeBurst = 2
        }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 { statuses.append(try await Self.post(client, "/v1/demo/fortface/handshake").status) }
            #expect(statuses == [.created, .created, .tooManyRequests])
            #expect(try await fixture.environment.fortface.keyPool.depth() == 2)
        }
    }

    @Test("off when switched off, without a development customer, or once it is revoked")
    func closedDoors() async throws {
        let off = try ServerFixture.fortface { $0.demoBackend = .off }
        defer { off.remove() }
        try await off.application().test(.router) { client in
            for route in ["handshake", "documents"] {
                let response = try await Self.post(client, "/v1/demo/fortface/\(route)", json: Data("{}".utf8))
                #expect(response.status == .notFound)
                #expect(try APIClient(client: client).errorCode(response) == "demoBackendOff")
            }
        }

        let none = try ServerFixture.fortface { $0.createDevelopmentCustomer = false }
        defer { none.remove() }
        try await none.application().test(.router) { client in
            let response = try await Self.post(client, "/v1/demo/fortface/handshake")
            #expect(response.status == .serviceUnavailable)
            #expect(try APIClient(client: client).errorCode(response) == "demoCustomerUnavailable")
        }

        let revoked = try ServerFixture.fortface()
        defer { revoked.remove() }
        try await revoked.application().test(.router) { client in
            let depth = await revoked.fillKeyPool()
            let api = APIClient(client: client)
            let development = try Self.developmentCustomer(revoked)
            #expect(
                try await api.send(.post, "/v1/admin/customers/\(development.customerId)/revoke", admin: true).status
                    == .ok)
            let response = try await Self.post(client, "/v1/demo/fortface/handshake")
            #expect(response.status == .unauthorized)
            #expect(try await revoked.environment.fortface.keyPool.depth() == depth)
        }
    }

    @Test("a browser request from another site's page is refused; the console's own pages are served")
    func crossSiteRequestsAreRefused() async throws {
        let fixture = try ServerFixture.fortface()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            await fixture.fillKeyPool()
            let depth = try await fixture.environment.fortface.keyPool.depth()
            let siteField = HTTPField.Name("Sec-Fetch-Site")!
            let refusals: [HTTPFields] = [
                [siteField: "cross-site"], [siteField: "same-site"],
                [.origin: "http://evil.example"], [.origin: "http://localhost:9999"], [.origin: "null"],
            ]
            // The router test client's requests have the authority `localhost`.
            for headers in refusals {
                let response = try await client.execute(
                    uri: "/v1/demo/fortface/handshake", method: .post, headers: headers, body: nil)
                #expect(response.status == .forbidden, "\(headers)")
                #expect(try APIClient(client: client).errorCode(response) == "crossSiteRequest")
            }
            #expect(try await fixture.environment.fortface.keyPool.depth() == depth)
            let same = try await client.execute(
                uri: "/v1/demo/fortface/handshake", method: .post,
                headers: [siteField: "same-origin", .origin: "http://localhost"], body: nil)
            #expect(same.status == .created)
        }
    }

    @Test("auto is on outside production on a loopback-only server; on and off decide everywhere")
    func switchResolution() throws {
        var configuration = ServerConfiguration()
        #expect(configuration.demoBackend == .auto && configuration.demoBackendEnabled)
        configuration.host = "0.0.0.0"
        #expect(!configuration.demoBackendEnabled)
        configuration.host = "127.0.0.1"
        configuration.production = true
        #expect(!configuration.demoBackendEnabled)
        configuration.demoBackend = .on
        #expect(configuration.demoBackendEnabled)
        configuration.production = false
        configuration.demoBackend = .off
        #expect(!configuration.demoBackendEnabled)
        try configuration.apply(environment: ["CAPTUREKIT_DEMO_BACKEND": "on"])
        #expect(configuration.demoBackend == .on)
        #expect(throws: ConfigurationError.self) {
            try configuration.apply(environment: ["CAPTUREKIT_DEMO_BACKEND": "yes"])
        }
    }
}
