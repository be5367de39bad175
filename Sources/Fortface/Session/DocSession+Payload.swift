import CaptureCore
import FortfaceWire
import Foundation

extension DocSession {
    /// Seals `outcome` into the result the engine receives: `{key, data, imgData}` for a capture or
    /// upload, `{key, data}` for cancel and timeout; denied camera and errors carry no payload.
    func seal(
        _ outcome: SessionOutcome, startedAt: Date, key: SessionPublicKey, location: LocationFix?
    )
        -> SessionEngineResult
    {
        let status: PayloadMetadata.Status
        var image: Data?
        var mime: String?
        var documentType: DocumentTypeEnum?
        var capturedAt: Date?
        let attempts: Int
        switch outcome {
        case let .captured(captured):
            status = .success
            image = captured.jpeg
            mime = "image/jpeg"
            documentType = captured.documentType
            capturedAt = captured.capturedAt
            attempts = captured.attempts
        case let .uploaded(document):
            status = .success
            image = document.bytes
            mime = document.mime
            capturedAt = configuration.now()
            attempts = 1
        case let .cancelled(count):
            status = .cancelled
            attempts = count
        case let .timedOut(count):
            status = .timeout
            attempts = count
        case .cameraDenied:
            return SessionEngineResult(action: .deniedCamera)
        case let .failed(details):
            return SessionEngineResult(error: details)
        }
        let device = configuration.device
        let metadata = PayloadMetadata(
            sessionId: request.sessionId, status: status,
            side: image == nil ? nil : PayloadMetadata.Side(rawValue: request.side),
            documentType: documentType?.rawValue, expectedType: request.previousDocType?.rawValue,
            mode: request.mode.isUpload ? .upload : .camera,
            mime: mime, sdk: FortfaceSDK.getVersion(),
            device: PayloadMetadata.Device(brand: device.brand, model: device.model, platform: device.platform),
            location: location.map {
                PayloadMetadata.Location(
                    latitude: $0.latitude, longitude: $0.longitude,
                    accuracy: $0.accuracy)
            },
            timings: PayloadMetadata.Timings(
                startedAt: Self.milliseconds(startedAt),
                capturedAt: capturedAt.map(Self.milliseconds)),
            attempts: attempts)
        do {
            let sealed = try PayloadSealer.seal(
                metadata: metadata, image: image, sessionId: request.sessionId,
                sessionKey: key)
            return SessionEngineResult(action: outcome.action, data: sealed.jsonData())
        } catch .fileTooBig {
            return SessionEngineResult(error: .fileSizeTooBig)
        } catch {
            return SessionEngineResult(
                error: SessionDetailsModel(
                    error: .captureFailed, message: "The payload could not be sealed (\(error)). Start a new session."))
        }
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
