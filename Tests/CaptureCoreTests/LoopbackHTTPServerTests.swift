import CaptureKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The test server itself: routing, ranges, counting and stopping.
@Suite(.timeLimit(.minutes(1)))
struct LoopbackHTTPServerTests {
    let server: LoopbackHTTPServer
    let session: URLSession

    init() throws {
        server = try LoopbackHTTPServer.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        session = URLSession(configuration: configuration)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    @Test func routesAnswerByMethodAndPathAndUnknownPathsAre404() async throws {
        defer { server.stop() }
        server.serve(Data("hello".utf8), at: "/greeting", headers: ["ETag": "\"x\""])
        let (body, response) = try await get("/greeting")
        #expect(String(decoding: body, as: UTF8.self) == "hello")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "ETag") == "\"x\"")
        let (_, missing) = try await get("/nothing")
        #expect(missing.statusCode == 404)
        #expect(server.requestCount(for: "/greeting") == 1)
        #expect(server.requestCount(for: "/nothing") == 1)
    }

    @Test func rangeRequestsGetPartialContentOr416() async throws {
        defer { server.stop() }
        server.serve(Data("0123456789".utf8), at: "/digits")
        let (tail, partial) = try await get("/digits", headers: ["Range": "bytes=6-"])
        #expect(String(decoding: tail, as: UTF8.self) == "6789")
        #expect(partial.statusCode == 206)
        #expect(partial.value(forHTTPHeaderField: "Content-Range") == "bytes 6-9/10")
        let (_, beyond) = try await get("/digits", headers: ["Range": "bytes=10-"])
        #expect(beyond.statusCode == 416)
        server.setFault(.ignoreRange, for: "/digits", times: 1)
        let (whole, ignored) = try await get("/digits", headers: ["Range": "bytes=6-"])
        #expect(ignored.statusCode == 200 && whole.count == 10)
    }

    @Test func aFaultLastsForTheNumberOfRequestsAsked() async throws {
        defer { server.stop() }
        server.serve(Data("ok".utf8), at: "/flaky")
        server.setFault(.status(503), for: "/flaky", times: 2)
        var statuses = [Int]()
        for _ in 0..<3 { statuses.append(try await get("/flaky").1.statusCode) }
        #expect(statuses == [503, 503, 200])
    }

    @Test func stopEndsAStalledExchangeAndRefusesNewConnections() async throws {
        server.setFault(.stall, for: "/slow")
        let stalled = Task { try await get("/slow") }
        #expect(await server.arrivedExchanges(for: "/slow", count: 1).count == 1)
        server.stop()
        await #expect(throws: (any Error).self) { _ = try await stalled.value }
        let finished = await server.finishedExchanges(for: "/slow", count: 1)
        #expect(finished.count == 1)
        await #expect(throws: (any Error).self) { _ = try await get("/slow") }
    }
}
