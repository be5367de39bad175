import CaptureCore
import FBxSDK
import FaceEngine
import Foundation

/// One `capkit tryon` run through the SDK: configure (licence, initial SKU), attach a headless
/// view of the input's size, start, let the frame source run out, stop, and write the output.
struct TryOnSession: Sendable {
    let sku: String
    let input: TryOnInput
    let output: URL
    let printEvents: Bool
    let pupillaryDistance: Double
    let modelPath: String

    /// Runs the SDK against `server`, trusting `keyring` (and the development key when
    /// `allowsDevelopmentLicenses`); `licenceCache` replaces the data folder's licence cache (the
    /// embedded server's throwaway keys must not leave answers behind).
    func run(
        server: URL, apiKey: String, bundleID: String, keyring: JWSKeyring, allowsDevelopmentLicenses: Bool = false,
        licenceCache: URL? = nil
    ) async throws {
        var tracker = FaceTrackerConfiguration()
        // A still picture is searched at full resolution (faces from 80 px), not shrunk as a video frame.
        if input.isStill { tracker.minimumFaceSize = 80 }
        let input = self.input
        let modelPath = self.modelPath
        let manager = FBxManager(
            dependencies: FBxDependencies(
                keyring: keyring, permissionProvider: DeviceAccessPermissionProvider(path: input.path),
                makeFrameSource: { () throws(FBxError) -> any FrameSource in
                    do { return try input.source() } catch { throw .internalError("\(error)") }
                },
                makeLandmarkBackend: { () throws(FaceEngineError) -> any LandmarkBackend in
                    try DlibLandmarkBackend(modelPath: modelPath)
                },
                trackerConfiguration: tracker, pupillaryDistance: pupillaryDistance, licenceCacheDirectory: licenceCache
            ))

        let writer =
            output.pathExtension.lowercased() == "mp4"
            ? TryOnVideoWriter(output: output, framesPerSecond: input.framesPerSecond) : nil
        let last = Locked<FBxRenderedFrame?>(nil)
        let counts = Locked((frames: 0, faces: 0, drawn: 0))
        let progress = Locked(ProgressBar(total: input.frameCount ?? 0, enabled: !input.isStill && !printEvents))
        let view = FBxView(
            manager: manager,
            onFrame: { frame in
                writer?.write(frame)
                last.withLock { $0 = frame }
                let done = counts.withLock { counts in
                    counts.frames += 1
                    if frame.faceDetected { counts.faces += 1 }
                    if frame.glassesDrawn { counts.drawn += 1 }
                    return counts.frames
                }
                progress.withLock { $0.update(done, label: "frames") }
            })

        try await withThrowingTaskGroup(of: Void.self) { group in
            if printEvents {
                let events = manager.events
                let errors = manager.errors
                group.addTask { for await event in events { print(Self.line(event)) } }
                group.addTask { for await error in errors { print("error: \(error)") } }
            }
            try await manager.configure(
                FBxConfiguration(
                    apiKey: apiKey, initialSku: sku, serverURL: server,
                    bundleID: bundleID,
                    allowsDevelopmentLicenses: allowsDevelopmentLicenses))
            guard manager.selectedSku == sku else {
                throw CommandFailure("frame \(sku) cannot be loaded from the catalog: see capkit tryon --list-skus")
            }
            await view.attach(width: input.width, height: input.height)
            guard manager.state == .ready else { throw CommandFailure("the SDK could not prepare (see --events)") }
            try await manager.start()
            await manager.waitForFrameSourceToEnd()
            try await manager.stop()
            await view.detach()
            group.cancelAll()
        }
        progress.withLock { $0.finish() }

        let (frames, faces, drawn) = counts.withLock { ($0.frames, $0.faces, $0.drawn) }
        if let writer {
            let written = try await writer.finish()
            FileHandle.standardError.write(
                Data(
                    "\(output.path): \(written) frames, a face in \(faces), glasses drawn on \(drawn)\n".utf8))
            return
        }
        guard let frame = last.withLock({ $0 }), frames > 0 else { throw CommandFailure("\(input.path): no frames") }
        if input.isStill {
            guard faces > 0 else {
                throw CommandFailure("\(input.path): no face found (a frontal face of at least 80 px is needed)")
            }
            guard drawn > 0 else {
                throw CommandFailure("\(input.path): the head pose could not be estimated; try a more frontal picture")
            }
        }
        try frame.pngData().write(to: output)
    }

    private static func line(_ event: FBxEvent) -> String {
        switch event {
        case let .stateChanged(state): return "state: \(state)"
        case let .faceDetectionStateChanged(state): return "face: \(state)"
        case let .frameLoaded(sku): return "frame loaded: \(sku)"
        }
    }
}
