public import BlinkID

/// Analyzes camera frames with a BlinkID session, reports UI events, and hands out the scan's result.
///
/// ```swift
/// let analyzer = await BlinkIDAnalyzer(sdk: sdk, eventStream: BlinkIDEventStream())
/// for await frame in frames { await analyzer.analyze(image: frame) }
/// switch await analyzer.result() { case .completed(let result): ...; default: ... }
/// ```
///
/// Semantics:
/// - ``analyze(image:)`` processes one frame on `ProcessingActor`, sends the frame's UI events (one
///   batch per processed frame, possibly empty, see `UIEventTranslator`) and finishes the scan when
///   the document is scanned. A frame that arrives while another is being processed is dropped, as a
///   camera drops frames while busy; frames are ignored while paused or finished.
/// - ``result()`` may be called any number of times, before or after the scan finishes, from any
///   number of tasks: every call returns the same outcome. The first outcome wins (a `cancel()` after
///   completion changes nothing). A waiting caller whose task is cancelled returns `.cancelled`.
/// - Timeout: each step (the first side, then the second) must finish within the step timeout
///   (15 s by default), counted on the injected clock from the step's first processed frame; then
///   the scan ends with `.interrupted(.timeout)`. Pausing stops the count; the next frame after
///   resuming starts it again.
/// - ``restart()`` checks the licence (its `LicenseError` reaches the caller and nothing changes),
///   then starts a new session; by the time it returns, frames go to the new session, results from
///   the old one are discarded, `result()` waits for the new scan, and a
///   `requestDocumentSide(side: .front)` batch has been sent.
public actor BlinkIDAnalyzer: CameraFrameAnalyzer {
    public typealias ResultType = BlinkIDScanningResult
    public typealias AlertType = BlinkIDScanningAlertType
    /// What ``result()`` returns.
    public typealias Outcome = ScanningResult<BlinkIDScanningResult, BlinkIDScanningAlertType>

    /// The UI events of the scan.
    public nonisolated let events: BlinkIDEventStream

    private let sdk: BlinkIDSdk
    private let sessionSettings: BlinkIDSessionSettings
    private let clock: ElapsedClock
    private let stepTimeout: Duration?
    private let translatorConfiguration: UIEventTranslator.Configuration
    private let slot = ScanResultSlot<Outcome>(cancelledValue: .cancelled)

    private var session: BlinkIDSession
    private var lifecycle = ScanLifecycle<Outcome>()
    private var translator: UIEventTranslator
    /// Advanced by every restart: work started under an older value is discarded.
    private var run = 0
    private var frameInFlight = false
    private var timeoutTask: Task<Void, Never>?
    /// Identifies the armed step timer, so that a timer disarmed after it woke does nothing.
    private var timerID = 0

    /// Creates an analyzer with a new scanning session of `sdk`.
    ///
    /// - Parameters:
    ///   - sdk: the SDK (licence already verified, resources loaded).
    ///   - blinkIDSessionSettings: the session's settings; video input by default.
    ///   - eventStream: where UI events are sent; it may already have consumers.
    public init(
        sdk: BlinkIDSdk,
        blinkIDSessionSettings: BlinkIDSessionSettings = BlinkIDSessionSettings(inputImageSource: .video),
        eventStream: BlinkIDEventStream
    ) async {
        await self.init(
            sdk: sdk, blinkIDSessionSettings: blinkIDSessionSettings, eventStream: eventStream,
            stepTimeout: .seconds(15), clock: ContinuousClock())
    }

    /// Creates an analyzer with an injected clock, step timeout (nil: none) and translator thresholds.
    package init<C: Clock>(
        sdk: BlinkIDSdk, blinkIDSessionSettings: BlinkIDSessionSettings, eventStream: BlinkIDEventStream,
        stepTimeout: Duration?, clock: C, translator: UIEventTranslator.Configuration = .init()
    ) async where C.Duration == Duration {
        let session = await sdk.createScanningSession(sessionSettings: blinkIDSessionSettings)
        self.sdk = sdk
        self.sessionSettings = blinkIDSessionSettings
        self.events = eventStream
        self.clock = ElapsedClock(clock)
        self.stepTimeout = stepTimeout
        self.translatorConfiguration = translator
        self.translator = UIEventTranslator(configuration: translator)
        self.session = session
    }

    deinit {
        timeoutTask?.cancel()
    }

    /// Processes one camera frame (see the type's documentation for dropped and ignored frames).
    public func analyze(image: CameraFrame) async {
        _ = await analyzeReportingEvents(image: image)
    }

    /// ``analyze(image:)`` that also returns the frame's result and the batch of events it sent (nil
    /// when the frame was dropped, ignored or discarded), for tools that print a per-frame timeline.
    package func analyzeReportingEvents(image: CameraFrame) async -> (events: [UIEvent], frame: ProcessResult)? {
        guard lifecycle.acceptsFrames, !frameInFlight else { return nil }
        frameInFlight = true
        defer { frameInFlight = false }
        armStepTimer()
        let currentRun = run
        let session = self.session
        let frame = await session.process(inputImage: InputImage(cameraFrame: image))
        guard currentRun == run, lifecycle.outcome == nil, let result = frame.processResult else { return nil }

        let batch = translator.translate(result, at: clock.now)
        switch result.resultCompleteness.scanningStatus {
        case .sideScanned, .scanningBarcodeInProgress:
            disarmStepTimer()  // a new step starts with the next frame
        case .documentScanned:
            let scanned = await session.getResult()
            await events.send(batch)
            if currentRun == run { finish(.completed(scanned)) }
            return (batch, result)
        case .scanningSideInProgress, .cancelled:
            break
        }
        await events.send(batch)
        return (batch, result)
    }

    /// Stops the scan at once (the frame being processed is abandoned); ``result()`` returns
    /// `.cancelled` unless the scan had already finished.
    public func cancel() async {
        session.cancelActiveProcessing()
        finish(.cancelled)
    }

    /// Ignores frames until ``resume()``; progress is kept and the step timer stops.
    public func pause() async {
        if lifecycle.pauseRequested() { disarmStepTimer() }
    }

    /// Accepts frames again after ``pause()``.
    public func resume() async {
        _ = lifecycle.resumeRequested()
    }

    /// Starts a new scan with a new session (see the type's documentation).
    /// - Throws: `LicenseError` when the licence is no longer valid; the analyzer is then unchanged.
    public func restart() async throws {
        try sdk.verifyLicense()
        let fresh = await sdk.createScanningSession(sessionSettings: sessionSettings)
        // No suspension from here to the send: frames arriving meanwhile see the old or the new run whole.
        session.cancelActiveProcessing()
        session = fresh
        run += 1
        translator = UIEventTranslator(configuration: translatorConfiguration)
        disarmStepTimer()
        lifecycle.restartRequested()
        slot.reset()
        await events.send([.requestDocumentSide(side: .front)])
    }

    /// Ends the scan (the user closed it); ``result()`` returns `.ended` unless the scan had already
    /// finished.
    public func end() async {
        session.cancelActiveProcessing()
        finish(.ended)
    }

    /// The scan's outcome, waiting for it if needed (see the type's documentation).
    public func result() async -> Outcome {
        await slot.value()
    }

    // MARK: - Finishing and the step timer

    private func finish(_ outcome: Outcome) {
        guard case let .deliver(outcome) = lifecycle.finishRequested(outcome) else { return }
        disarmStepTimer()
        slot.deliver(outcome)
    }

    private func armStepTimer() {
        guard let stepTimeout, timeoutTask == nil else { return }
        timerID += 1
        let id = timerID
        let deadline = clock.now + stepTimeout
        let clock = self.clock
        timeoutTask = Task { [weak self] in
            do {
                try await clock.sleep(untilElapsed: deadline)
            } catch {
                return  // disarmed
            }
            await self?.stepTimedOut(timerID: id)
        }
    }

    private func disarmStepTimer() {
        timeoutTask?.cancel()
        timeoutTask = nil
        timerID += 1
    }

    private func stepTimedOut(timerID id: Int) {
        guard id == timerID else { return }
        timeoutTask = nil
        session.cancelActiveProcessing()
        finish(.interrupted(.timeout))
    }

    // MARK: - Diagnostics

    /// Whether the step timer is armed (for tests).
    package var isStepTimerArmed: Bool { timeoutTask != nil }

    /// Whether the scan has an outcome (``result()`` answers at once).
    package var hasFinished: Bool { lifecycle.outcome != nil }

    /// Whether a frame is being processed (for tests).
    package var isProcessingFrame: Bool { frameInFlight }
}
