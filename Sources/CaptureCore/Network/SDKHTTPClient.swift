package import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDKs' one HTTP client for capkit-server's `/v1` routes: FBx's licence validation, catalog
/// and assets (``FBxServerClient`` in FBxSDK) and the Fortface API calls an app's backend makes
/// (`FortfaceAPIClient`). JSON over HTTP(S), an ephemeral session: nothing cached, no cookies.
package struct SDKHTTPClient: Sendable {
    /// An HTTP answer: status, body and the `Retry-After` header.
    package struct Answer: Sendable, Equatable {
        package var status: Int
        package var body: Data
        /// The `Retry-After` header in seconds, when given.
        package var retryAfterSeconds: Int?

        package init(status: Int, body: Data, retryAfterSeconds: Int? = nil) {
            self.status = status
            self.body = body
            self.retryAfterSeconds = retryAfterSeconds
        }

        /// The server's error code (`{"error": {"code": …}}`), if the body is one.
        package var errorCode: String? {
            struct Body: Decodable {
                struct Detail: Decodable { var code: String }
                var error: Detail
            }
            return try? JSONDecoder().decode(Body.self, from: body).error.code
        }
    }

    /// Why no answer arrived.
    package enum TransportFailure: Error, Sendable, Equatable {
        /// Connection refused, unknown host, timeout, lost connection, offline.
        case unreachable
        /// The answer was not HTTP, or the URL cannot be used.
        case invalidResponse
    }

    /// Largest body read, bytes (assets are tens of kilobytes, answers a few hundred bytes).
    package static let maxBodyBytes = 16 * 1024 * 1024

    package let baseURL: URL
    package let timeout: TimeInterval
    private let session: URLSession

    /// - Parameters:
    ///   - baseURL: The server (`http://127.0.0.1:8080`).
    ///   - timeout: Seconds a request may take.
    package init(baseURL: URL, timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    /// The URL of `path` (which starts with `/`) on the server.
    package func url(_ path: String) -> URL? {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path)
    }

    /// Sends a request and returns the answer.
    package func send(
        _ method: String, _ path: String, json: Data? = nil, headers: [String: String] = [:],
        contentType: String = "application/json"
    ) async throws(TransportFailure) -> Answer {
        guard let url = url(path), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidResponse
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let json {
            request.httpBody = json
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        let session = self.session
        let result: Result<Answer, TransportFailure> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(Self.map(error)))
                } else if let http = response as? HTTPURLResponse, let data, data.count <= Self.maxBodyBytes {
                    continuation.resume(
                        returning: .success(
                            Answer(
                                status: http.statusCode, body: data, retryAfterSeconds: Self.retryAfter(http))))
                } else if let http = response as? HTTPURLResponse, data == nil {
                    continuation.resume(
                        returning: .success(
                            Answer(
                                status: http.statusCode, body: Data(), retryAfterSeconds: Self.retryAfter(http))))
                } else {
                    continuation.resume(returning: .failure(.invalidResponse))
                }
            }
            task.resume()
        }
        return try result.get()
    }

    /// Sends `value` as JSON (slashes unescaped, as the Fortface API's payloads are written).
    package func send(
        _ method: String, _ path: String, encoding value: some Encodable,
        headers: [String: String] = [:]
    ) async throws(TransportFailure) -> Answer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let body = try? encoder.encode(value) else { throw .invalidResponse }
        return try await send(method, path, json: body, headers: headers)
    }

    private static func retryAfter(_ response: HTTPURLResponse) -> Int? {
        response.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    private static func map(_ error: any Error) -> TransportFailure {
        guard let urlError = error as? URLError else { return .unreachable }
        switch urlError.code {
        case .badServerResponse, .cannotParseResponse, .unsupportedURL, .badURL, .cannotDecodeRawData,
            .cannotDecodeContentData:
            return .invalidResponse
        default:
            return .unreachable
        }
    }
}
