package import CaptureCore
import FaceEngine
package import Foundation

/// The FBx try-on SDK's entry point: configuration (online licence check), preparation (when an
/// ``FBxView`` is attached), and the try-on session (`start()`, `stop()`, `setFrame(_:)`,
/// `restartFaceDetection()`), with ``events`` and ``errors`` for any number of subscribers.
///
/// ```swift
/// try await FBxManager.shared.configure(FBxConfiguration(apiKey: key, initialSku: "FBX-RND-001"))
/// let view = FBxView()
/// await view.attach(width: 1280, height: 720)      // configured → preparing → ready
/// try await FBxManager.shared.start()               // ready → starting → active
/// try await FBxManager.shared.setFrame("FBX-AVI-004")
/// try await FBxManager.shared.stop()                // active → stopping → ready
/// ```
///
/// Ordering rules (the guide's §10) are those of `FBxLifecycle`; a call made in the wrong state
/// throws ``FBxError/invalidState(_:)`` or ``FBxError/configurationNotSet`` and changes nothing.
/// Every thrown error is also published on ``errors``.
public final class FBxManager: Sendable {
    /// The shared instance: the camera from `CAPTUREKIT_CAMERA` (or `/dev/video0`), files under
    /// `$XDG_DATA_HOME/capturekit/fbx`.
    public static let shared = FBxManager(dependencies: .standard)

    /// The manager's mutable state, guarded by ``core``.
    private struct Core {
        var lifecycle = FBxLifecycle()
        var faceDetectionState = FBxFaceDetectionState.uninitialized
        var configuration: FBxConfiguration?
        var licence: LicenseValidationClaims?
        var selectedSku: String?
        var selectedAsset: EyewearAsset?
        var bundledFrames: [EyewearFrame] = []
        var runner: (any FBxSessionDriving)?
        var sessionTask: Task<Void, Never>?
        /// Incremented by each `start()`, so a `start()` overtaken by `stop()` knows it.
        var sessionGeneration = 0
        var view: ViewLink?
    }

    /// The attached view's frame sink.
    private struct ViewLink {
        var id: UUID
        var deliver: @Sendable (FBxRenderedFrame) -> Void
    }

    private let dependencies: FBxDependencies
    private let core = Locked(Core())
    private let eventBroadcaster = EventBroadcaster<FBxEvent>(replay: .currentValue)
    private let errorBroadcaster = EventBroadcaster<FBxError>(replay: .latestValue)

    /// A manager with injected parts (tests, tools); applications use ``shared``.
    package init(dependencies: FBxDependencies) {
        self.dependencies = dependencies
        eventBroadcaster.setSnapshot([.stateChanged(.unconfigured), .faceDetectionStateChanged(.uninitialized)])
    }

    // MARK: Observability

    /// The current lifecycle state.
    public var state: FBxState { core.withLock { $0.lifecycle.state } }

    /// The current face-detection state.
    public var faceDetectionState: FBxFaceDetectionState { core.withLock { $0.faceDetectionState } }

    /// A new stream of events: first the current state and face-detection state, then every change.
    public var events: AsyncStream<FBxEvent> { eventBroadcaster.subscribe() }

    /// A new stream of errors: first the latest error (if any), then every new one.
    public var errors: AsyncStream<FBxError> { errorBroadcaster.subscribe() }

    /// The SKU of the selected frame (preloaded or set), nil when none is loaded.
    package var selectedSku: String? { core.withLock { $0.selectedSku } }

    /// The licence answer in use (nil before a successful configuration).
    package var licence: LicenseValidationClaims? { core.withLock { $0.licence } }

    // MARK: Configuration

    /// Validates the licence online (or, offline, from a cached answer within its grace period),
    /// stores the configuration and preloads `initialSku`. A preload failure is published on
    /// ``errors`` but does not fail the configuration. If a view is attached, preparation follows.
    public func configure(_ configuration: FBxConfiguration) async throws(FBxError) {
        try transition(.configureRequested)
        core.withLock { core in
            core.configuration = nil
            core.licence = nil
            core.selectedSku = nil
            core.selectedAsset = nil
        }
        let client = FBxServerClient(baseURL: configuration.serverURL, timeout: dependencies.httpTimeout)
        let keyring = LicenseKeyring.trusted(
            base: dependencies.keyring, publicKeys: configuration.licensePublicKeys,
            allowsDevelopmentLicenses: configuration.allowsDevelopmentLicenses)
        let validator = FBxLicenseValidator(
            keyring: keyring,
            cacheDirectory: dependencies.licenceDirectory,
            now: dependencies.now)
        let outcome: FBxLicenseValidator.Outcome
        do {
            outcome = try await validator.validate(configuration, client: client)
        } catch {
            record(.configurationFailed)
            throw reported(error)
        }
        core.withLock { core in
            core.configuration = configuration
            core.licence = outcome.claims
        }
        let next = record(.configurationSucceeded)
        if let sku = configuration.initialSku {
            do {
                try await select(sku, configuration: configuration)
            } catch {
                report(error)
            }
        }
        if next.requiresPreparation { await prepareIfNeeded() }
    }

    // MARK: Session

    /// Starts the try-on session: checks the camera permission, opens the frame source and runs
    /// the face engine on every frame with the selected frame. Requires ``FBxState/ready``.
    public func start() async throws(FBxError) {
        try transition(.startRequested)
        let (generation, runner, asset) = core.withLock { core in
            core.sessionGeneration += 1
            return (core.sessionGeneration, core.runner, core.selectedAsset)
        }
        do throws(FBxError) {
            if let error = dependencies.permissionProvider.authorization().error { throw error }
            guard let runner else { throw FBxError.internalError("the session was not prepared; attach the view.") }
            let source = try dependencies.makeFrameSource()
            publishFaceDetection(await runner.start(asset: asset))
            let started: Bool = core.withLock { core in
                guard core.sessionGeneration == generation, core.lifecycle.state == .starting else { return false }
                // Not fire-and-forget: the task is kept in `core.sessionTask`; stop() cancels and awaits
                // it, and it ends by itself when the frame source ends. It is created under the lock,
                // together with the move to active, so its first face-detection event follows `active`.
                core.sessionTask = Task { await self.runFrames(from: source, runner: runner) }
                publish((try? core.lifecycle.handle(.startSucceeded))?.stateChange, in: core)
                return true
            }
            guard started else {
                publishFaceDetection(await runner.stop())
                throw FBxError.invalidState("stop() was called while the session was starting.")
            }
        } catch {
            let stillStarting = core.withLock { $0.sessionGeneration == generation && $0.lifecycle.state == .starting }
            if stillStarting { record(.startFailed) }
            throw reported(error)
        }
    }

    /// Stops the session (from ``FBxState/active`` or ``FBxState/starting``) and returns to
    /// ``FBxState/ready``.
    public func stop() async throws(FBxError) {
        try transition(.stopRequested)
        let (task, runner) = core.withLock { core -> (Task<Void, Never>?, (any FBxSessionDriving)?) in
            defer { core.sessionTask = nil }
            return (core.sessionTask, core.runner)
        }
        task?.cancel()
        await task?.value
        if let runner { publishFaceDetection(await runner.stop()) }
        record(.stopFinished)
    }

    /// Loads the frame `sku` from the catalog and shows it. Requires ``FBxState/active``.
    public func setFrame(_ sku: String) async throws(FBxError) {
        try transition(.setFrameRequested)
        guard let configuration = core.withLock({ $0.configuration }) else { throw reported(.configurationNotSet) }
        do {
            try await select(sku, configuration: configuration)
        } catch {
            throw reported(error)
        }
    }

    /// Forgets the face and scans again (after ``FBxFaceDetectionState/failed``). Requires
    /// ``FBxState/active``.
    public func restartFaceDetection() async throws(FBxError) {
        try transition(.restartFaceDetectionRequested)
        guard let runner = core.withLock({ $0.runner }) else { return }
        publishFaceDetection(await runner.restart())
    }

    /// Waits until the running session's frame source has delivered its last frame (a video file
    /// or image list ends; a camera runs until `stop()`). Returns at once without a session.
    package func waitForFrameSourceToEnd() async {
        let task = core.withLock { $0.sessionTask }
        await task?.value
    }

    // MARK: View

    /// An ``FBxView`` was attached or resized: prepares when configured and the size is usable.
    package func attachView(
        id: UUID, width: Int, height: Int,
        deliver: @escaping @Sendable (FBxRenderedFrame) -> Void
    ) async {
        let usable = width >= FBxLifecycle.minimumViewSide && height >= FBxLifecycle.minimumViewSide
        core.withLock { $0.view = ViewLink(id: id, deliver: deliver) }
        if record(.viewAttached(usable: usable)).requiresPreparation { await prepareIfNeeded() }
    }

    /// The view went away: stops a running session, then returns to ``FBxState/configured``.
    package func detachView(id: UUID) async {
        guard core.withLock({ $0.view?.id == id }) else { return }
        if [.starting, .active].contains(state) { try? await stop() }
        core.withLock { $0.view = nil }
        record(.viewDetached)
    }

    /// Publishes an error found outside a call (a view's file writing).
    package func report(_ error: FBxError) {
        errorBroadcaster.send(error)
    }

    // MARK: Internals

    private func select(_ sku: String, configuration: FBxConfiguration) async throws(FBxError) {
        let loader = FBxFrameLoader(
            pixelsPerMillimetre: dependencies.framePixelsPerMillimetre,
            bundledFrames: core.withLock { $0.bundledFrames })
        let client = FBxServerClient(baseURL: configuration.serverURL, timeout: dependencies.httpTimeout)
        let asset = try await loader.load(sku, client: client)
        let runner = core.withLock { core in
            core.selectedSku = sku
            core.selectedAsset = asset
            return core.runner
        }
        await runner?.setAsset(asset)
        eventBroadcaster.send(.frameLoaded(sku))
    }

    /// Extracts the resources and loads the face engine, when (still) configured with a usable view.
    private func prepareIfNeeded() async {
        let begin: Bool = core.withLock { core in
            guard core.lifecycle.needsPreparation else { return false }
            publish((try? core.lifecycle.handle(.preparationStarted))?.stateChange, in: core)
            return true
        }
        guard begin else { return }
        do {
            let extracted = try FBxResourceExtractor(
                resources: dependencies.resources, dataDirectory: dependencies.dataDirectory
            ).prepare()
            let runner = try core.withLock({ $0.runner }) ?? makeRunner(faceModel: extracted.faceModel)
            core.withLock { core in
                core.bundledFrames = extracted.catalog
                core.runner = runner
            }
            publishFaceDetection(await runner.engineReady())
            record(.preparationSucceeded)
        } catch let failure as FBxResourceExtractor.Failure {
            record(.preparationFailed)
            report(.internalError(failure.description))
        } catch let error as FaceEngineError {
            record(.preparationFailed)
            report(.internalError("the face engine could not load: \(error)"))
        } catch {
            record(.preparationFailed)
            report(.internalError("preparation failed."))
        }
    }

    /// The session runner over the face engine, posing heads with the extracted generic face model.
    private func makeRunner(faceModel: GenericFaceModel) throws(FaceEngineError) -> any FBxSessionDriving {
        let backend = try dependencies.makeLandmarkBackend()
        let pipeline = TryOnPipeline(
            backend: backend, configuration: dependencies.trackerConfiguration,
            pupillaryDistance: dependencies.pupillaryDistance, camera: nil,
            faceModel: faceModel)
        return makeSessionRunner(
            pipeline: pipeline, clock: dependencies.clock,
            configuration: dependencies.faceDetectionConfiguration)
    }

    private func runFrames(from source: any FrameSource, runner: any FBxSessionDriving) async {
        var index = 0
        do {
            for try await frame in source.frames() {
                if Task.isCancelled { break }
                let step = await runner.process(frame, index: index)
                index += 1
                publishFaceDetection(step.changedState)
                if let error = step.error { report(.internalError("the face engine failed on a frame: \(error)")) }
                let deliver = core.withLock { $0.view?.deliver }
                deliver?(step.rendered)
            }
        } catch {
            if !Task.isCancelled { report(.internalError("the camera stopped delivering frames: \(error)")) }
        }
    }

    /// Applies a request; on refusal publishes and throws the error.
    private func transition(_ event: FBxLifecycle.Event) throws(FBxError) {
        let result: Result<Void, FBxError> = core.withLock { core in
            do throws(FBxError) {
                publish(try core.lifecycle.handle(event).stateChange, in: core)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case let .failure(error) = result { throw reported(error) }
    }

    /// Applies a fact (never refused in a way the caller must see); returns what to do next.
    @discardableResult
    private func record(_ event: FBxLifecycle.Event) -> FBxLifecycle.Action {
        core.withLock { core in
            let action = (try? core.lifecycle.handle(event)) ?? .none
            publish(action.stateChange, in: core)
            return action
        }
    }

    /// Publishes a state change, with the snapshot new subscribers receive, under the core lock so
    /// that events keep the order of the transitions.
    private func publish(_ state: FBxState?, in core: Core) {
        guard let state else { return }
        eventBroadcaster.send(
            .stateChanged(state),
            snapshot: [.stateChanged(state), .faceDetectionStateChanged(core.faceDetectionState)])
    }

    private func publishFaceDetection(_ state: FaceDetectionState?) {
        guard let state else { return }
        let newState = FBxFaceDetectionState(state)
        core.withLock { core in
            guard core.faceDetectionState != newState else { return }
            core.faceDetectionState = newState
            eventBroadcaster.send(
                .faceDetectionStateChanged(newState),
                snapshot: [.stateChanged(core.lifecycle.state), .faceDetectionStateChanged(newState)])
        }
    }

    private func reported(_ error: FBxError) -> FBxError {
        errorBroadcaster.send(error)
        return error
    }
}
