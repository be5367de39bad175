import Foundation

/// CPU time of the calling thread, for measurements that other processes' load does not distort.
enum CPUClock {
    /// Seconds of CPU time this thread has used.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
