import CaptureCore
public import Foundation

/// Whether the resource server can be reached, on every platform.
///
/// "Connected" means the server's host accepts a TCP handshake within the timeout (see the README:
/// an interface being up says nothing about a firewall or a dead route). Each ``check()`` probes
/// once; nothing runs in the background, so the caller decides when to look again (for example
/// before retrying a download, or when the app returns to the foreground). On Apple platforms
/// `NetworkMonitor` (`NWPathMonitor`) additionally publishes path changes to SwiftUI.
public actor ConnectivityMonitor {
    private let probe: HostReachability?
    /// The last answer: nil until the first ``check()``.
    public private(set) var isConnected: Bool?

    /// A monitor of the server at `url` (its host and port); `timeout` bounds each probe.
    public init(url: URL, timeout: Duration = .seconds(2)) {
        probe = HostReachability(url: url, timeout: timeout)
    }

    /// Whether the last check failed.
    public var isOffline: Bool { isConnected == false }

    /// Probes the server now and remembers the answer. A URL without a host is never connected.
    @discardableResult
    public func check() async -> Bool {
        let connected = await probe?.isReachable() ?? false
        isConnected = connected
        return connected
    }
}
