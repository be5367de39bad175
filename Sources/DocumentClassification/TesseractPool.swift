internal import CTesseract
import CaptureCore

/// A pool of ``TesseractEngine``s so that concurrent classifications each get a handle of their own
/// (tesseract is not thread-safe per handle) without paying the model load on every call.
///
/// An engine is taken out of the pool for the duration of one call and put back afterwards; at most
/// ``maximumIdle`` idle engines are kept. Engines are ended and deleted when the pool (and so its
/// classifier) goes away.
final class TesseractPool: Sendable {
    /// Idle engines kept for reuse.
    let maximumIdle: Int
    private let language: String
    private let pageSegmentation: TessPageSegMode
    private let lineReading: Bool
    private let variables: [String: String]
    private let idle: Locked<[TesseractEngine]>

    /// Creates the pool with one engine loaded, so a missing language fails here and not per call.
    /// `lineReading` and `variables` are ``TesseractEngine``'s settings for every engine of the pool.
    init(
        language: String, maximumIdle: Int, pageSegmentation: TessPageSegMode = PSM_SPARSE_TEXT,
        lineReading: Bool = false, variables: [String: String] = [:]
    ) throws(DocumentClassifierError) {
        self.language = language
        self.pageSegmentation = pageSegmentation
        self.lineReading = lineReading
        self.variables = variables
        self.maximumIdle = max(1, maximumIdle)
        idle = Locked([
            try TesseractEngine(
                language: language, pageSegmentation: pageSegmentation, lineReading: lineReading, variables: variables)
        ])
    }

    /// Runs `body` with an engine that no other caller uses meanwhile.
    func withEngine<Result>(_ body: (TesseractEngine) -> Result) throws(DocumentClassifierError) -> Result {
        let engine: TesseractEngine
        if let reused = idle.withLock({ $0.popLast() }) {
            engine = reused
        } else {
            engine = try TesseractEngine(
                language: language, pageSegmentation: pageSegmentation, lineReading: lineReading, variables: variables)
        }
        defer {
            idle.withLock { engines in
                if engines.count < maximumIdle { engines.append(engine) }
            }
        }
        return body(engine)
    }
}
