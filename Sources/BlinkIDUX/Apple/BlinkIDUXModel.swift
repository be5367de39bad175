#if canImport(SwiftUI) && canImport(AVFoundation)
import AVFoundation
public import Combine
import SwiftUI

/// The scanning screen's view model: feeds camera frames to the analyzer, turns its events into the
/// reticle state (through ``ReticleStateMachine``, tested on Linux), and publishes the result.
@MainActor
public final class BlinkIDUXModel: ObservableObject {
    /// What the reticle shows; its ``ReticleState/instruction`` is the text under it.
    @Published public var reticleState: ReticleState = .front
    /// Set when the scan is over (completed, or ended by the user).
    @Published public var result: BlinkIDResultState?
    /// Whether the help sheet is shown.
    @Published public var showHelp = false
    /// Whether the interruption alert (``alertType``) is shown.
    @Published public var showScanningAlert = false
    /// Why the scan was interrupted.
    @Published public var alertType: BlinkIDScanningAlertType?

    /// The guide's alternative name for ``result``.
    public var scanningResult: BlinkIDResultState? { result }
    /// The instruction text in the user's language.
    public var instructionText: String { reticleState.instruction.localized }

    /// The camera.
    public let camera = Camera()
    /// The analyzer frames are sent to.
    public let analyzer: BlinkIDAnalyzer

    private var reticle = ReticleStateMachine()
    private let clock = ElapsedClock(ContinuousClock())
    private var eventHandlingTask: Task<Void, Never>?
    private var resultTask: Task<Void, Never>?

    public init(analyzer: BlinkIDAnalyzer) {
        self.analyzer = analyzer
        startEventHandling()
    }

    /// Starts the result watch and feeds camera frames to the analyzer until the camera stops.
    public func analyze() async {
        resultTask?.cancel()
        resultTask = Task { [weak self, analyzer] in
            let outcome = await analyzer.result()
            self?.handle(outcome)
        }
        for await frame in camera.sampleBuffer {
            await analyzer.analyze(
                image: CameraFrame(
                    buffer: MBSampleBufferWrapper(cmSampleBuffer: frame),
                    orientation: .portrait))
        }
    }

    /// Stops reacting to events (the view disappeared).
    public func stopEventHandling() {
        eventHandlingTask?.cancel()
        eventHandlingTask = nil
        resultTask?.cancel()
        resultTask = nil
    }

    /// The close button: ends the scan.
    public func closeButtonTapped() async {
        await analyzer.end()
    }

    /// The torch button.
    public func torchButtonTapped() async {
        await camera.setTorch(!camera.isTorchOn)
    }

    /// The retry button of the interruption alert: starts a new scan.
    public func retryTapped() async throws {
        showScanningAlert = false
        try await analyzer.restart()
        apply(reticle.restarted(at: clock.now))
        // The camera loop of analyze() keeps running; only the result watch starts again.
        resultTask = Task { [weak self, analyzer] in
            let outcome = await analyzer.result()
            self?.handle(outcome)
        }
    }

    private func startEventHandling() {
        eventHandlingTask = Task { [weak self, analyzer] in
            for await events in await analyzer.events.stream {
                guard let self else { return }
                self.apply(self.reticle.eventsReceived(events, at: self.clock.now))
            }
        }
    }

    private func handle(_ outcome: ScanningResult<BlinkIDScanningResult, BlinkIDScanningAlertType>) {
        switch outcome {
        case let .completed(scanningResult):
            apply(reticle.documentScanned(at: clock.now))
            result = BlinkIDResultState(scanningResult: scanningResult)
        case let .interrupted(alertType):
            self.alertType = alertType
            showScanningAlert = true
        case .cancelled:
            break  // cancelled by the owner, who knows why
        case .ended:
            result = BlinkIDResultState(scanningResult: nil)
        }
    }

    private func apply(_ action: ReticleStateMachine.Action?) {
        guard let action else { return }
        reticleState = action.state
        if let announcement = action.announcement {
            AccessibilityNotification.Announcement(announcement.localized).post()
        }
    }
}
#endif
