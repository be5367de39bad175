import CaptureCore
import FortfaceWire
import Foundation

/// One running session: checks the session key, then races the capture (or upload) against the
/// time limit and the back button, and seals the outcome into the payload.
///
/// The state machine lives under a lock; the search runs in a task group whose children are the
/// timeout (on the configuration's clock), the back button (a stream fed by ``cancel()``) and the
/// work. The first child with an outcome wins and the others are cancelled, which stops the camera.
package final class DocSession: Sendable {
    package let request: DocSessionRequest
    let configuration: FortfaceSessionConfiguration
    private let machine: Locked<DocSessionStateMachine>
    private let backButton: AsyncStream<Void>
    private let backButtonPress: AsyncStream<Void>.Continuation

    package init(request: DocSessionRequest, configuration: FortfaceSessionConfiguration) {
        self.request = request
        self.configuration = configuration
        machine = Locked(DocSessionStateMachine(backButtonHidden: configuration.customization.hideBackButton))
        (backButton, backButtonPress) = AsyncStream<Void>.makeStream()
    }

    /// The back button; false when hidden or too late.
    func cancel() -> Bool {
        let action = machine.withLock { $0.cancelRequested() }
        guard action == .stopSession else { return false }
        backButtonPress.yield()
        return true
    }

    /// Whether the engine should be called with a result of `action` (exactly once).
    func resultPrepared(_ action: SessionEngineAction) -> DocSessionStateMachine.DeliveryAction {
        machine.withLock { $0.resultPrepared(action) }
    }

    /// Runs the session to its result (the engine is called by the caller).
    package func run() async -> SessionEngineResult {
        defer { backButtonPress.finish() }
        let startedAt = configuration.now()
        guard Self.isPlausibleSessionId(request.sessionId) else {
            return conclude(.failed(.invalidSessionId))
        }
        let key: SessionPublicKey
        do {
            key = try SessionPublicKey(pem: request.sessionKey)
        } catch {
            return conclude(.failed(SessionDetailsModel(sessionKeyError: error)))
        }
        let outcome = await search()
        guard machine.withLock({ $0.outcomeChosen(outcome.action) }) == .prepareResult else {
            // Unreachable in practice: only this task chooses outcomes. Kept total all the same.
            return SessionEngineResult(
                error: SessionDetailsModel(
                    error: .captureFailed,
                    message: "The session had already ended."))
        }
        var location: LocationFix?
        if case .camera(geolocation: true) = request.mode { location = await configuration.location.currentLocation() }
        return seal(outcome, startedAt: startedAt, key: key, location: location)
    }

    /// A session id is 1…256 printable ASCII characters without spaces (the API's are base64url).
    static func isPlausibleSessionId(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 256 && id.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Ends the session before the search with an error.
    private func conclude(_ outcome: SessionOutcome) -> SessionEngineResult {
        _ = machine.withLock { $0.outcomeChosen(outcome.action) }
        guard case let .failed(details) = outcome else { return SessionEngineResult(action: outcome.action) }
        return SessionEngineResult(error: details)
    }

    // MARK: - The race

    private func search() async -> SessionOutcome {
        let attempts = Locked(0)
        let clock = configuration.clock
        let timeout = configuration.customization.timeout
        let backButton = self.backButton
        return await withTaskGroup(of: SessionOutcome?.self) { group in
            group.addTask {
                do {
                    try await clock.sleep(for: timeout)
                    return .timedOut(attempts: attempts.withLock { $0 })
                } catch {
                    return nil
                }
            }
            group.addTask {
                for await _ in backButton { return .cancelled(attempts: attempts.withLock { $0 }) }
                return nil
            }
            group.addTask { [self] in
                switch request.mode {
                case .camera: return await captureFromCamera(attempts: attempts)
                case let .upload(photoGallery): return await upload(photoGallery: photoGallery, attempts: attempts)
                }
            }
            for await outcome in group {
                if let outcome {
                    group.cancelAll()
                    return outcome
                }
            }
            // Every child ended without an outcome: only when the whole session task was cancelled.
            return .cancelled(attempts: attempts.withLock { $0 })
        }
    }

    /// Reads frames until the gate says capture; nil when the camera's frames end first (the
    /// time limit or the back button then ends the session, as with a real camera showing nothing).
    private func captureFromCamera(attempts: Locked<Int>) async -> SessionOutcome? {
        guard let judge = configuration.judge ?? Self.bundledJudge else {
            return .failed(
                SessionDetailsModel(
                    error: .captureFailed,
                    message: "The document engine's resources are missing. Reinstall the SDK."))
        }
        let frames: AsyncThrowingStream<Frame, any Error>
        do {
            frames = try await configuration.camera.openCamera()
        } catch {
            return .cameraDenied
        }
        var gate = AutoCaptureGate(
            requiredConsecutiveFrames: configuration.requiredConsecutiveFrames,
            acceptedTypes: Set(request.documentTypes))
        var sawFrame = false
        do {
            for try await frame in frames {
                sawFrame = true
                if Task.isCancelled { return nil }
                let verdict = judge.judge(frame)
                attempts.withLock { $0 += 1 }
                guard gate.frameJudged(verdict) else { continue }
                guard let jpeg = Self.encode(frame.image, limit: UploadLimits.maximumFileBytes) else {
                    return .failed(
                        SessionDetailsModel(
                            error: .captureFailed,
                            message: "The captured frame could not be encoded. Try again."))
                }
                return .captured(
                    CapturedDocument(
                        jpeg: jpeg, documentType: verdict.documentType,
                        attempts: gate.framesJudged, capturedAt: configuration.now()))
            }
        } catch {
            if !sawFrame && !(error is CancellationError) { return .cameraDenied }
        }
        return nil
    }

    /// The document engine with its bundled recogniser, loaded once.
    private static let bundledJudge: DocumentScannerJudge? = DocumentScannerJudge.bundled()

    /// JPEG at quality 90, lowered until it fits `limit` (a 4K frame at 90 can exceed 4 MiB).
    static func encode(_ image: RGBAImage, limit: Int) -> Data? {
        for quality in [90, 80, 70, 60, 50] {
            guard let data = try? ImageCodec.encodeJPEG(image, quality: quality) else { return nil }
            if data.count <= limit { return data }
        }
        return nil
    }

    private func upload(photoGallery: Bool, attempts: Locked<Int>) async -> SessionOutcome? {
        let picked = await configuration.files.pickFile(photoGallery: photoGallery)
        attempts.withLock { $0 += 1 }
        switch UploadedDocument.load(picked, maximumBytes: UploadLimits.maximumFileBytes) {
        case let .success(document): return .uploaded(document)
        case let .failure(details): return .failed(details)
        }
    }
}
