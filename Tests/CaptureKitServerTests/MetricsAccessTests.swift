import ArgumentParser
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CaptureKitServer

@Suite("Who may read /metrics", .timeLimit(.minutes(1)))
struct MetricsAccessTests {
    /// "200", or the status and the error code ("401 metricsTokenRequired").
    private func outcome(_ client: any TestClientProtocol, bearer: String?) async throws -> String {
        var headers: HTTPFields = [:]
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        let response = try await client.execute(uri: "/metrics", method: .get, headers: headers)
        guard response.status != .ok else { return "200" }
        return "\(response.status.code) \(try APIClient(client: client).errorCode(response))"
    }

    @Test("off loopback, /metrics needs the metrics token (created 0600) or the admin token")
    func offLoopbackNeedsAToken() async throws {
        let fixture = try ServerFixture { $0.host = "0.0.0.0" }
        defer { fixture.remove() }
        let path = fixture.environment.configuration.metricsTokenPath
        let token = try #require(FileManager.default.contents(atPath: path)).trimmedText
        #expect(token.hasPrefix("ckm_"))
        #expect(FilePermissions.mode(ofPath: path) == 0o600)
        try await fixture.application().test(.router) { client in
            #expect(try await outcome(client, bearer: nil) == "401 metricsTokenRequired")
            #expect(try await outcome(client, bearer: "ckm_not-the-token") == "401 invalidMetricsToken")
            #expect(try await outcome(client, bearer: token) == "200")
            #expect(try await outcome(client, bearer: ServerFixture.adminToken) == "200")
            let body = try await client.execute(
                uri: "/metrics", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(String(buffer: body.body).contains("capturekit_http_requests_total"))
        }
    }

    @Test("on loopback /metrics is open by default; --metrics-auth token closes it, open opens it anywhere")
    func accessModes() async throws {
        let cases: [(host: String, access: MetricsAccess, needsToken: Bool)] = [
            ("127.0.0.1", .auto, false), ("::1", .auto, false), ("localhost", .auto, false),
            ("0.0.0.0", .auto, true), ("10.0.0.5", .auto, true), ("127.0.0.1", .token, true),
            ("0.0.0.0", .open, false),
        ]
        for (host, access, needsToken) in cases {
            let fixture = try ServerFixture {
                $0.host = host
                $0.metricsAccess = access
                $0.metricsToken = "ckm_given-in-the-environment-0123"
            }
            defer { fixture.remove() }
            try await fixture.application().test(.router) { client in
                let open = try await outcome(client, bearer: nil)
                #expect(open == (needsToken ? "401 metricsTokenRequired" : "200"), "\(host) \(access)")
                if needsToken {
                    #expect(try await outcome(client, bearer: "ckm_given-in-the-environment-0123") == "200")
                }
            }
        }
    }

    @Test("CAPTUREKIT_METRICS_AUTH and --metrics-auth are parsed, and bad values refused")
    func configurationParsing() throws {
        var configuration = ServerConfiguration()
        try configuration.apply(environment: ["CAPTUREKIT_METRICS_AUTH": "token", "CAPTUREKIT_METRICS_TOKEN": "abc"])
        #expect(configuration.metricsAccess == .token)
        #expect(configuration.metricsToken == "abc")
        #expect(throws: ConfigurationError.self) {
            var other = ServerConfiguration()
            try other.apply(environment: ["CAPTUREKIT_METRICS_AUTH": "sometimes"])
        }
        let options = try ServerOptions.parse(["--metrics-auth", "open"])
        #expect(try options.configuration(environment: [:]).metricsAccess == .open)
        #expect(throws: (any Error).self) {
            try ServerOptions.parse(["--metrics-auth", "never"]).configuration(environment: [:])
        }
    }
}

extension Data {
    /// The bytes as UTF-8 text without surrounding whitespace.
    fileprivate var trimmedText: String {
        String(decoding: self, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
