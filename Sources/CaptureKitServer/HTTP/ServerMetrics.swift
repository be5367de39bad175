import Prometheus

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

    package init() {}

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
