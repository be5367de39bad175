import CaptureCore

/// Starts capture and upload sessions (the guide's `FortfaceManagerSession`).
///
/// Each start returns at once; the session runs in the background (camera frames and file checks
/// off the main actor) and calls the engine's `finishedSessionEngine(sessionEngineResult:)` on the
/// main actor exactly once. The returned ``FortfaceSessionHandle`` (which the guide ignores) is the
/// back button and lets a caller await the result. Customisation and, on Linux, the camera and
/// file providers come from ``configure(_:)``.
public enum FortfaceManagerSession {
    private static let configurationBox = Locked(FortfaceSessionConfiguration())

    /// Sets the configuration used by sessions started from now on.
    public static func configure(_ configuration: FortfaceSessionConfiguration) {
        configurationBox.withLock { $0 = configuration }
    }

    /// The configuration sessions start with.
    public static var configuration: FortfaceSessionConfiguration {
        configurationBox.withLock { $0 }
    }

    /// Starts a camera capture session.
    ///
    /// - Parameters:
    ///   - engine: receives the result.
    ///   - sessionId: the session id from the handshake.
    ///   - sessionKey: the session key PEM from the handshake, exactly as received.
    ///   - documentTypes: the accepted documents (empty accepts any).
    ///   - previousDocType: the first side's type from the Fortface API's answer; nil for the first side.
    ///   - orientationManager: locks the interface to portrait while the camera runs.
    @MainActor
    @discardableResult
    public static func startDocSessionEngine(
        engine: any IFortfaceEngine, sessionId: String, sessionKey: String, documentTypes: [DocumentTypeEnum],
        previousDocType: DocumentTypeEnum?, orientationManager: any IFortfaceOrientationManager
    ) -> FortfaceSessionHandle {
        start(
            engine: engine,
            request: DocSessionRequest(
                sessionId: sessionId, sessionKey: sessionKey, documentTypes: documentTypes,
                previousDocType: previousDocType, mode: .camera(geolocation: false)),
            orientationManager: orientationManager, configuration: configuration)
    }

    /// Starts a camera capture session, with the location in the payload when `getGeolocation`
    /// (the guide's six-parameter form, being discontinued).
    @available(
        *, deprecated,
        message:
            "Use startDocSessionEngine(engine:sessionId:sessionKey:documentTypes:previousDocType:orientationManager:)"
    )
    @MainActor
    @discardableResult
    public static func startDocSessionEngine(
        engine: any IFortfaceEngine, sessionId: String, sessionKey: String, documentTypes: [DocumentTypeEnum],
        previousDocType: DocumentTypeEnum?, orientationManager: any IFortfaceOrientationManager,
        getGeolocation: Bool
    ) -> FortfaceSessionHandle {
        start(
            engine: engine,
            request: DocSessionRequest(
                sessionId: sessionId, sessionKey: sessionKey, documentTypes: documentTypes,
                previousDocType: previousDocType, mode: .camera(geolocation: getGeolocation)),
            orientationManager: orientationManager, configuration: configuration)
    }

    /// Starts an upload session: the file provider picks a file (PDF, JPEG or PNG, at most
    /// 4,194,304 bytes), which is checked and sealed.
    ///
    /// - Parameters:
    ///   - engine: receives the result.
    ///   - sessionId: the session id from the handshake.
    ///   - sessionKey: the session key PEM from the handshake, exactly as received.
    ///   - documentTypes: the accepted documents (empty accepts any).
    ///   - openPhotoGalery: pick from the photo gallery rather than files (the guide's spelling).
    ///   - previousDocType: the first side's type from the Fortface API's answer; nil for the first side.
    @MainActor
    @discardableResult
    public static func startUploadDocSessionEngine(
        engine: any IFortfaceEngine, sessionId: String, sessionKey: String, documentTypes: [DocumentTypeEnum],
        openPhotoGalery: Bool, previousDocType: DocumentTypeEnum?
    ) -> FortfaceSessionHandle {
        start(
            engine: engine,
            request: DocSessionRequest(
                sessionId: sessionId, sessionKey: sessionKey, documentTypes: documentTypes,
                previousDocType: previousDocType, mode: .upload(photoGallery: openPhotoGalery)),
            orientationManager: nil, configuration: configuration)
    }

    /// Starts `request` with an explicit configuration (the public calls and tests).
    @MainActor
    package static func start(
        engine: any IFortfaceEngine, request: DocSessionRequest,
        orientationManager: (any IFortfaceOrientationManager)?,
        configuration: FortfaceSessionConfiguration
    ) -> FortfaceSessionHandle {
        let session = DocSession(request: request, configuration: configuration)
        orientationManager?.lockOrientation(.portrait, andRotateTo: .portrait)
        // The task is owned by the handle (its result is awaitable and the back button cancels it);
        // it ends on its own when the time limit runs out.
        let task = Task { @MainActor in
            let result = await session.run()
            if session.resultPrepared(result.action) == .callEngine {
                orientationManager?.lockOrientation(.all, andRotateTo: .portrait)
                engine.finishedSessionEngine(sessionEngineResult: result)
            }
            return result
        }
        return FortfaceSessionHandle(session: session, task: task)
    }
}
