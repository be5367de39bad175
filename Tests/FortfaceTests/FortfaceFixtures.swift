import CaptureCore
import Crypto
import FortfaceWire
import Foundation
import _CryptoExtras

@testable import Fortface

/// Keys generated once per test process (never committed), frames, files and session helpers.
enum FortfaceFixtures {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let app = "com.example.bank"
    static let sessionId = "nMIIBIjANBgkqhkiG9w0BAQ"
    static let authority = DeviceCertificateAuthority(kid: "device-ca-test", privateKey: .init())

    /// One RSA-2048 session key for the whole process.
    static let sessionPrivateKeyDER: Data =
        (try? _RSA.Encryption.PrivateKey(keySize: .bits2048).derRepresentation) ?? Data()

    static func sessionPrivateKey() throws -> _RSA.Encryption.PrivateKey {
        try _RSA.Encryption.PrivateKey(derRepresentation: sessionPrivateKeyDER)
    }

    /// The session key PEM as the API sends it (LF line endings, trailing newline).
    static func sessionKeyPEM() throws -> String {
        try sessionPrivateKey().publicKey.pemRepresentation + "\n"
    }

    static func credentials(app: String = app) throws -> DeviceCredentials {
        let key = P256.Signing.PrivateKey()
        let certificate = try DeviceCertificate.issue(
            devicePublicKey: key.publicKey, app: app, issuedAt: now.addingTimeInterval(-3600), validity: 86_400,
            authority: authority)
        return DeviceCredentials(signingKey: key, certificate: certificate)
    }

    /// Opens a session result's `{key, data, imgData}` with the session's private key.
    static func open(_ result: SessionEngineResult, sessionId: String = sessionId) throws -> OpenedPayload {
        let payload = try JSONDecoder().decode(SealedPayload.self, from: result.data ?? Data())
        return try PayloadOpener.open(payload, sessionId: sessionId, privateKey: try sessionPrivateKey())
    }

    /// The decoded session details of an error result.
    static func details(_ result: SessionEngineResult) throws -> SessionDetailsModel {
        try JSONDecoder().decode(SessionDetailsModel.self, from: result.sessionDetails ?? Data())
    }

    /// A small RGBA frame.
    static func frame(_ index: Int) -> Frame {
        Frame(
            index: index, timestamp: Double(index) / 30, image: RGBAImage(width: 64, height: 48),
            origin: "test#\(index)")
    }

    /// A repository file (samples).
    static func repositoryFile(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(path)
    }

    /// A configuration with a manual clock, a frame source and a judge that capture after `capturableFrom`.
    static func configuration(
        clock: ManualClock = ManualClock(), camera: (any FortfaceCameraProvider)? = nil,
        files: (any FortfaceFileProvider)? = nil, hideBackButton: Bool = false, timeoutSeconds: Int = 20,
        judge: any CaptureFrameJudge = IndexJudge(capturableFrom: 0)
    ) -> FortfaceSessionConfiguration {
        var configuration = FortfaceSessionConfiguration(
            customization: FortfaceCustomization(timeoutSeconds: timeoutSeconds, hideBackButton: hideBackButton),
            camera: camera ?? FrameSourceCamera(source: ListedFrames(count: 10)), files: files)
        configuration.clock = clock
        configuration.now = { now }
        configuration.judge = judge
        return configuration
    }

    static func request(
        mode: DocSessionRequest.Mode = .camera(geolocation: false), sessionKey: String? = nil,
        previous: DocumentTypeEnum? = nil
    ) throws -> DocSessionRequest {
        DocSessionRequest(
            sessionId: sessionId, sessionKey: try sessionKey ?? sessionKeyPEM(),
            documentTypes: [.RG_FRONT, .CNH_FRONT, .PASSPORT], previousDocType: previous, mode: mode)
    }

    /// A minimal PDF whose padding stream makes the file exactly `size` bytes (at least ~400).
    static func pdf(size: Int? = nil) -> Data {
        func build(padding: Int) -> Data {
            var out = "%PDF-1.4\n"
            var offsets: [Int] = []
            func object(_ body: String) {
                offsets.append(out.utf8.count)
                out += "\(offsets.count) 0 obj\n\(body)\nendobj\n"
            }
            object("<< /Type /Catalog /Pages 2 0 R >>")
            object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>")
            let content = String(repeating: "%", count: padding)
            object("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
            let xref = out.utf8.count
            out += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f\r\n"
            for offset in offsets { out += String(format: "%010d 00000 n\r\n", offset) }
            out += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
            return Data(out.utf8)
        }
        guard let size else { return build(padding: 16) }
        let base = build(padding: 0).count
        var padded = build(padding: size - base)
        // The offsets' digits are fixed width, but the /Length and startxref digits may grow.
        padded = build(padding: size - base - (padded.count - size))
        return padded
    }
}

/// Frames from memory: `count` frames, then the stream ends (or, with `hangs`, waits until cancelled).
struct ListedFrames: FrameSource {
    var count: Int
    var hangs = false
    var name: String { "listed" }

    func frames() -> AsyncThrowingStream<Frame, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Frame, any Error>.makeStream()
        for i in 0..<count { continuation.yield(FortfaceFixtures.frame(i)) }
        if !hangs { continuation.finish() }
        // A hanging stream ends when its consumer is cancelled.
        continuation.onTermination = { _ in }
        return stream
    }
}

/// The engine's verdict by frame index (the real engine is tested in ``DocumentScannerJudgeTests``).
struct IndexJudge: CaptureFrameJudge {
    var capturableFrom: Int
    var type: DocumentTypeEnum? = .UNDEFINED

    func judge(_ frame: Frame) -> FrameVerdict {
        FrameVerdict(isCapturable: frame.index >= capturableFrom, documentType: type)
    }
}

/// Counts the frames judged.
struct CountingJudge: CaptureFrameJudge {
    var inner: any CaptureFrameJudge
    let count = Locked(0)

    func judge(_ frame: Frame) -> FrameVerdict {
        defer { count.withLock { $0 += 1 } }
        return inner.judge(frame)
    }
}

/// An engine that records what it receives.
@MainActor
final class RecordingEngine: IFortfaceEngine {
    var results: [SessionEngineResult] = []

    func finishedSessionEngine(sessionEngineResult: SessionEngineResult) {
        results.append(sessionEngineResult)
    }
}

/// An orientation manager that records its calls.
@MainActor
final class RecordingOrientationManager: IFortfaceOrientationManager {
    var calls: [FortfaceOrientationMask] = []

    func lockOrientation(_ orientation: FortfaceOrientationMask, andRotateTo rotateOrientation: FortfaceOrientation) {
        calls.append(orientation)
    }
}
