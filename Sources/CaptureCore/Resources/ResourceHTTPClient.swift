package import Foundation

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// Streams HTTP GET responses to a consumer as they arrive (Foundation `URLSession` with a data
/// delegate), so a consumer can hash and write while receiving and stop a transfer early.
///
/// Transport failures become ``ResourceDownloaderError`` cases: connection refused, unknown host,
/// lost connection (including a body cut short of its `Content-Length`), offline or no data within
/// ``timeout`` → `noInternetConnection`; an answer that is not HTTP → `invalidResponse`; other
/// URL-loading errors → `downloadFailed(code)` with the negative `URLError` code (`-999` when the
/// caller's task was cancelled). Redirects are not followed: a `3xx` reaches the consumer as is.
/// Nothing is cached by `URLSession`.
///
/// Callers check a URL's scheme and host before calling, so `URLError.unsupportedURL` can only
/// come from the answer (libcurl reports a reply that is not HTTP that way on Linux).
package final class ResourceHTTPClient: Sendable {
    /// Receives one response: first its head, then its body in order. Both calls happen on the
    /// session's serial delegate queue; throwing from either stops the transfer, and the thrown
    /// error is what ``ResourceHTTPClient/get(_:headers:into:)`` throws.
    package protocol Consumer: AnyObject, Sendable {
        func receive(response: HTTPURLResponse) throws(ResourceDownloaderError)
        func receive(data: Data) throws(ResourceDownloaderError)
    }

    /// Longest wait for the next bytes (connect, first byte, or between chunks), in seconds.
    package let timeout: TimeInterval
    private let session: URLSession
    private let delegate = SessionDelegate()

    package init(timeout: TimeInterval = 30) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "CaptureCore.ResourceHTTPClient"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // Like `cancel()`, invalidation waits for the session's work queue (seconds, behind a fast
        // sender, on Linux): never make the thread that drops the last reference wait for it.
        let session = self.session
        DispatchQueue.global().async { session.invalidateAndCancel() }
    }

    /// GETs `url` with extra `headers`, feeding the response to `consumer`, and returns when the
    /// response has ended. Cancelling the calling task cancels the transfer.
    package func get(
        _ url: URL, headers: [String: String] = [:], into consumer: any Consumer
    )
        async
        throws(ResourceDownloaderError)
    {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        let delegate = self.delegate
        let failure: ResourceDownloaderError? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task, consumer: consumer, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            delegate.stop(task, with: .downloadFailed(URLError.Code.cancelled.rawValue))
        }
        if let failure { throw failure }
    }

    /// Maps a transport error (never an HTTP status) to the guide's cases.
    package static func map(_ error: any Error) -> ResourceDownloaderError {
        guard let urlError = error as? URLError else { return .invalidResponse }
        switch urlError.code {
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .networkConnectionLost, .timedOut, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .noInternetConnection
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .unsupportedURL:
            return .invalidResponse
        case .badURL:
            return .invalidURL(urlError.failingURL?.absoluteString ?? "")
        default:
            return .downloadFailed(urlError.code.rawValue)
        }
    }
}

/// Routes each task's delegate callbacks to its consumer and resumes its waiter.
///
/// A transfer ends for its waiter as soon as its consumer refuses it (or the caller is cancelled):
/// the waiter is resumed at once and the task cancelled from another queue. On Linux,
/// `URLSessionTask.cancel()` waits for the session's work queue, which a fast sender can keep busy
/// for seconds (measured on loopback: 0.02–9 s, 6 MB–1.3 GB read meanwhile); calling it here would
/// stall every delegate callback and let received chunks pile up in memory. Bytes that arrive
/// after the refusal are dropped unread.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked is safe: the only stored state is `transfers`, a `Locked` box.

    private struct Transfer {
        var consumer: any ResourceHTTPClient.Consumer
        var continuation: CheckedContinuation<ResourceDownloaderError?, Never>
        /// The announced body length (-1: none, or no response yet) and the body bytes received.
        var announced: Int64 = -1
        var received: Int64 = 0
    }

    private let transfers = Locked([Int: Transfer]())

    func register(
        _ task: URLSessionTask, consumer: any ResourceHTTPClient.Consumer,
        continuation: CheckedContinuation<ResourceDownloaderError?, Never>
    ) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(consumer: consumer, continuation: continuation) }
    }

    /// Ends `task` for its waiter with `error` now, and cancels the transfer without waiting.
    func stop(_ task: URLSessionTask, with error: ResourceDownloaderError) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.continuation.resume(returning: error)
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let consumer = transfers.withLock { transfers -> (any ResourceHTTPClient.Consumer)? in
            transfers[dataTask.taskIdentifier]?.announced = response.expectedContentLength
            return transfers[dataTask.taskIdentifier]?.consumer
        }
        guard let consumer else { return completionHandler(.cancel) }
        do throws(ResourceDownloaderError) {
            guard let http = response as? HTTPURLResponse else { throw .invalidResponse }
            try consumer.receive(response: http)
            completionHandler(.allow)
        } catch {
            // On Linux the `.cancel` disposition alone does not stop the transfer; `stop` cancels it.
            completionHandler(.cancel)
            stop(dataTask, with: error)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let consumer = transfers.withLock { transfers -> (any ResourceHTTPClient.Consumer)? in
            transfers[dataTask.taskIdentifier]?.received += Int64(data.count)
            return transfers[dataTask.taskIdentifier]?.consumer
        }
        guard let consumer else { return }
        do {
            try consumer.receive(data: data)
        } catch {
            stop(dataTask, with: error)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        var failure = error.map(ResourceHTTPClient.map)
        // libcurl reports a body cut short of its Content-Length as an unknown error (CURLE_PARTIAL_FILE):
        // that is a lost connection, which a retry can resume.
        if error != nil, transfer.announced >= 0, transfer.received < transfer.announced {
            failure = .noInternetConnection
        }
        transfer.continuation.resume(returning: failure)
    }
}
