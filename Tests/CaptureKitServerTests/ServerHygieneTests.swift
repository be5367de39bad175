import CaptureCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenAPIKit
import Testing
import Yams

@testable import CaptureKitServer

@Suite("Server hygiene: auth, errors, documentation, logs", .timeLimit(.minutes(1)))
struct ServerHygieneTests {
    @Test("administration needs the admin token and refuses customer keys")
    func adminRoutesNeedAdminToken() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            let cases: [(String?, HTTPResponse.Status, String)] = [
                (nil, .unauthorized, "adminTokenRequired"),
                ("Basic abc", .unauthorized, "adminTokenRequired"),
                ("Bearer wrong-token-of-some-length", .unauthorized, "invalidAdminToken"),
                ("Bearer " + ServerFixture.adminToken + "x", .unauthorized, "invalidAdminToken"),
                ("Bearer " + provisioned.apiKey, .forbidden, "adminOnly"),
            ]
            for (authorization, status, code) in cases {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let authorization { headers[.authorization] = authorization }
                let response = try await client.execute(
                    uri: "/v1/admin/customers", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"name":"Intruder"}"#)
                )
                #expect(response.status == status)
                #expect(try api.errorCode(response) == code)
            }
            let lookup = try await api.send(.get, "/v1/admin/customers/\(provisioned.customerID)", admin: true)
            #expect(try api.decode(CustomerController.CustomerResponse.self, lookup).name == "Example Optics")
        }
    }

    @Test("errors are JSON with stable codes: unknown route, wrong method, wrong type, bad JSON")
    func errorsAreJSON() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let unknown = try await api.send(.get, "/v2/nothing")
            #expect(unknown.status == .notFound)
            #expect(try api.errorCode(unknown) == "routeNotFound")

            // Hummingbird routes by method and path together: a known path with another method is not found.
            let wrongMethod = try await api.send(.delete, "/v1/licenses/validate")
            #expect(wrongMethod.status == .notFound)
            #expect(try api.errorCode(wrongMethod) == "routeNotFound")
            #expect(String(buffer: wrongMethod.body).contains("see /openapi.yaml"))

            let wrongType = try await client.execute(
                uri: "/v1/licenses/validate", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: "apiKey=1")
            )
            #expect(wrongType.status == .unsupportedMediaType)
            #expect(try api.errorCode(wrongType) == "unsupportedMediaType")

            for body in ["{", "[]", "{\"nonce\": 5}", String(repeating: "[", count: 3000)] {
                let response = try await client.execute(
                    uri: "/v1/licenses/validate", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: body)
                )
                #expect(response.status == .badRequest)
                #expect(try api.errorCode(response) == "invalidJSON")
            }
        }
    }

    @Test("health, readiness and metrics answer")
    func operationsRoutes() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            #expect(try await api.send(.get, "/health").status == .ok)
            #expect(try await api.send(.get, "/ready").status == .ok)
            try await api.send(.get, "/v1/frames/NOPE")
            let metrics = String(buffer: try await api.send(.get, "/metrics").body)
            #expect(
                metrics.contains(
                    #"capturekit_http_requests_total{method="GET",route="/v1/frames/{sku}",status="404"} 1"#))
            #expect(metrics.contains("capturekit_http_request_duration_seconds_bucket"))
        }
    }

    @Test("the OpenAPI document parses as OpenAPI 3.1 and describes exactly the routes the router has")
    func openAPIMatchesRoutes() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let routed = Set(
            buildRouter(environment: fixture.environment).routes.map {
                "\($0.method.rawValue) \($0.path.description)"
            })
        let documented = Set(try OpenAPIPaths.operations(in: OpenAPIDocument.yaml))
        #expect(routed.count >= 22)
        #expect(
            routed.subtracting(documented).isEmpty,
            "routes missing from openapi.yaml: \(routed.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(routed).isEmpty,
            "documented but not routed: \(documented.subtracting(routed).sorted())")

        try await fixture.application().test(.router) { client in
            let served = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(String(buffer: served.body) == OpenAPIDocument.yaml)
        }
    }

    @Test("logs never contain API keys, licence or validation tokens, or the admin token")
    func logsHoldNoSecrets() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let secrets = try await fixture.application().test(.router) { client in
            let api = APIClient(client: client)
            let provisioned = try await api.provision()
            let validation = try await api.validate(apiKey: provisioned.apiKey)
            let token = try api.decode(LicenseService.ValidationResponse.self, validation).token
            _ = try await api.validate(apiKey: provisioned.apiKey + "x")
            try await api.send(
                .post, "/v1/admin/customers", json: ["name": "X"],
                headers: [.authorization: "Bearer " + provisioned.apiKey])
            return [
                ServerFixture.adminToken, provisioned.apiKey, provisioned.license.token ?? "missing licence key", token,
                FBxAPIKey.sha256Hex(of: provisioned.apiKey),
            ]
        }
        let logged = fixture.loggedText
        #expect(logged.contains("request"), "the test must capture the access log")
        for secret in secrets {
            #expect(!logged.contains(secret))
            #expect(!logged.contains(String(secret.prefix(24))))
        }
        #expect(!logged.contains("Example Optics"))
    }
}

/// The `METHOD /path` pairs of an OpenAPI 3.1 document, parsed with OpenAPIKit (Yams reads the YAML).
enum OpenAPIPaths {
    static func operations(in yaml: String) throws -> [String] {
        let document = try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
        return document.paths.flatMap { path, item -> [String] in
            guard let item = item.pathItemValue else { return [] }
            return item.endpoints.map { "\($0.method.rawValue.uppercased()) \(path.rawValue)" }
        }
    }
}
