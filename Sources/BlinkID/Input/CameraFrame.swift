/// A camera frame with the region to process and the device orientation at capture.
///
/// The guide marks its Apple counterpart `@unchecked Sendable` because it holds a `CMSampleBuffer`;
/// here the buffer is an immutable value, so the frame is plainly `Sendable`.
public struct CameraFrame: Sendable {
    /// The frame's pixels.
    public let buffer: MBSampleBufferWrapper
    /// The region of interest, normalised to the upright frame.
    public let roi: RegionOfInterest
    /// How the device was held.
    public let orientation: CameraFrameVideoOrientation

    public init(
        buffer: MBSampleBufferWrapper,
        roi: RegionOfInterest = RegionOfInterest(),
        orientation: CameraFrameVideoOrientation = .portrait
    ) {
        self.buffer = buffer
        self.roi = roi
        self.orientation = orientation
    }

    /// Width of the buffer in pixels (before rotation to upright).
    public var width: Int { buffer.width }
    /// Height of the buffer in pixels (before rotation to upright).
    public var height: Int { buffer.height }
}
