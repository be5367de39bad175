package import CaptureCore

/// The try-on pipeline for one camera stream: tracks the face (``FaceTracker``), estimates the
/// head pose (``HeadPoseEstimator``, starting from the last frame's pose) and draws the current
/// frame model on it (``EyewearRenderer``).
///
/// The camera is assumed from the frame size (``PinholeCamera/assumed(width:height:horizontalFieldOfView:)``)
/// unless one is given; a change of frame size re-derives it. A value type: one per stream.
package struct TryOnPipeline: Sendable {
    /// What one frame gave.
    package struct Output: Sendable {
        /// The tracker's answer (its face is nil when no face is tracked).
        package var tracking: FaceTrackingResult
        /// The head pose, when a face is tracked and the fit succeeded.
        package var pose: HeadPose?
        /// Where the frame model was drawn, when it was.
        package var placement: EyewearPlacement?
        /// CPU seconds spent on pose and drawing (the tracker's own stages are in `tracking.timings`).
        package var renderingSeconds: Double
    }

    package private(set) var tracker: FaceTracker
    /// The wearer's pupillary distance, mm (63: the adult average; set the measured one when known).
    package var pupillaryDistance: Double {
        didSet { cameraSize = nil }
    }
    /// A known camera, or nil to assume one from the frame size.
    package var knownCamera: PinholeCamera? {
        didSet { cameraSize = nil }
    }

    private var estimator: HeadPoseEstimator
    /// The generic head the pose fit uses (before scaling to the pupillary distance).
    private let faceModel: GenericFaceModel
    private var renderer: EyewearRenderer
    private var cameraSize: (width: Int, height: Int)?
    private var previousPose: HeadPose?

    package init(
        backend: any LandmarkBackend, configuration: FaceTrackerConfiguration = FaceTrackerConfiguration(),
        pupillaryDistance: Double = GenericFaceModel.modelPupillaryDistance, camera: PinholeCamera? = nil,
        faceModel: GenericFaceModel = .standard
    ) {
        self.tracker = FaceTracker(backend: backend, configuration: configuration)
        self.pupillaryDistance = pupillaryDistance
        self.knownCamera = camera
        self.faceModel = faceModel
        let initial = camera ?? PinholeCamera.assumed(width: 1280, height: 720)
        self.estimator = HeadPoseEstimator(camera: initial, pupillaryDistance: pupillaryDistance, faceModel: faceModel)
        self.renderer = EyewearRenderer(camera: initial, pupillaryDistance: pupillaryDistance)
    }

    /// Forgets the face (after `restartFaceDetection()`): the next frame searches the full frame.
    package mutating func reset() {
        tracker.reset()
        previousPose = nil
    }

    /// Tracks the face in `image` (taken at `timestamp` seconds) and, when `asset` is given and a
    /// face is tracked, draws the frame model onto `image`.
    package mutating func process(
        _ image: inout RGBAImage, at timestamp: Double, asset: EyewearAsset?
    )
        throws(FaceEngineError) -> Output
    {
        let tracking = try tracker.process(image, at: timestamp)
        let start = ThreadCPUTime.now()
        prepareCamera(width: image.width, height: image.height)
        guard let face = tracking.face else {
            previousPose = nil
            return Output(tracking: tracking, pose: nil, placement: nil, renderingSeconds: ThreadCPUTime.now() - start)
        }
        let pose = estimator.estimate(from: face.landmarks, previous: previousPose)
        previousPose = pose
        var placement: EyewearPlacement?
        if let pose, let asset {
            placement = renderer.placement(of: asset, pose: pose, landmarks: face.landmarks)
            if let placement { renderer.render(asset, at: placement, onto: &image) }
        }
        return Output(
            tracking: tracking, pose: pose, placement: placement,
            renderingSeconds: ThreadCPUTime.now() - start)
    }

    private mutating func prepareCamera(width: Int, height: Int) {
        if let size = cameraSize, size.width == width, size.height == height { return }
        let camera = knownCamera ?? PinholeCamera.assumed(width: width, height: height)
        estimator = HeadPoseEstimator(camera: camera, pupillaryDistance: pupillaryDistance, faceModel: faceModel)
        renderer = EyewearRenderer(camera: camera, pupillaryDistance: pupillaryDistance)
        cameraSize = (width, height)
        previousPose = nil
    }
}
