import Foundation

/// A value protected by a lock, for state read by synchronous getters and hot paths.
///
/// `Synchronization.Mutex` would do the same but needs iOS 18 / macOS 15; this box keeps the
/// SDK's floor where the guides put it.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked is safe: `value` is only touched inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Never call back into code that may take
    /// the same lock (or resume continuations that run user code) from inside `body`.
    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
