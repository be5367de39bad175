import FortfaceWire
import Foundation

/// The whole Fortface flow as an app and its backend run it, side by side: device credentials
/// (provisioned through the admin route when missing), `FortfaceSDK.start` → handshake → capture or
/// upload session → `/v1/documents` (capture) or `/v1/metrics` (cancel, timeout) → the API's answer;
/// the second side with the first side's type and `documentId`. Used by `capkit capture` and the
/// end-to-end tests.
package struct FortfaceCaptureFlow: Sendable {
    /// Where each side's image comes from.
    package enum Source: Sendable {
        /// Files to upload, one per side (the first for the front, the second for the back).
        case upload([String])
        /// A camera (the same for both sides: the user turns the document over).
        case camera(any FortfaceCameraProvider)
    }

    package var api: FortfaceAPIClient
    /// The customer API key (the app's backend holds it, never the app).
    package var apiKey: String
    /// The app id registered for the customer (the device certificate's and token's `app`).
    package var appId: String
    /// The admin token, to provision this device when it has no credentials for `appId`.
    package var adminToken: String?
    package var store: DeviceCredentialStore
    package var source: Source
    package var bothSides = false
    package var isDebugMode = false
    package var deployment = "sandbox"
    package var integrity: any IntegritySignalsProvider = LinuxIntegrityProbe()
    /// Customisation and test hooks for the sessions (camera and files are set per side).
    package var sessionConfiguration = FortfaceSessionConfiguration()

    package init(
        api: FortfaceAPIClient, apiKey: String, appId: String, adminToken: String?,
        store: DeviceCredentialStore, source: Source
    ) {
        self.api = api
        self.apiKey = apiKey
        self.appId = appId
        self.adminToken = adminToken
        self.store = store
        self.source = source
    }

    /// One side's outcome.
    package struct SideResult: Sendable {
        /// `front` or `back`.
        package var side: String
        /// What the SDK's session ended with.
        package var result: SessionEngineResult
        /// The API's answer to the payload (documents or metrics), when one was sent.
        package var answer: FortfaceAPIClient.Answer?
        /// The decoded document answer, for an accepted capture.
        package var document: FortfaceAPIClient.DocumentAnswer?

        /// The SDK error's details, for the `error` action.
        package var details: SessionDetailsModel? {
            result.sessionDetails.flatMap { try? JSONDecoder().decode(SessionDetailsModel.self, from: $0) }
        }
    }

    /// Why the flow stopped before a session could run.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        case device(FortfaceException)
        case api(FortfaceAPIClient.Failure)
        case adminTokenNeeded
        case credentialsNotSaved(String)

        package var description: String {
            switch self {
            case let .device(error): return error.message
            case let .api(failure): return failure.description
            case .adminTokenNeeded:
                return "This device has no Fortface credentials for the app, and no admin token was given to "
                    + "provision it: pass --data-dir of a local server or set CAPTUREKIT_ADMIN_TOKEN."
            case let .credentialsNotSaved(why): return "The device credentials could not be saved (\(why))."
            }
        }
    }

    /// Runs one or both sides; stops after a side that is not an accepted capture.
    package func run(progress: @Sendable (String) -> Void = { _ in }) async throws(Failure) -> [SideResult] {
        var freshlyProvisioned = try await ensureDevice(progress: progress)
        var results: [SideResult] = []
        var previous: DocumentTypeEnum?
        var documentId: String?
        for index in 0..<(bothSides ? 2 : 1) {
            let side = index == 0 ? "front" : "back"
            // 1. The app: a fresh deviceRequestInfo. 2. Its backend: the handshake.
            let handshake = try await handshake(freshlyProvisioned: &freshlyProvisioned, progress: progress)
            progress("\(side): handshake done, session \(handshake.sessionId.prefix(6))…")
            // 3. The app: the session, with the key exactly as received.
            let result = await runSession(index: index, handshake: handshake, previous: previous)
            var sideResult = SideResult(side: side, result: result)
            progress("\(side): session ended with \(result.action.rawValue)")
            // 4. Its backend: the payload to the API.
            switch result.action {
            case .capture, .cancel, .timeout:
                let answer: FortfaceAPIClient.Answer
                do {
                    answer = try await api.submit(
                        apiKey: apiKey, sessionId: handshake.sessionId,
                        sdkData: result.data ?? Data(), documentId: documentId,
                        toMetrics: result.action != .capture)
                } catch { throw .api(error) }
                sideResult.answer = answer
                if result.action == .capture, (200..<300).contains(answer.status) {
                    sideResult.document = try? JSONDecoder().decode(
                        FortfaceAPIClient.DocumentAnswer.self,
                        from: answer.body)
                }
            case .deniedCamera, .error:
                break
            }
            results.append(sideResult)
            guard let document = sideResult.document else { break }
            previous = DocumentTypeEnum(rawValue: document.providers.fortfaceSdk.type)
            documentId = document.documentId
        }
        return results
    }

    /// The handshake; a device token refused after credentials were loaded from disk (a device
    /// certified by another server's device CA) provisions the device again, once.
    private func handshake(
        freshlyProvisioned: inout Bool, progress: @Sendable (String) -> Void
    )
        async
        throws(Failure) -> FortfaceAPIClient.Handshake
    {
        let failure: FortfaceAPIClient.Failure
        do {
            return try await api.handshake(apiKey: apiKey, deviceRequestInfo: try deviceRequestInfo())
        } catch let error as FortfaceAPIClient.Failure {
            failure = error
        } catch let error as Failure {
            throw error
        } catch {
            throw .api(.unreachable("\(error)"))
        }
        guard case .refused(_, "deviceRequestInfoRefused", _) = failure, !freshlyProvisioned, adminToken != nil else {
            throw .api(failure)
        }
        progress("the API refused this device's token: provisioning the device again")
        try await provision(progress: progress)
        freshlyProvisioned = true
        do {
            return try await api.handshake(apiKey: apiKey, deviceRequestInfo: try deviceRequestInfo())
        } catch let error as FortfaceAPIClient.Failure {
            throw .api(error)
        } catch let error as Failure {
            throw error
        } catch {
            throw .api(.unreachable("\(error)"))
        }
    }

    private func deviceRequestInfo() throws(Failure) -> String {
        let environment = DeviceRequestEnvironment(
            integrity: integrity, attestation: store, deployment: deployment,
            appId: appId)
        do {
            return try FortfaceSDK.start(isDebugMode: isDebugMode, environment: environment)
        } catch {
            throw .device(error)
        }
    }

    /// Loads the device credentials, provisioning when there are none for `appId`; true when provisioned now.
    private func ensureDevice(progress: @Sendable (String) -> Void) async throws(Failure) -> Bool {
        if let credentials = try? store.deviceCredentials(), DeviceCredentialStore.endorsedApp(of: credentials) == appId
        {
            return false
        }
        try await provision(progress: progress)
        return true
    }

    private func provision(progress: @Sendable (String) -> Void) async throws(Failure) {
        guard let adminToken else { throw .adminTokenNeeded }
        let credentials: DeviceCredentials
        do {
            credentials = try await api.provisionDevice(adminToken: adminToken, app: appId)
        } catch { throw .api(error) }
        do {
            try store.save(credentials)
        } catch {
            throw .credentialsNotSaved("\(error)")
        }
        progress("device provisioned for \(appId): credentials in \(store.file.path)")
    }

    @MainActor
    private func runSession(
        index: Int, handshake: FortfaceAPIClient.Handshake, previous: DocumentTypeEnum?
    ) async
        -> SessionEngineResult
    {
        var configuration = sessionConfiguration
        let mode: DocSessionRequest.Mode
        switch source {
        case let .upload(paths):
            configuration.files = LocalFileProvider(path: index < paths.count ? paths[index] : nil)
            mode = .upload(photoGallery: false)
        case let .camera(camera):
            configuration.camera = camera
            mode = .camera(geolocation: false)
        }
        let request = DocSessionRequest(
            sessionId: handshake.sessionId, sessionKey: handshake.sessionKey,
            documentTypes: [], previousDocType: previous, mode: mode)
        let handle = FortfaceManagerSession.start(
            engine: FlowEngine(), request: request, orientationManager: nil,
            configuration: configuration)
        return await handle.result
    }
}

/// The engine of the flow: the result is read from the session handle, so it has nothing to do.
@MainActor
private final class FlowEngine: IFortfaceEngine {
    func finishedSessionEngine(sessionEngineResult: SessionEngineResult) {}
}
