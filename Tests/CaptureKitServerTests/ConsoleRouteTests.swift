import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CaptureKitServer

@Suite("Web console files", .timeLimit(.minutes(1)))
struct ConsoleRouteTests {
    @Test("/ serves the Scan page, which loads only files the server ships, under a same-origin policy")
    func servesTheScanPage() async throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy] == ConsoleController.contentSecurityPolicy)
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            let html = String(buffer: page.body)
            // Every file the page references is served, with its type.
            for (path, type) in [("/console/console.css", "text/css"), ("/console/scan.js", "text/javascript")] {
                #expect(html.contains("\"\(path)\""))
                let file = try await client.execute(uri: path, method: .get)
                #expect(file.status == .ok)
                #expect(file.headers[.contentType]?.hasPrefix(type) == true)
            }
            #expect(!html.contains("http://") && !html.contains("https://"), "no file from another origin")
            let script = String(buffer: try await client.execute(uri: "/console/scan.js", method: .get).body)
            #expect(script.contains("/v1/documents/scan"))
            let missing = try await client.execute(uri: "/console/../admin-token", method: .get)
            #expect(missing.status == .notFound)
            #expect(try await client.execute(uri: "/console/nothing.js", method: .get).status == .notFound)
        }
    }
}
