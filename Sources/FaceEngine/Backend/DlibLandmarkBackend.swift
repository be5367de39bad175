internal import CDlibShim
package import CaptureCore

/// The ``LandmarkBackend`` on Debian's dlib 19.24: its HOG frontal face detector and a 68-point
/// shape predictor, through the `CDlibShim` C interface.
///
/// **Licence of the default model.** `/usr/share/dlib/shape_predictor_68_face_landmarks.dat`
/// (package `libdlib-data`) was trained on the iBUG 300-W annotations, whose licence excludes
/// commercial use. A commercial product must supply its own model (another dlib shape predictor
/// through `modelPath`, or another ``LandmarkBackend``).
///
/// Loading the model takes one to two seconds and about 150 MB at its peak (the shim converts the
/// trees to a compact layout and frees dlib's copy); create one backend and share it.
///
/// Thread safety: the predictor is immutable after loading and is used from any thread without a
/// lock; dlib's detector keeps scratch buffers in the object, so detection calls are serialised
/// by a lock (two threads detecting at once take turns).
package final class DlibLandmarkBackend: LandmarkBackend {
    /// Where Debian's `libdlib-data` installs the 68-point model.
    package static let defaultModelPath = "/usr/share/dlib/shape_predictor_68_face_landmarks.dat"

    /// The model file this backend loaded.
    package let modelPath: String
    package let meanShape: [Point2D]

    private let predictor: PredictorHandle
    private let detector: Locked<DetectorHandle>

    /// Loads the shape predictor at `modelPath` and creates a detector.
    /// - Throws: ``FaceEngineError/modelNotFound(path:)`` when the file is missing,
    ///   ``FaceEngineError/modelUnreadable(path:reason:)`` when it is not a dlib shape predictor
    ///   with 68 points.
    package init(modelPath: String = DlibLandmarkBackend.defaultModelPath) throws(FaceEngineError) {
        self.modelPath = modelPath
        var rawPredictor: OpaquePointer?
        let status = dlib_shim_predictor_create(modelPath, &rawPredictor)
        guard status == Int32(DLIB_SHIM_OK), let rawPredictor else {
            switch status {
            case Int32(DLIB_SHIM_ERROR_MODEL_NOT_FOUND): throw .modelNotFound(path: modelPath)
            case Int32(DLIB_SHIM_ERROR_OUT_OF_MEMORY): throw .outOfMemory
            default: throw .modelUnreadable(path: modelPath, reason: Self.lastError())
            }
        }
        let predictor = PredictorHandle(rawPredictor)
        let parts = Int(dlib_shim_predictor_part_count(rawPredictor))
        guard parts == FaceLandmarks.count else {
            throw .modelUnreadable(path: modelPath, reason: "it has \(parts) landmarks, not \(FaceLandmarks.count)")
        }
        var shape = [dlib_shim_point](repeating: dlib_shim_point(), count: parts)
        guard dlib_shim_predictor_mean_shape(rawPredictor, &shape, Int32(parts)) == Int32(DLIB_SHIM_OK) else {
            throw .modelUnreadable(path: modelPath, reason: Self.lastError())
        }
        var rawDetector: OpaquePointer?
        guard dlib_shim_detector_create(&rawDetector) == Int32(DLIB_SHIM_OK), let rawDetector else {
            throw .backendFailure(operation: "creating the face detector", reason: Self.lastError())
        }
        self.predictor = predictor
        self.detector = Locked(DetectorHandle(rawDetector))
        self.meanShape = shape.map { Point2D(x: $0.x, y: $0.y) }
    }

    package func detectFaces(
        in image: GrayImage, upsample: Int = 0, minimumScore: Double = 0
    )
        throws(FaceEngineError) -> [FaceDetection]
    {
        guard !image.isEmpty else { throw .invalidInput("the image to search is empty") }
        guard (0...3).contains(upsample) else { throw .invalidInput("upsample must be 0 to 3") }
        guard minimumScore.isFinite else { throw .invalidInput("the minimum score must be finite") }
        let capacity = 32
        var found = [dlib_shim_detection](repeating: dlib_shim_detection(), count: capacity)
        var count: Int32 = 0
        let status = detector.withLock { handle in
            image.pixels.withUnsafeBufferPointer { pixels in
                dlib_shim_detect(
                    handle.pointer, pixels.baseAddress, Int32(image.width), Int32(image.height),
                    Int32(image.width), Int32(upsample), minimumScore, &found, Int32(capacity), &count)
            }
        }
        try Self.check(status, operation: "detecting faces")
        return found.prefix(min(Int(count), capacity)).map {
            FaceDetection(
                box: FaceBox(
                    left: $0.rect.left, top: $0.rect.top, right: $0.rect.right,
                    bottom: $0.rect.bottom), score: $0.score)
        }
    }

    package func landmarks(in image: GrayImage, box: FaceBox) throws(FaceEngineError) -> FaceLandmarks {
        guard !image.isEmpty else { throw .invalidInput("the image is empty") }
        var points = [dlib_shim_point](repeating: dlib_shim_point(), count: FaceLandmarks.count)
        let rect = dlib_shim_rect(left: box.left, top: box.top, right: box.right, bottom: box.bottom)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            dlib_shim_landmarks(
                predictor.pointer, pixels.baseAddress, Int32(image.width), Int32(image.height),
                Int32(image.width), rect, &points, Int32(points.count))
        }
        try Self.check(status, operation: "fitting landmarks")
        return try Self.landmarks(from: points)
    }

    package func landmarks(
        in image: RGBAImage, placement: SimilarityTransform
    ) throws(FaceEngineError)
        -> FaceLandmarks
    {
        guard image.width > 0, image.height > 0 else { throw .invalidInput("the image is empty") }
        var points = [dlib_shim_point](repeating: dlib_shim_point(), count: FaceLandmarks.count)
        let affine = dlib_shim_affine(
            a: placement.a, b: -placement.b, c: placement.b, d: placement.a,
            tx: placement.tx, ty: placement.ty)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            dlib_shim_landmarks_placed(
                predictor.pointer, pixels.baseAddress, Int32(image.width),
                Int32(image.height), Int32(image.width * 4), Int32(DLIB_SHIM_RGBA8),
                affine, &points, Int32(points.count))
        }
        try Self.check(status, operation: "fitting landmarks")
        return try Self.landmarks(from: points)
    }

    private static func landmarks(from points: [dlib_shim_point]) throws(FaceEngineError) -> FaceLandmarks {
        guard let landmarks = FaceLandmarks(points: points.map { Point2D(x: $0.x, y: $0.y) }) else {
            throw .backendFailure(operation: "fitting landmarks", reason: "the model returned non-finite points")
        }
        return landmarks
    }

    private static func check(_ status: Int32, operation: String) throws(FaceEngineError) {
        switch status {
        case Int32(DLIB_SHIM_OK): return
        case Int32(DLIB_SHIM_ERROR_INVALID_ARGUMENT): throw .invalidInput(lastError())
        case Int32(DLIB_SHIM_ERROR_OUT_OF_MEMORY): throw .outOfMemory
        default: throw .backendFailure(operation: operation, reason: lastError())
        }
    }

    private static func lastError() -> String {
        String(cString: dlib_shim_last_error())
    }
}

/// Owns a dlib shape predictor and frees it with the last reference.
private final class PredictorHandle: @unchecked Sendable {
    // @unchecked is safe: the predictor is never modified after creation, and the shim documents
    // dlib_shim_landmarks*() as callable on one predictor from several threads at once.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { dlib_shim_predictor_destroy(pointer) }
}

/// Owns a dlib face detector; only ever used inside `DlibLandmarkBackend`'s lock.
private final class DetectorHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { dlib_shim_detector_destroy(pointer) }
}
