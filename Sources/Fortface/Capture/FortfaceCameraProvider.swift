/// Where a capture session's frames come from (the camera). On Linux: ``FrameSourceCamera``.
///
/// The session reads frames until it captures, is cancelled or times out, and then stops reading
/// (which ends the stream). If opening fails, or the stream fails before its first frame, the
/// camera counts as not accessible and the session ends with ``SessionEngineAction/deniedCamera``.
public protocol FortfaceCameraProvider: Sendable {
    /// Opens the camera and returns its frames.
    func openCamera() async throws -> AsyncThrowingStream<Frame, any Error>
}
