#if canImport(AVFoundation) && canImport(SwiftUI)
public import AVFoundation
public import CoreMedia

/// Owns the `AVCaptureSession` off the main actor: configuration, start, stop, torch.
actor CaptureService {
    nonisolated let session = AVCaptureSession()
    private let output = AVCaptureVideoDataOutput()
    private let delegate = SampleBufferDelegate()
    private let queue = DispatchQueue(label: "capturekit.camera.frames")
    private var device: AVCaptureDevice?

    /// Frames from the configured camera (the newest one is kept when the consumer is busy).
    nonisolated var frames: AsyncStream<CMSampleBuffer> { delegate.frames }

    func start() throws {
        if device == nil { try configure() }
        if !session.isRunning { session.startRunning() }
    }

    func stop() {
        if session.isRunning { session.stopRunning() }
    }

    func setTorch(_ on: Bool) throws {
        guard let device, device.hasTorch else { return }
        try device.lockForConfiguration()
        device.torchMode = on ? .on : .off
        device.unlockForConfiguration()
    }

    private func configure() throws {
        guard let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back) else {
            throw CameraError.unavailable
        }
        let input = try AVCaptureDeviceInput(device: camera)
        session.beginConfiguration()
        defer { session.commitConfiguration() }
        session.sessionPreset = .hd1920x1080
        guard session.canAddInput(input), session.canAddOutput(output) else { throw CameraError.unavailable }
        session.addInput(input)
        output.alwaysDiscardsLateVideoFrames = true
        output.videoSettings = [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
        ]
        output.setSampleBufferDelegate(delegate, queue: queue)
        session.addOutput(output)
        device = camera
    }
}

/// Why the camera cannot be used.
public enum CameraError: Error, Sendable, CustomStringConvertible {
    /// No back camera, or it cannot be configured (in use, or no permission).
    case unavailable

    public var description: String {
        "The camera is unavailable: allow camera access in Settings, or close other apps using it."
    }
}

/// Forwards sample buffers into an `AsyncStream` (newest kept).
final class SampleBufferDelegate: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate, Sendable {
    let frames: AsyncStream<CMSampleBuffer>
    private let continuation: AsyncStream<CMSampleBuffer>.Continuation

    override init() {
        (frames, continuation) = AsyncStream.makeStream(of: CMSampleBuffer.self, bufferingPolicy: .bufferingNewest(1))
        super.init()
    }

    func captureOutput(
        _ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer,
        from connection: AVCaptureConnection
    ) {
        continuation.yield(sampleBuffer)
    }
}

/// The scanning screen's camera: a main-actor facade over ``CaptureService``.
@MainActor
public final class Camera: ObservableObject {
    private let service = CaptureService()
    /// Whether the torch is on.
    @Published public private(set) var isTorchOn = false
    /// The last camera error, if starting failed.
    @Published public private(set) var error: CameraError?

    public init() {}

    /// The capture session, for the preview layer.
    public nonisolated var session: AVCaptureSession { service.session }

    /// Camera frames, as the guide's analyze loop reads them.
    public var sampleBuffer: AsyncStream<CMSampleBuffer> { service.frames }

    /// Starts the camera; a failure is published in ``error``.
    public func start() async {
        do {
            try await service.start()
        } catch {
            self.error = .unavailable
        }
    }

    /// Stops the camera.
    public func stop() async {
        await service.stop()
    }

    /// Turns the torch on or off.
    public func setTorch(_ on: Bool) async {
        do {
            try await service.setTorch(on)
            isTorchOn = on
        } catch {
            isTorchOn = false
        }
    }
}
#endif
