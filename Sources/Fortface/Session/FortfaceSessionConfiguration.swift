import CaptureCore
package import Foundation

/// How sessions run: the customisation and, on Linux, where frames and files come from.
/// Set it with ``FortfaceManagerSession/configure(_:)`` before starting a session.
public struct FortfaceSessionConfiguration: Sendable {
    /// Time limit, back button and texts.
    public var customization: FortfaceCustomization
    /// The camera (Linux default: `/dev/video0` through ffmpeg).
    public var camera: any FortfaceCameraProvider
    /// The file or photo gallery for uploads (Linux default: picks nothing).
    public var files: any FortfaceFileProvider

    /// The clock the time limit runs on.
    package var clock: any Clock<Duration> = ContinuousClock()
    /// Wall time for the payload's timings.
    package var now: @Sendable () -> Date = { Date() }
    /// Judges frames for automatic capture (nil: the document engine with its bundled recogniser).
    package var judge: (any CaptureFrameJudge)?
    /// Capturable frames in a row before capturing.
    package var requiredConsecutiveFrames = 3
    /// Where a location comes from when a session asks for one (none on Linux).
    package var location: any FortfaceLocationProvider = NoLocationProvider()
    /// The device described in payloads.
    package var device = DeviceDescription.current

    /// A configuration; anything not given has its default.
    public init(
        customization: FortfaceCustomization = FortfaceCustomization(),
        camera: (any FortfaceCameraProvider)? = nil,
        files: (any FortfaceFileProvider)? = nil
    ) {
        self.customization = customization
        self.camera = camera ?? FrameSourceCamera(source: FFmpegVideoSource(input: "/dev/video0"))
        self.files = files ?? LocalFileProvider(path: nil)
    }
}
