package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a server can be reached: a TCP connection to its host and port opens within a timeout.
///
/// This is what "online" means for CaptureKit on every platform: not that an interface is up
/// (`/sys/class/net` and netlink say nothing about a firewall, a captive portal or a dead
/// route), but that the configured server answers a TCP handshake. The connection is opened
/// non-blocking and waited for with `poll(2)` up to ``timeout``, then closed at once; no byte is
/// sent. Host names are resolved with `getaddrinfo(3)` (the system resolver's own time limits
/// apply to that step). The wait runs on a thread of its own, so no Swift concurrency thread is
/// blocked.
package struct HostReachability: Sendable, Equatable {
    /// The host name or address, and the TCP port.
    package let host: String
    package let port: Int
    /// How long the handshake may take.
    package let timeout: Duration

    package init(host: String, port: Int, timeout: Duration = .seconds(2)) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// The host and port of an `http` or `https` URL (default ports 80 and 443); nil without a host.
    package init?(url: URL, timeout: Duration = .seconds(2)) {
        guard let host = url.host, !host.isEmpty else { return nil }
        let scheme = url.scheme?.lowercased()
        self.init(host: host, port: url.port ?? (scheme == "https" ? 443 : 80), timeout: timeout)
    }

    /// Whether the handshake completed within ``timeout``.
    package func isReachable() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let probe = self
            let thread = Thread { continuation.resume(returning: probe.connects()) }
            thread.name = "capturekit.reachability"
            thread.start()
        }
    }

    /// The blocking probe: every address of the host is tried until one accepts, all within the timeout.
    func connects() -> Bool {
        guard (1...65535).contains(port) else { return false }
        let deadline = ContinuousClock.now + timeout
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return false }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            if Self.handshake(info.pointee, within: remaining) { return true }
        }
        return false
    }

    /// The wait given to `poll(2)` for a handshake with `remaining` time left, in milliseconds: never
    /// more than `remaining` (rounded down), at least 1 (0 would not wait at all), and never -1
    /// (which would wait for the kernel's own connect timeout, about 127 s on Linux).
    package static func pollTimeout(for remaining: Duration) -> Int32 {
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return seconds > 0 ? Int32.max : 1 }
        return max(1, Int32(clamping: milliseconds.partialValue + attoseconds / 1_000_000_000_000_000))
    }

    private static func handshake(_ info: addrinfo, within remaining: Duration) -> Bool {
        let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { return false }
        if connect(fd, info.ai_addr, info.ai_addrlen) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, pollTimeout(for: remaining)) == 1 else { return false }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return false }
        return error == 0
    }
}
