import BlinkIDUX
import CaptureCore
import CaptureKitTesting
import Foundation
import Testing

/// Reachability against a loopback server that is up, then stopped.
@Suite(.timeLimit(.minutes(1)))
struct ConnectivityMonitorTests {
    @Test func aRunningServerIsConnectedAndAStoppedOneIsOffline() async throws {
        let server = try LoopbackResourceServer.start()
        let monitor = ConnectivityMonitor(url: server.baseURL, timeout: .seconds(2))
        #expect(await monitor.isConnected == nil)
        #expect(await monitor.check())
        #expect(await monitor.isConnected == true)
        #expect(await monitor.isOffline == false)
        server.stop()
        #expect(await monitor.check() == false)
        #expect(await monitor.isOffline)
    }

    @Test func aProbeGivesUpWithinItsTimeout() async {
        // TEST-NET-1 (RFC 5737): never routed; the probe fails at once or after its 300 ms timeout.
        // Without the timeout, Linux gives up on a connect after its SYN retries (about 127 s), past the
        // suite's time limit. How long the probe may wait is checked without a clock below.
        let probe = HostReachability(host: "192.0.2.1", port: 80, timeout: .milliseconds(300))
        #expect(await probe.isReachable() == false)
    }

    @Test func theHandshakeWaitNeverExceedsTheTimeLeft() {
        #expect(HostReachability.pollTimeout(for: .milliseconds(300)) == 300)
        #expect(HostReachability.pollTimeout(for: .microseconds(300_999)) == 300)  // rounded down
        #expect(HostReachability.pollTimeout(for: .seconds(2)) == 2000)
        // Never 0 (no wait) nor negative (-1 would wait for the kernel's own timeout).
        #expect(HostReachability.pollTimeout(for: .nanoseconds(1)) == 1)
        #expect(HostReachability.pollTimeout(for: .zero) == 1)
        #expect(HostReachability.pollTimeout(for: .seconds(Int64.max)) == Int32.max)
        #expect(HostReachability.pollTimeout(for: .seconds(10_000_000)) == Int32.max)
    }

    @Test func urlsWithoutAHostOrWithABadPortAreNeverReachable() async {
        #expect(await ConnectivityMonitor(url: URL(fileURLWithPath: "/tmp")).check() == false)
        #expect(await HostReachability(host: "127.0.0.1", port: 0).isReachable() == false)
        #expect(HostReachability(url: URL(string: "https://example.org/x")!)?.port == 443)
        #expect(HostReachability(url: URL(string: "http://example.org/x")!)?.port == 80)
    }
}
