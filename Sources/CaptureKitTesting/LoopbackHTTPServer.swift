import CaptureCore
package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on `127.0.0.1` for tests: real sockets, an OS-chosen port, routes by
/// method and path, `Range` support, and switches that make it misbehave on purpose.
///
/// ```swift
/// let server = try LoopbackHTTPServer.start()
/// defer { server.stop() }
/// server.serve(Data("hello".utf8), at: "/v1/resources/abc")
/// server.setFault(.closeAfterBodyBytes(2), for: "/v1/resources/abc", times: 1)
/// // GET \(server.baseURL)/v1/resources/abc → first request cut after 2 body bytes, then whole
/// #expect(server.requestCount(for: "/v1/resources/abc") == 2)
/// ```
///
/// Threads: one accept thread, plus one thread per connection, so a stalled exchange never blocks
/// the others. Every answer carries `Connection: close` (one request per connection). Nothing here
/// is `async`; ``stop()`` returns at once and every thread ends on its own shortly after.
package final class LoopbackHTTPServer: Sendable {
    /// A request as the route handler sees it.
    package struct Request: Sendable {
        package var method: String
        /// The path without the query.
        package var path: String
        /// The query string without `?` (empty if none).
        package var query: String
        /// Header fields, names lowercased.
        package var headers: [String: String]
        package var body: Data

        /// The value of the header `name` (any case).
        package func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// What a route answers. `Content-Length` and `Connection` are set by the server.
    package struct Response: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: Data

        package init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// Ways to misbehave, set per path with ``setFault(_:for:times:)``.
    package enum Fault: Sendable, Equatable {
        /// Announce the whole body, send this many body bytes, then close the connection.
        case closeAfterBodyBytes(Int)
        /// Send this many bytes beyond the announced `Content-Length`.
        case extraBodyBytes(Int)
        /// Answer a `Range` request with `200` and the whole body.
        case ignoreRange
        /// Send no `Content-Length`: the body ends when the connection closes.
        case omitContentLength
        /// Answer `200` without `Content-Length` and send body bytes forever, until the client
        /// hangs up or the server stops.
        case endlessBody
        /// Read the request and never answer, until the client gives up or the server stops.
        case stall
        /// Answer this status with an empty body, whatever the route says.
        case status(Int)
        /// Answer bytes that are not HTTP, then close.
        case garbage
    }

    /// One request received, and how much of the response body was actually written.
    package struct Exchange: Sendable {
        package var method: String
        package var path: String
        /// The query string without `?` (empty if none).
        package var query: String
        package var headers: [String: String]
        /// Status sent (0 when nothing was: stall, garbage).
        package var status: Int
        /// Body bytes the socket accepted (fewer than the body when the client hung up).
        package var bodyBytesSent: Int
        /// Whether the server is done with this exchange (answered, or the connection ended).
        package var finished: Bool
    }

    /// A route's answer for a request.
    package typealias Handler = @Sendable (Request) -> Response

    /// Why the server could not start.
    package struct StartError: Error, Sendable, CustomStringConvertible {
        package var operation: String
        package var code: Int32
        package var description: String { "LoopbackHTTPServer: \(operation) failed (errno \(code))" }
    }

    /// A test awaiting `count` exchanges for `path` (arrived, or finished).
    private struct Waiter {
        var path: String
        var count: Int
        var finishedOnly: Bool
        var continuation: CheckedContinuation<[Exchange], Never>

        func matches(_ exchanges: [Exchange]) -> [Exchange] {
            exchanges.filter { $0.path == path && (!finishedOnly || $0.finished) }
        }
    }

    private struct State {
        var routes: [String: Handler] = [:]
        var faults: [String: (fault: Fault, remaining: Int?)] = [:]
        var exchanges: [Exchange] = []
        var waiters: [Waiter] = []
        var connections: Set<Int32> = []
        var listenerOpen = true
        var stopped = false
    }

    /// The port the OS chose.
    package let port: Int
    private let listener: Int32
    private let state = Locked(State())
    /// Signalled whenever a request arrives, for ``waitForRequests(_:for:timeout:)``.
    private let arrivals = NSCondition()

    /// Largest request head read (request line and headers).
    private static let maxHeadSize = 64 * 1024
    /// Largest request body read.
    private static let maxBodySize = 16 * 1024 * 1024

    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)").unsafelyUnwrapped  // always a valid URL
    }

    /// Binds `127.0.0.1` on a free port and starts accepting connections.
    package static func start() throws(StartError) -> LoopbackHTTPServer {
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw StartError(operation: "socket", code: errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw StartError(operation: "bind/listen", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw StartError(operation: "getsockname", code: code)
        }
        let server = LoopbackHTTPServer(listener: fd, port: Int(UInt16(bigEndian: address.sin_port)))
        Thread.detachNewThread { server.acceptLoop() }
        return server
    }

    private init(listener: Int32, port: Int) {
        self.listener = listener
        self.port = port
    }

    // MARK: Configuration

    /// Answers `method path` with `handler` (replacing any earlier route for it).
    package func route(_ method: String = "GET", _ path: String, handler: @escaping Handler) {
        state.withLock { $0.routes[method.uppercased() + " " + path] = handler }
    }

    /// Answers `GET path` with `200` and `body`.
    package func serve(_ body: Data, at path: String, headers: [String: String] = [:]) {
        route("GET", path) { _ in Response(status: 200, headers: headers, body: body) }
    }

    /// Misbehaves with `fault` on requests for `path`: for the next `times` requests, or for all of
    /// them when `times` is nil. A nil `fault` restores normal behaviour.
    package func setFault(_ fault: Fault?, for path: String, times: Int? = nil) {
        state.withLock { state in
            if let fault { state.faults[path] = (fault, times) } else { state.faults[path] = nil }
        }
    }

    // MARK: Observation

    /// How many requests arrived for `path` (any method).
    package func requestCount(for path: String) -> Int {
        state.withLock { $0.exchanges.count(where: { $0.path == path }) }
    }

    /// The requests that arrived for `path`, oldest first.
    package func exchanges(for path: String) -> [Exchange] {
        state.withLock { $0.exchanges.filter { $0.path == path } }
    }

    /// Every request received, oldest first.
    package var allExchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// Waits until the server has finished at least `count` exchanges for `path` (or has stopped)
    /// and returns the finished ones, oldest first. Use it to read ``Exchange/bodyBytesSent``
    /// after the client has given up, without sleeping.
    package func finishedExchanges(for path: String, count: Int) async -> [Exchange] {
        await wait(for: path, count: count, finishedOnly: true)
    }

    /// Waits until at least `count` requests for `path` have arrived (or the server has stopped)
    /// and returns them, oldest first, finished or not.
    package func arrivedExchanges(for path: String, count: Int) async -> [Exchange] {
        await wait(for: path, count: count, finishedOnly: false)
    }

    private func wait(for path: String, count: Int, finishedOnly: Bool) async -> [Exchange] {
        await withCheckedContinuation { continuation in
            let waiter = Waiter(path: path, count: count, finishedOnly: finishedOnly, continuation: continuation)
            let ready = state.withLock { state -> [Exchange]? in
                let matching = waiter.matches(state.exchanges)
                if matching.count >= count || state.stopped { return matching }
                state.waiters.append(waiter)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// For route handlers, which run on the server's own threads: blocks until `count` requests
    /// for `path` have arrived, or `timeout` seconds passed (then returns false). Lets a test hold
    /// one answer back until other clients have reached the server. Never call it from async code.
    package func waitForRequests(_ count: Int, for path: String, timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        arrivals.lock()
        defer { arrivals.unlock() }
        while requestCount(for: path) < count {
            guard arrivals.wait(until: deadline) else { return requestCount(for: path) >= count }
        }
        return true
    }

    // MARK: Lifecycle

    /// Stops accepting and closes every open connection (stalled ones included). Returns at once.
    /// Call it when done: the accept thread keeps the server alive until then.
    package func stop() {
        let waiters = state.withLock { state in
            state.stopped = true
            if state.listenerOpen { _ = shutdown(listener, Int32(SHUT_RDWR)) }
            for fd in state.connections { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            let waiters = state.waiters
            state.waiters = []
            return waiters.map { ($0.continuation, $0.matches(state.exchanges)) }
        }
        for (continuation, exchanges) in waiters { continuation.resume(returning: exchanges) }
        arrivals.lock()
        arrivals.broadcast()
        arrivals.unlock()
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            // A bounded wait, so the loop notices `stop()` on platforms where shutdown does not
            // wake a blocked accept.
            guard poll(&poller, 1, 200) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                break
            }
            Thread.detachNewThread { self.serveConnection(fd) }
        }
        state.withLock { state in
            state.listenerOpen = false
            close(listener)
        }
    }

    // MARK: One connection

    private func serveConnection(_ fd: Int32) {
        defer {
            state.withLock { state in
                state.connections.remove(fd)
                close(fd)
            }
        }
        Self.disableSigPipe(fd)
        guard let request = Self.readRequest(fd) else { return }
        let (handler, fault, index) = state.withLock { state -> (Handler?, Fault?, Int) in
            let handler = state.routes[request.method + " " + request.path]
            var fault: Fault?
            if let entry = state.faults[request.path] {
                fault = entry.fault
                if let remaining = entry.remaining {
                    state.faults[request.path] = remaining > 1 ? (entry.fault, remaining - 1) : nil
                }
            }
            state.exchanges.append(
                Exchange(
                    method: request.method, path: request.path, query: request.query,
                    headers: request.headers, status: 0, bodyBytesSent: 0, finished: false))
            return (handler, fault, state.exchanges.count - 1)
        }
        resumeSatisfiedWaiters()
        arrivals.lock()
        arrivals.broadcast()
        arrivals.unlock()
        switch fault {
        case .stall:
            Self.drain(fd)
            finish(index, status: 0, sent: 0)
        case .garbage:
            _ = Self.send(fd, Array("\u{0}\u{7F}SSH-2.0-not-http \u{1}\u{2}\u{3} garbage\r\n\r\n".utf8))
            finish(index, status: 0, sent: 0)
        case .endlessBody:
            let head = Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
            guard Self.send(fd, head) == head.count else { return finish(index, status: 200, sent: 0) }
            let chunk = [UInt8](repeating: UInt8(ascii: "E"), count: 64 * 1024)
            var sent = 0
            while !state.withLock({ $0.stopped }) {
                let n = Self.send(fd, chunk)
                sent += n
                guard n == chunk.count else { break }
            }
            finish(index, status: 200, sent: sent)
        default:
            var response = handler?(request) ?? Response(status: 404, body: Data("not found\n".utf8))
            if case let .status(status) = fault { response = Response(status: status) }
            if fault != .ignoreRange { response = Self.applyRange(request.header("range"), to: response) }
            let sent = write(response, fault: fault, to: fd)
            finish(index, status: response.status, sent: sent)
        }
    }

    /// Records the end of exchange `index` and wakes the waiters it satisfies.
    private func finish(_ index: Int, status: Int, sent: Int) {
        state.withLock { state in
            state.exchanges[index].status = status
            state.exchanges[index].bodyBytesSent = sent
            state.exchanges[index].finished = true
        }
        resumeSatisfiedWaiters()
    }

    /// Resumes (outside the lock) every waiter whose condition now holds.
    private func resumeSatisfiedWaiters() {
        let ready = state.withLock { state -> [(CheckedContinuation<[Exchange], Never>, [Exchange])] in
            var ready = [(CheckedContinuation<[Exchange], Never>, [Exchange])]()
            state.waiters.removeAll { waiter in
                let matching = waiter.matches(state.exchanges)
                guard matching.count >= waiter.count else { return false }
                ready.append((waiter.continuation, matching))
                return true
            }
            return ready
        }
        for (continuation, exchanges) in ready { continuation.resume(returning: exchanges) }
    }

    /// Writes `response` (as `fault` says) and returns how many body bytes the socket accepted.
    private func write(_ response: Response, fault: Fault?, to fd: Int32) -> Int {
        var headers = response.headers
        headers["Connection"] = "close"
        if fault != .omitContentLength { headers["Content-Length"] = String(response.body.count) }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard Self.send(fd, Array(head.utf8)) == head.utf8.count else { return 0 }
        var body = [UInt8](response.body)
        switch fault {
        case let .closeAfterBodyBytes(count): body = Array(body.prefix(max(0, count)))
        case let .extraBodyBytes(count): body += [UInt8](repeating: UInt8(ascii: "X"), count: max(0, count))
        default: break
        }
        return Self.send(fd, body)
    }

    /// Turns a `200` into a `206` (or `416`) for `Range: bytes=N-` / `bytes=N-M`.
    private static func applyRange(_ range: String?, to response: Response) -> Response {
        guard let range, response.status == 200, range.hasPrefix("bytes=") else { return response }
        let spec = range.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        let total = response.body.count
        guard spec.count == 2, let start = Int(spec[0]) else { return response }
        let end = spec[1].isEmpty ? total - 1 : min(Int(spec[1]) ?? -1, total - 1)
        guard start < total, start <= end else {
            return Response(status: 416, headers: ["Content-Range": "bytes */\(total)"])
        }
        var partial = response
        partial.status = 206
        partial.headers["Content-Range"] = "bytes \(start)-\(end)/\(total)"
        partial.body = response.body.subdata(in: start..<(end + 1))
        return partial
    }

    // MARK: Socket helpers

    private static func readRequest(_ fd: Int32) -> Request? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 8192)
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
            guard buffer.count <= maxHeadSize else { return nil }
            headEnd = find(terminator, in: buffer)
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers = [String: String]()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[(headEnd + 4)...])
        let length = min(Int(headers["content-length"] ?? "0") ?? 0, maxBodySize)
        while body.count < length {
            let n = recv(fd, &chunk, min(chunk.count, length - body.count), 0)
            guard n > 0 else { return nil }
            body += chunk[0..<n]
        }
        let target = String(requestLine[1])
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return Request(
            method: String(requestLine[0]).uppercased(), path: String(pathAndQuery[0]),
            query: pathAndQuery.count > 1 ? String(pathAndQuery[1]) : "",
            headers: headers, body: Data(body))
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }

    /// Sends all of `bytes` unless the peer goes away; returns how many were sent.
    private static func send(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                sendNoSignal(fd, raw.baseAddress.unsafelyUnwrapped + sent, bytes.count - sent)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            sent += n
        }
        return sent
    }

    /// Reads and discards until the peer closes or the socket is shut down.
    private static func drain(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 1024)
        while recv(fd, &chunk, chunk.count, 0) > 0 {}
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 404: "Not Found"
        case 410: "Gone"
        case 416: "Range Not Satisfiable"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static func disableSigPipe(_ fd: Int32) {}
    private static func sendNoSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    }
    #else
    private static let streamType = SOCK_STREAM
    private static func disableSigPipe(_ fd: Int32) {
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    private static func sendNoSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        Darwin.send(fd, pointer, count, 0)
    }
    #endif
}
