package import CaptureCore
package import FaceEngine
package import Foundation

/// Everything ``FBxManager`` takes from its surroundings, injectable for tests and tools: where it
/// keeps files, which keys it trusts, its clocks, the camera permission and the frame source, and
/// the face engine's settings. ``standard`` is what `FBxManager.shared` uses.
package struct FBxDependencies: Sendable {
    /// Environment variable naming the camera device or video file (default `/dev/video0`).
    package static let cameraEnvironmentVariable = "CAPTUREKIT_CAMERA"

    /// Extracted resources (`resources/`) and the cached licence answer (`licence/`) live here.
    package var dataDirectory: URL
    /// Where the licence answer is cached instead of `<dataDirectory>/licence` (nil: there).
    package var licenceCacheDirectory: URL?
    /// Keys that sign licence answers, besides the configuration's (default: none). The development
    /// key is dropped from it unless the configuration allows development licences.
    package var keyring: JWSKeyring
    /// Wall-clock time, for the licence's grace period.
    package var now: @Sendable () -> Date
    /// Drives the face-detection timeouts.
    package var clock: any Clock<Duration>
    /// Reports the camera permission at `start()`.
    package var permissionProvider: any FBxCameraPermissionProvider
    /// Opens the camera (or what stands in for it) at `start()`.
    package var makeFrameSource: @Sendable () throws(FBxError) -> any FrameSource
    /// The resources compiled into the SDK.
    package var resources: FBxEmbeddedResources
    /// Loads the landmark backend at the first preparation (default: dlib with Debian's 68-point
    /// model, whose training data is licensed for non-commercial use only, see docs/fbx.md).
    package var makeLandmarkBackend: @Sendable () throws(FaceEngineError) -> any LandmarkBackend
    package var trackerConfiguration: FaceTrackerConfiguration
    package var faceDetectionConfiguration: FaceDetectionStateMachine.Configuration
    /// The wearer's pupillary distance, mm.
    package var pupillaryDistance: Double
    /// Texture resolution of painted frames.
    package var framePixelsPerMillimetre: Double
    /// Longest wait for the server, seconds.
    package var httpTimeout: TimeInterval

    package init(
        dataDirectory: URL = FBxDataDirectory.default, keyring: JWSKeyring = JWSKeyring(),
        now: @escaping @Sendable () -> Date = { Date() }, clock: any Clock<Duration> = ContinuousClock(),
        permissionProvider: any FBxCameraPermissionProvider,
        makeFrameSource:
            @escaping @Sendable () throws(FBxError)
            -> any FrameSource,
        resources: FBxEmbeddedResources = .standard,
        makeLandmarkBackend: @escaping @Sendable () throws(FaceEngineError) -> any LandmarkBackend = {
            () throws(FaceEngineError) -> any LandmarkBackend in try DlibLandmarkBackend()
        },
        trackerConfiguration: FaceTrackerConfiguration = FaceTrackerConfiguration(),
        faceDetectionConfiguration: FaceDetectionStateMachine.Configuration = .init(),
        pupillaryDistance: Double = GenericFaceModel.modelPupillaryDistance, framePixelsPerMillimetre: Double = 8,
        httpTimeout: TimeInterval = 15, licenceCacheDirectory: URL? = nil
    ) {
        self.licenceCacheDirectory = licenceCacheDirectory
        self.dataDirectory = dataDirectory
        self.keyring = keyring
        self.now = now
        self.clock = clock
        self.permissionProvider = permissionProvider
        self.makeFrameSource = makeFrameSource
        self.resources = resources
        self.makeLandmarkBackend = makeLandmarkBackend
        self.trackerConfiguration = trackerConfiguration
        self.faceDetectionConfiguration = faceDetectionConfiguration
        self.pupillaryDistance = pupillaryDistance
        self.framePixelsPerMillimetre = framePixelsPerMillimetre
        self.httpTimeout = httpTimeout
    }

    /// The folder of the cached licence answer.
    package var licenceDirectory: URL {
        licenceCacheDirectory ?? dataDirectory.appendingPathComponent("licence", isDirectory: true)
    }

    /// The product's defaults: the camera named by `CAPTUREKIT_CAMERA` (or `/dev/video0`) read
    /// through ffmpeg, its permission from device access, the XDG data folder, no key
    /// beyond the configuration's.
    package static var standard: FBxDependencies {
        let camera =
            ProcessInfo.processInfo.environment[cameraEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/dev/video0"
        return FBxDependencies(
            permissionProvider: DeviceAccessPermissionProvider(path: camera),
            makeFrameSource: { () throws(FBxError) -> any FrameSource in FFmpegVideoSource(input: camera) }
        )
    }
}
