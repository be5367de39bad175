#if canImport(UIKit) && canImport(AVFoundation)
public import AVFoundation
public import CaptureCore
import CoreVideo

/// The iOS camera as a frame provider: asks for permission (refusal ends the session with
/// `deniedCamera`) and delivers the back camera's BGRA frames as RGBA ``Frame``s. The capture
/// screen (``FortfaceCaptureViewController``) shows `previewLayer` over it.
public final class AVCaptureCamera: NSObject, FortfaceCameraProvider, AVCaptureVideoDataOutputSampleBufferDelegate,
    @unchecked Sendable
{
    // @unchecked: `session` is configured once in `openCamera` before frames flow, and frames are
    // delivered on the private serial `queue` only; `continuation` is guarded by `lock`.
    public let session = AVCaptureSession()
    private let queue = DispatchQueue(label: "capturekit.fortface.camera")
    private let lock = NSLock()
    private var continuation: AsyncThrowingStream<Frame, any Error>.Continuation?
    private var index = 0

    public override init() {}

    /// Why the camera could not be opened.
    public enum AccessError: Error { case denied, unavailable }

    public func openCamera() async throws -> AsyncThrowingStream<Frame, any Error> {
        guard await AVCaptureDevice.requestAccess(for: .video) else { throw AccessError.denied }
        guard let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back),
            let input = try? AVCaptureDeviceInput(device: device)
        else { throw AccessError.unavailable }
        let output = AVCaptureVideoDataOutput()
        output.videoSettings = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
        output.setSampleBufferDelegate(self, queue: queue)
        session.beginConfiguration()
        session.sessionPreset = .hd1280x720
        guard session.canAddInput(input), session.canAddOutput(output) else { throw AccessError.unavailable }
        session.addInput(input)
        session.addOutput(output)
        session.commitConfiguration()
        let (stream, continuation) = AsyncThrowingStream<Frame, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        lock.withLock { self.continuation = continuation }
        continuation.onTermination = { [session] _ in session.stopRunning() }
        queue.async { [session] in session.startRunning() }
        return stream
    }

    public func captureOutput(
        _ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer,
        from connection: AVCaptureConnection
    ) {
        guard let buffer = CMSampleBufferGetImageBuffer(sampleBuffer) else { return }
        CVPixelBufferLockBaseAddress(buffer, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        let width = CVPixelBufferGetWidth(buffer), height = CVPixelBufferGetHeight(buffer)
        let stride = CVPixelBufferGetBytesPerRow(buffer)
        guard let base = CVPixelBufferGetBaseAddress(buffer)?.assumingMemoryBound(to: UInt8.self) else { return }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * stride + x * 4, d = (y * width + x) * 4
                pixels[d] = base[s + 2]
                pixels[d + 1] = base[s + 1]
                pixels[d + 2] = base[s]
            }
        }
        guard let image = try? RGBAImage(width: width, height: height, pixels: pixels) else { return }
        index += 1
        let frame = Frame(
            index: index, timestamp: CMSampleBufferGetPresentationTimeStamp(sampleBuffer).seconds,
            image: image, origin: "camera#\(index)")
        _ = lock.withLock { continuation }?.yield(frame)
    }
}
#endif
