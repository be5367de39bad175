import Foundation

/// A progress bar on stderr, drawn only when stderr is a terminal (never mixed into stdout).
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private var drawn = false

    init(total: Int, enabled: Bool = true) {
        self.total = total
        self.enabled = enabled && total > 0 && isatty(STDERR_FILENO) != 0
    }

    func update(_ done: Int, label: String = "") {
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)".utf8))
        drawn = true
    }

    /// Erases the bar so a line can be printed.
    func clear() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }

    func finish() { clear() }
}
