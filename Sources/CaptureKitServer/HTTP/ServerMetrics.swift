import CaptureCore
package import Prometheus

/// The server's Prometheus metrics, in a registry of its own (no global state, so several servers can
/// run in one process, as in tests). Served as text at `GET /metrics`.
package final class ServerMetrics: Sendable {
    /// The registry every metric is in.
    package let registry = PrometheusCollectorRegistry()

    private static let durationBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
    ]

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "Answered HTTP requests by method, route template and status."
        )
    }
    private static var durations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time to answer HTTP requests, by route template."
        )
    }
    private static var validations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "license", metricName: "validations", unitName: "total",
            helpText: "Licence validations by outcome (active or the error code)."
        )
    }

    private static var fortfaceHandshakes: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "fortface", metricName: "handshakes", unitName: "total",
            helpText: "Fortface handshakes by outcome (ok or the refusal reason)."
        )
    }
    private static var fortfaceSessions: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "fortface", metricName: "sessions_finished", unitName: "total",
            helpText: "Fortface sessions consumed, by outcome (capture, cancel, timeout, error)."
        )
    }
    private static var fortfaceRates: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "fortface", metricName: "session_outcome", unitName: "ratio",
            helpText:
                "Share of finished Fortface sessions with each outcome since start (capture, cancel, timeout rates)."
        )
    }
    private static var fortfacePoolDepth: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "fortface", metricName: "session_key_pool_depth", unitName: "keys",
            helpText:
                "Fresh session keys in the shared pool (every instance's), as this instance's worker last counted."
        )
    }

    private static let engineBuckets: [Duration] = [
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
    ]
    private static var engineRequests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "engine", metricName: "requests", unitName: "total",
            helpText: "Engine requests (documents/scan, eyewear/tryon) by engine and outcome (ok or the error code)."
        )
    }
    private static var engineDurations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "engine", metricName: "duration", unitName: "seconds",
            helpText: "Time from an engine request's arrival to its answer (queue, decoding and engine), by engine."
        )
    }
    private static var engineQueue: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "capturekit", subsystem: "engine", metricName: "queue", unitName: "jobs",
            helpText: "Engine jobs running and waiting now, by engine and state."
        )
    }

    /// Session outcomes since start, for the rate gauges.
    private let outcomes = Locked([String: Int]())

    package init() {}

    /// Counts one handshake by outcome (`ok` or a refusal reason).
    package func recordHandshake(outcome: String) {
        registry.makeCounter(descriptor: Self.fortfaceHandshakes, labels: [("outcome", outcome)]).increment()
    }

    /// Records the shared session key pool's depth (fresh keys).
    package func recordSessionKeyPoolDepth(_ depth: Int) {
        registry.makeGauge(descriptor: Self.fortfacePoolDepth).set(Double(depth))
    }

    /// Counts one consumed session (`capture`, `cancel`, `timeout` or `error`) and updates the rates.
    package func recordSessionFinished(outcome: String) {
        registry.makeCounter(descriptor: Self.fortfaceSessions, labels: [("outcome", outcome)]).increment()
        let counts = outcomes.withLock { counts -> [String: Int] in
            counts[outcome, default: 0] += 1
            return counts
        }
        let total = Double(counts.values.reduce(0, +))
        for name in ["capture", "cancel", "timeout", "error"] {
            registry.makeGauge(descriptor: Self.fortfaceRates, labels: [("outcome", name)])
                .set(Double(counts[name] ?? 0) / total)
        }
    }

    /// Sessions finished with `outcome` since start.
    package func sessionsFinished(outcome: String) -> Int {
        outcomes.withLock { $0[outcome] ?? 0 }
    }

    /// Counts one answered request, labelled by route template (never the raw path) and status.
    package func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.durations, labels: [("route", route)], buckets: Self.durationBuckets
        )
        .record(duration)
    }

    /// Counts one engine request (`engine`: `documents` or `tryon`) by outcome, with its duration.
    package func recordEngineRequest(engine: String, outcome: String, duration: Duration) {
        registry.makeCounter(descriptor: Self.engineRequests, labels: [("engine", engine), ("outcome", outcome)])
            .increment()
        registry.makeDurationHistogram(
            descriptor: Self.engineDurations, labels: [("engine", engine)], buckets: Self.engineBuckets
        )
        .record(duration)
    }

    /// Records how many jobs of `engine` run and wait.
    package func recordEngineQueue(engine: String, running: Int, waiting: Int) {
        registry.makeGauge(descriptor: Self.engineQueue, labels: [("engine", engine), ("state", "running")])
            .set(Double(running))
        registry.makeGauge(descriptor: Self.engineQueue, labels: [("engine", engine), ("state", "waiting")])
            .set(Double(waiting))
    }

    /// Counts one licence validation by its outcome (`active`, `invalidAPIKey`, ...).
    package func recordValidation(outcome: String) {
        registry.makeCounter(descriptor: Self.validations, labels: [("outcome", outcome)]).increment()
    }

    /// The metrics in Prometheus text format.
    package func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
