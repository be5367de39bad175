#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time used by the calling thread, for per-stage timings and benchmarks that other processes'
/// load does not distort: the one thread-CPU clock of the engines, `capkit`'s evaluations and
/// benchmarks. Measurement only: no state logic depends on it.
package enum ThreadCPUTime {
    /// Seconds of CPU time this thread has used so far.
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
